// pnpm (the pinned version) under the Node the tests and the server run on: the one way to run a
// direct command, e.g. `node scripts/pnpm.mjs --filter @scentry/sync-server exec vitest run src/…`.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { pnpm, run } from './lib/bootstrap.mjs';

process.exit(run(pnpm(), process.argv.slice(2), { check: false, cwd: process.cwd() }));
