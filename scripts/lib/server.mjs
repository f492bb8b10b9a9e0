// The one way for a script to start the Scentry server: the built bundle, with node, exactly as the
// root package.json's `npm start` execs it (the production line), as a child process. The browser
// journeys (pwa/e2e/support/server.ts) and the benches (scripts/bench*.mjs) launch it through here,
// so they run what ships. Types: server.d.mts beside this file.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from './bootstrap.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_DIR = path.join(ROOT, 'sync-server');

/**
 * The production line's arguments after `node`, e.g. `['--max-semi-space-size=4',
 * 'sync-server/dist/server.mjs']` (relative to ROOT): read from the root package.json's start
 * script (`node scripts/prepare.mjs && exec "$(node scripts/node-path.mjs)" <these>`), its one
 * source. They run under the Node this process runs on (Node 24: scripts/lib/node.mjs).
 * @returns {string[]}
 */
export function productionArgs() {
  const { start } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  const line = /&& exec "\$\(node scripts\/node-path\.mjs\)" (.+)$/.exec(start)?.[1];
  if (!line)
    throw new Error(`package.json: the start script does not end with the server's Node and its arguments: ${start}`);
  return line.trim().split(/\s+/);
}

/** The variables of docs/operations.md's Configuration table (the server reads them; the launcher passes them on). */
export const CONFIG_VARS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL',
  'UPLOADS_DIR',
  'PUBLIC_URL',
  'JWT_SECRET',
  'JWT_TTL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'TRUST_PROXY',
  'TLS_CERT',
  'TLS_KEY',
  'SMTP_URL',
  'MAIL_FROM',
  'EMAILS_PER_RESULT',
  'EMAIL_RECIPIENTS_PER_ADDRESS',
  'PASS_CERT_DIR',
  'PASS_TYPE_ID',
  'PASS_TEAM_ID',
  'PASS_KEY_PASSPHRASE',
  'MAP_TILE_URL',
  'SEED_DEMO',
  'LOG_LEVEL',
  'RATE_LIMITS',
  'RATE_LIMIT_SUBMIT',
  'RATE_LIMIT_READ',
  'REQUEST_TIMEOUT',
  'SHUTDOWN_GRACE_S',
  'METRICS_TOKEN',
  'METRICS_PORT',
  'MAX_CONNECTIONS_PER_ADDRESS',
  'REQUIRE_TOTP',
  'TOTP_KEY',
  'WEBHOOK_TEST_RECEIVER',
];

/**
 * A TCP port that was free a moment ago (the OS picks it; closed again before this resolves).
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The server's environment: `base` (the caller's process.env) plus `overrides`; an override of
 * `undefined` removes the variable (the server then uses its default). DATA_DIR is made absolute
 * (relative to the repository root; default `<root>/data`), PWA_DIST is `<root>/pwa/dist` unless an
 * override gives it. Everything else (PORT, HOST, LOG_LEVEL, the whole Configuration table) passes
 * through untouched.
 * @param {Record<string, string | number | undefined>} [overrides]
 * @param {NodeJS.ProcessEnv} [base]
 * @returns {Record<string, string>}
 */
export function serverEnv(overrides = {}, base = process.env) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = String(value);
  }
  env.DATA_DIR = path.resolve(ROOT, env.DATA_DIR || 'data');
  env.PWA_DIST = overrides.PWA_DIST === undefined ? path.join(ROOT, 'pwa/dist') : String(overrides.PWA_DIST);
  return env;
}

/**
 * The address to reach a server listening on HOST:PORT from this machine. Wildcard and loopback
 * hosts give `localhost` (a secure context for the browser: the camera and the service worker).
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function serverUrl(env) {
  const scheme = env.TLS_CERT && env.TLS_KEY ? 'https' : 'http';
  const port = env.PORT || '3000';
  const host = env.HOST || '0.0.0.0';
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${name}:${port}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node <args>` in `cwd` and tracks it: the generic half of launchServer, also used for the
 * bench's bare Fastify baseline.
 * @param {object} opts
 * @param {string[]} opts.args arguments after `node`
 * @param {string} opts.cwd
 * @param {Record<string, string>} opts.env the child's whole environment
 * @param {string} opts.url where it answers
 * @param {string} [opts.readyPath] path that answers 200 once it is up (waitReady polls it)
 * @param {import('./server.d.mts').OutputMode} [opts.output]
 * @returns {import('./server.d.mts').ServerProcess}
 */
