// The server's own configuration and database code for a script (src/db/tools.ts, bundled into
// sync-server/dist/tools.mjs by the server's build): the script opens and migrates the database
// exactly as the server does, on SQLite or PostgreSQL. The bundle is built first when the sources
// changed (as `npm start` does), so a script never runs older code than the server it serves.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies, ensureServerBuilt, ROOT } from './bootstrap.mjs';

export const TOOLS_BUNDLE = path.join(ROOT, 'sync-server/dist/tools.mjs');

/** The exports of sync-server/src/db/tools.ts. */
export async function serverTools() {
  ensureDependencies();
  ensureServerBuilt();
  return import(pathToFileURL(TOOLS_BUNDLE).href);
}
