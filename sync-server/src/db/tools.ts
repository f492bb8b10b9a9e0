// What the operator's scripts (scripts/admin.mjs, backup.mjs, db-copy.mjs) use of the server's own
// code: the configuration as the server reads it and the database as the server opens and migrates
// it, on SQLite or PostgreSQL. Bundled by build.mjs into dist/tools.mjs (no tsx in production);
// scripts/lib/server-code.mjs imports it after building when the sources changed.
export { sql } from 'kysely';
export { loadConfig, parseDatabaseUrl } from '../config';
export { inTransaction, openDatabase, openDb, openPostgres } from './database';
export { dialectOf } from './dialect';
export { migrateToLatest } from './migrate';
