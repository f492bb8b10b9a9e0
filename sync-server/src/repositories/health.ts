import { type Db, pingDatabase } from '../db/database';
import { dialectOf } from '../db/dialect';

/** Which database engine this server runs on: `sqlite`, or `postgres` with DATABASE_URL. */
export const dialectName = (db: Db): 'sqlite' | 'postgres' => dialectOf(db).name;

/** The health check's query: the database answers (a route reaches the database through here). */
export const checkDatabase = (db: Db): Promise<void> => pingDatabase(db);
