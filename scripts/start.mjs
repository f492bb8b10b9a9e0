// `npm start`: install what is missing, build, then serve PWA + API (migrations run at start).
// The server inherits this environment (README's Configuration table); DATA_DIR defaults to ./data.
import { ensureDependencies, ensurePwaBuilt, log } from './lib/bootstrap.mjs';
import { exitWithServer, launchServer } from './lib/server.mjs';

ensureDependencies();
ensurePwaBuilt();

const server = launchServer({ output: 'inherit' });
log(`starting the server (data in ${server.env.DATA_DIR})`);
exitWithServer(server);