export function launchProcess({ args, cwd, env, url, readyPath = '/', output = 'inherit' }) {
  let captured = '';
  let logFd;
  /** @type {import('node:child_process').StdioOptions} */
  let stdio;
  if (output === 'inherit') stdio = ['ignore', 'inherit', 'inherit'];
  else if (output === 'ignore') stdio = ['ignore', 'ignore', 'ignore'];
  else if (output === 'capture') stdio = ['ignore', 'pipe', 'pipe'];
  else {
    logFd = openSync(output.file, 'a');
    stdio = ['ignore', logFd, logFd];
  }
  const child = spawn(process.execPath, args, { cwd, env, stdio });
  if (logFd !== undefined) closeSync(logFd); // the child holds its own copy
  const keep = (chunk) => {
    captured += chunk;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  /** @type {{ code: number | null; signal: NodeJS.Signals | null } | null} */
  let exitInfo = null;
  let spawnError = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.on('error', (err) => {
      // The process could not be started (then 'exit' never comes), or could not be signalled.
      if (child.pid === undefined) {
        spawnError = err;
        exitInfo = { code: null, signal: null };
        resolve(exitInfo);
      }
    });
  });

  const outputText = () => {
    if (output === 'capture') return captured;
    if (typeof output === 'object') {
      try {
        return readFileSync(output.file, 'utf8');
      } catch {
        return '';
      }
    }
    return '';
  };
  const describeOutput = () => {
    if (output === 'inherit') return ' (its output is above)';
    const text = outputText();
    return text ? `:\n${text.length > 20_000 ? `…${text.slice(-20_000)}` : text}` : ' (no output)';
  };

  return {
    child,
    url,
    env,
    exited,
    output: outputText,
    async waitReady({ timeoutMs = 30_000, intervalMs = 150 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (exitInfo) {
          if (spawnError) throw new Error(`server could not start: ${spawnError.message}`);
          throw new Error(`server exited early (${exitInfo.signal ?? `code ${exitInfo.code}`})${describeOutput()}`);
        }
        try {
          const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) });
          await res.arrayBuffer();
          if (res.status === 200) return;
        } catch {
          /* not up yet */
        }
        if (Date.now() > deadline) {
          throw new Error(`server did not answer ${readyPath} within ${timeoutMs / 1000} s${describeOutput()}`);
        }
        await Promise.race([sleep(intervalMs), exited]);
      }
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (!exitInfo) {
        child.kill('SIGTERM');
        const done = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
        if (!done) child.kill('SIGKILL');
      }
      return exited;
    },
  };
}

/**
 * Starts the Scentry server as `npm start` runs it: the production line (productionArgs) in the
 * repository root, with serverEnv(env) (the caller's environment plus `env`). The bundle is built
 * first when its sources changed (ensureServerBuilt).
 * @param {import('./server.d.mts').LaunchOptions} [opts]
 * @returns {import('./server.d.mts').ServerProcess}
 */
export function launchServer({ env: overrides = {}, output = 'inherit' } = {}) {
  ensureServerBuilt();
  const env = serverEnv(overrides);
  return launchProcess({
    args: productionArgs(),
    cwd: ROOT,
    env,
    url: serverUrl(env),
    readyPath: '/api/health',
    output,
  });
}

/**
 * A bench's own server with the throttles on at their defaults behind a trusted proxy
 * (TRUST_PROXY=127.0.0.1): every Configuration variable of the caller's shell dropped, a fresh
 * DATA_DIR under `tmp` with the demo kit, its output in `<name>-server.log`. `post(route, body,
 * from)` sends JSON as the client at address `from` (X-Forwarded-For). Started and ready.
 * @param {string} tmp
 * @param {string} name
 */
export async function launchProxiedServer(tmp, name) {
  const port = await freePort();
  const dataDir = path.join(tmp, `${name}-data`);
  const server = launchServer({
    env: {
      ...Object.fromEntries(CONFIG_VARS.map((v) => [v, undefined])),
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'on',
      TRUST_PROXY: '127.0.0.1',
    },
    output: { file: path.join(tmp, `${name}-server.log`) },
  });
  try {
    await server.waitReady({ timeoutMs: 60_000 });
  } catch (err) {
    await server.stop();
    throw err;
  }
  const api = `http://127.0.0.1:${port}`;
  /** @param {string} route @param {unknown} body @param {string} from */
  const post = (route, body, from) =>
    fetch(api + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
  return { server, api, post, dataDir };
}
