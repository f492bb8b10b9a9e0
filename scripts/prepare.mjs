// The first half of `npm start` (package.json: `node scripts/prepare.mjs && exec node … server.mjs`):
// install what is missing, build the PWA and the server when their sources changed, then exit, so
// that npm runs the built server itself and no launcher stays behind (npm and the server only;
// Ctrl-C reaches the server). The server reads this environment (docs/operations.md, Configuration);
// DATA_DIR defaults to ./data at the repository root.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, ROOT } from './lib/bootstrap.mjs';

ensureDependencies();
ensurePwaBuilt();
ensureServerBuilt();
log(`starting the server (data in ${path.resolve(ROOT, process.env.DATA_DIR || 'data')})`);
