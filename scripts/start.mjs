// `npm start`: install what is missing, build, then serve PWA + API (migrations run at start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, log, ROOT } from './lib/bootstrap.mjs';

ensureDependencies();
ensurePwaBuilt();

const env = {
  ...process.env,
  DATA_DIR: path.resolve(ROOT, process.env.DATA_DIR || 'data'),
  PWA_DIST: path.join(ROOT, 'pwa/dist'),
};
log(`starting the server (data in ${env.DATA_DIR})`);
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(ROOT, 'sync-server'),
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
