import { type Db, pingDatabase } from '../db/database';

/** Which database engine this server runs on (PostgreSQL comes with DATABASE_URL, a later change). */
export const DIALECT = 'sqlite' as const;

/** The health check's query: the database answers (a route reaches the database through here). */
export const checkDatabase = (db: Db): Promise<void> => pingDatabase(db);
