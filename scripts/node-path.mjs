// Prints the path of the Node the server runs on (Node 24: the machine's when it is 24, else the
// one provided in .tools/node/). `npm start` runs the built server with it; so can a service manager.
import { serverNode } from './lib/node.mjs';

process.stdout.write(`${serverNode()}\n`);
