import { type Db, pingDatabase } from '../db/database';

/** The health check's query: the database answers (a route reaches the database through here). */
export const checkDatabase = (db: Db): Promise<void> => pingDatabase(db);
