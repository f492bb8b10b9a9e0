// The Node every script, the tests and the server run on: Node 24 LTS. Imported first by each
// entry point (`import './lib/node.mjs'`): on an older Node (a new machine has Node 20, out of
// security support since 2026-04-30) it provides the version pinned in `.node-version` from the
// npm registry (the `node-<platform>-<arch>` package, which ships the headers native modules build
// against) into .tools/node/, then runs the same command again under it and exits with its status.
// Nothing else is downloaded; the machine's Node is left as it is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The pinned version (`.node-version`, as nvm, fnm and others read it). */
export const NODE_VERSION = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
export const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);
const PREFIX = path.join(ROOT, '.tools/node');
const PACKAGE = `node-${process.platform}-${process.arch}`;
/** The provided Node's folder: bin/node, include/node (the headers). */
const HOME = path.join(PREFIX, 'node_modules', PACKAGE);
/** A stable path to the provided Node (what the production line and the systemd unit name). */
export const LOCAL_NODE = path.join(PREFIX, 'bin/node');

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The folder of a Node binary's installation (bin/.., where include/node is when it has headers). */
const homeOf = (nodeBinary) => path.dirname(path.dirname(nodeBinary));

function localVersion() {
  if (!existsSync(LOCAL_NODE)) return null;
  const res = spawnSync(LOCAL_NODE, ['--version'], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim().replace(/^v/, '') : null;
}

/** Installs the pinned Node into .tools/node/ unless it is there already; returns its path. */
export function ensureLocalNode() {
  if (localVersion() === NODE_VERSION) return LOCAL_NODE;
  process.stderr.write(
    `\x1b[36m[scentry]\x1b[0m installing Node ${NODE_VERSION} into .tools/node/ (from the npm registry; this repository only)\n`,
  );
  const res = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      PREFIX,
      `${PACKAGE}@${NODE_VERSION}`,
    ],
    // npm's output on stderr: `node scripts/node-path.mjs` prints only the path on stdout.
    { stdio: ['ignore', 2, 2] },
  );
  if (res.status !== 0) throw new Error(`npm install ${PACKAGE}@${NODE_VERSION} failed`);
  mkdirSync(path.dirname(LOCAL_NODE), { recursive: true });
  rmSync(LOCAL_NODE, { force: true });
  symlinkSync(path.relative(path.dirname(LOCAL_NODE), path.join(HOME, 'bin/node')), LOCAL_NODE);
  if (localVersion() !== NODE_VERSION) throw new Error(`${LOCAL_NODE} does not run as Node ${NODE_VERSION}`);
  return LOCAL_NODE;
}

/** The Node the server and the tests run on: this one when its major is the pinned one, else the provided one. */
export function serverNode() {
  return major(process.version) === NODE_MAJOR ? process.execPath : ensureLocalNode();
}

/**
 * The environment under that Node: its bin first on PATH (pnpm, vitest and every `node` a test
 * starts are that Node), and node-gyp pointed at its headers, never a download.
 */
export function nodeEnv(nodeBinary = serverNode()) {
  const home = homeOf(nodeBinary);
  const env = { PATH: `${path.dirname(nodeBinary)}${path.delimiter}${process.env.PATH ?? ''}` };
  if (existsSync(path.join(home, 'include/node/node.h'))) env.npm_config_nodedir = home;
  return env;
}

if (major(process.version) !== NODE_MAJOR && !process.env.SCENTRY_NODE_REEXEC) {
  // Run this very command again under the pinned Node; forward the signals a terminal or a
  // service manager sends, and end as it ends.
  const node = ensureLocalNode();
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...nodeEnv(node), SCENTRY_NODE_REEXEC: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const { code, signal } = await new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
}
