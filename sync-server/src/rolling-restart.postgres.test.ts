import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KitDoc, ResultDoc } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../scripts/lib/bootstrap.mjs';
import { psql } from '../../scripts/lib/postgres.mjs';
import type { ServerProcess } from '../../scripts/lib/server.d.mts';
import { freePort, launchProcess, productionArgs, ROOT } from '../../scripts/lib/server.mjs';
import { loadPassSigner } from './services/pass-certs';
import { makeTempDir } from './test/helpers';
import { answersFor, resultDoc } from './test/play';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from './test/postgres';

/**
 * Upgrades without an outage (docs/deployment.md, "Upgrading without an outage"): Debian's nginx
 * and Caddy, configured as the docs print it (only the addresses, ports and certificate lines
 * replaced, below), in front of two instances of the built server on one PostgreSQL database.
 * Under a steady load through both proxies (reads, sign-ins, result pushes), each instance is
 * restarted in turn (SIGTERM, wait for the exit, start, wait for its own health), then each again
 * into a newer build with one more migration, the two builds serving side by side meanwhile. Every
 * request must succeed and every pushed result be stored once.
 *
 * ROLLING_NO_DRAIN=1 runs the same with the drain switched off (SHUTDOWN_GRACE_S=0): requests then
 * fail, which shows this test can.
 */

const NGINX = '/usr/sbin/nginx';
const CADDY = '/usr/bin/caddy';
const NO_DRAIN = process.env.ROLLING_NO_DRAIN === '1';
const ADMIN_EMAIL = 'rolling@scentry.test';
const ADMIN_PASSWORD = 'Rolling-Passw0rd!';
const NEXT_MIGRATION = '2099-01-01T0000-rolling-restart-next';
/** The results this test pushes: ids of this prefix (the database is the test's own), counted at the end. */
const RESULT_ID_PREFIX = '7011ed00-5ca1-4e57-9a11-';

const deployment = () => readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');

/** The fenced block of docs/deployment.md that starts with `firstLine` (its text, fences left out). */
function docBlock(markdown: string, firstLine: string): string {
  const blocks = [...markdown.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const block = blocks.find((b) => b.startsWith(firstLine));
  if (!block) throw new Error(`docs/deployment.md: no block starting with ${firstLine}`);
  return block;
}

/** Replaces each `from` (it must be there: the docs' text is what is tested) with `to`. */
function replaced(text: string, pairs: [string | RegExp, string][]): string {
  let out = text;
  for (const [from, to] of pairs) {
    const next = out.replace(from, to);
    if (next === out) throw new Error(`docs/deployment.md changed: ${String(from)} is not in the proxy's block`);
    out = next;
  }
  return out;
}

/** The docs' Caddyfile on this machine: ports on 127.0.0.1, an internal certificate, no admin API, nothing in the trust store. */
function caddyfile(dir: string, port: number, upstreams: number[]): string {
  const site = replaced(docBlock(deployment(), 'scentry.example.org {'), [
    ['scentry.example.org {', `https://127.0.0.1:${port} {\n  bind 127.0.0.1\n  tls internal`],
    ['10.0.0.11:3000 10.0.0.12:3000', upstreams.map((p) => `127.0.0.1:${p}`).join(' ')],
  ]);
  const global = `{\n  admin off\n  skip_install_trust\n  auto_https disable_redirects\n  storage file_system ${path.join(dir, 'storage')}\n}\n`;
  return global + site;
}

/** The docs' nginx block on this machine: plain HTTP on a port of 127.0.0.1, its own prefix. */
function nginxConf(dir: string, port: number, upstreams: number[]): string {
  const block = replaced(docBlock(deployment(), 'upstream scentry {'), [
    ['server 10.0.0.11:3000', `server 127.0.0.1:${upstreams[0]}`],
    ['server 10.0.0.12:3000', `server 127.0.0.1:${upstreams[1]}`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${port};`],
    [/^\s*ssl_certificate\s.*\n/m, ''],
    [/^\s*ssl_certificate_key\s.*\n/m, ''],
  ]);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join('\n');
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    temp,
    block,
    '}',
  ].join('\n');
}

/** A proxy process, stopped at the end; its output kept for a failure's message. */
function startProxy(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

interface Client {
  name: string;
  request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: string }>;
}

function client(name: string, base: string): Client {
  const secure = base.startsWith('https:');
  // Keep-alive, as a browser's connections to the proxy are; Caddy's certificate is its own CA's.
  const agent = secure
    ? new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 8 })
    : new http.Agent({ keepAlive: true, maxSockets: 8 });
  const lib = secure ? https : http;
  return {
    name,
    request: (method, url, body) =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = lib.request(
          `${base}${url}`,
          {
            method,
            agent,
            timeout: 20_000,
            headers: payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {},
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', reject);
        req.end(payload);
      }),
  };
}

/** Waits until `check` holds (polling), or throws with `what`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
}

/** The newer build: the same sources with one more migration (a table added), in dist/rolling-next/. */
async function buildNext(): Promise<string> {
  const outDir = path.join(ROOT, 'sync-server/dist/rolling-next');
  const { buildServer } = await import('../build.mjs');
  const addMigration = {
    name: 'one-more-migration',
    setup(build: {
      onLoad: (o: { filter: RegExp }, cb: (a: { path: string }) => { contents: string; loader: 'ts' }) => void;
    }) {
      build.onLoad({ filter: /[\\/]src[\\/]db[\\/]migrate\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const migration =
          "\nconst rollingNext: Migration = { up: async (db) => { await db.schema.createTable('rolling_restart_next').addColumn('id', 'integer').execute(); } };\n";
        const contents = replaced(source, [
          [
            /^(const migrations: Record<string, Migration> = \{[\s\S]*?)^\};/m,
            `$1  '${NEXT_MIGRATION}': rollingNext,\n};`,
          ],
          [
            /^(const postgresMigrations: Record<string, Migration> = \{[\s\S]*?)^\};/m,
            `$1  '${NEXT_MIGRATION}': rollingNext,\n};`,
          ],
          [/^(\/\*\* Listed explicitly)/m, `${migration}\n$1`],
        ]);
        return { contents, loader: 'ts' };
      });
    },
  };
  await buildServer({ outDir, plugins: [addMigration] });
  return path.join(outDir, 'server.mjs');
}

describe.runIf(testDatabaseUrl())('a rolling restart behind nginx and Caddy', () => {
  let db: TestDatabase;
  let tmp: string;
  const ports: number[] = [];
  /** Each instance's METRICS_PORT: the test reads there that the proxies send it traffic again. */
  const metricsPorts: number[] = [];
  const instances: ServerProcess[] = [];
  const proxies: { child: ChildProcess; output: () => string }[] = [];
  let baseEnv: Record<string, string>;
  let nextServer: string;

  beforeAll(async () => {
    for (const [binary, pkg] of [
      [NGINX, 'nginx'],
      [CADDY, 'caddy'],
    ])
      if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install ${pkg} (npm test installs it)`);
    ensureServerBuilt();
    tmp = makeTempDir('scentry-rolling-');
    db = await makeTestDatabase({ prefix: 'rolling' });
    const shared = path.join(tmp, 'shared');
    mkdirSync(path.join(shared, 'uploads'), { recursive: true });
    // The development pass chain, made once in a folder both instances are given (as a server without DATABASE_URL makes it).
    const passCertDir = loadPassSigner({
      dataDir: shared,
      passCertDir: undefined,
      passTypeId: 'pass.local.scentry',
      passTeamId: 'SCENTRYDEV',
      passKeyPassphrase: undefined,
    }).dir;
    ports.push(await freePort(), await freePort());
    metricsPorts.push(await freePort(), await freePort());
    baseEnv = {
      PATH: process.env.PATH ?? '',
      HOME: tmp,
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATABASE_POOL: '4',
      JWT_SECRET: randomBytes(48).toString('base64'),
      TOTP_KEY: randomBytes(32).toString('base64'),
      PASS_CERT_DIR: passCertDir,
      UPLOADS_DIR: path.join(shared, 'uploads'),
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMITS: 'off',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: '1',
      PWA_DIST: path.join(tmp, 'no-pwa'),
      LOG_LEVEL: 'warn',
      ...(NO_DRAIN ? { SHUTDOWN_GRACE_S: '0' } : {}),
    };
    mkdirSync(baseEnv.PWA_DIST);
    // The newer build is made while the first instance migrates the empty database.
    const next = buildNext();
    for (const [i, port] of ports.entries()) {
      instances[i] = startInstance(i, port, productionArgs());
      await instances[i].waitReady({ timeoutMs: 60_000 });
    }
    nextServer = await next;

    const caddyDir = path.join(tmp, 'caddy');
    const nginxDir = path.join(tmp, 'nginx');
    mkdirSync(caddyDir, { recursive: true });
    mkdirSync(nginxDir, { recursive: true });
    chmodSync(nginxDir, 0o755);
    const caddyPort = await freePort();
    const nginxPort = await freePort();
    writeFileSync(path.join(caddyDir, 'Caddyfile'), caddyfile(caddyDir, caddyPort, ports));
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConf(nginxDir, nginxPort, ports));
    const proxyEnv = { PATH: process.env.PATH, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir };
    proxies.push(
      startProxy(CADDY, ['run', '--config', path.join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], proxyEnv),
      startProxy(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], proxyEnv),
    );
    clients.push(client('Caddy', `https://127.0.0.1:${caddyPort}`), client('nginx', `http://127.0.0.1:${nginxPort}`));
    for (const [i, c] of clients.entries())
      await until(
        `${c.name} to answer (${proxies[i].output().slice(-2000)})`,
        async () => (await c.request('GET', '/api/AppConfig')).status === 200,
      );
  }, 180_000);

  afterAll(async () => {
    for (const p of proxies) p.child.kill('SIGTERM');
    for (const s of instances) await s?.stop({ timeoutMs: 15_000 });
    await db?.drop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  const clients: Client[] = [];

  function startInstance(i: number, port: number, args: string[]): ServerProcess {
    const env = {
      ...baseEnv,
      PORT: String(port),
      DATA_DIR: path.join(tmp, `data-${i}`),
      METRICS_PORT: String(metricsPorts[i]),
    };
    return launchProcess({
      args,
      cwd: ROOT,
      env,
      url: `http://127.0.0.1:${port}`,
      readyPath: '/api/health',
      output: { file: path.join(tmp, `instance-${i}.log`) },
    });
  }

  /** SIGTERM, the exit (after its drain), then the same port again with `args`, until its own health answers. */
  async function restart(i: number, args: string[]) {
    const exit = await instances[i].stop({ timeoutMs: 30_000 });
    expect(exit.signal, instances[i].output()).toBeNull();
    instances[i] = startInstance(i, ports[i], args);
    await instances[i].waitReady({ timeoutMs: 60_000 });
    // As the docs say: its own health, then a health interval more (Caddy's: 2 s)…
    await sleep(2_200);
    // …and, on this busy machine, until it takes traffic through the proxies again.
    await until(`instance ${i} to get traffic through the proxies`, async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPorts[i]}/metrics`)).text();
      const served = [...text.matchAll(/^scentry_http_requests_total\{route="\/api\/AppConfig"[^}]*\} (\d+)/gm)];
      return served.reduce((sum, m) => sum + Number(m[1]), 0) >= 20;
    });
  }

  it('answers every request while each instance restarts in turn, then into a newer build', async () => {
    const kitRes = await clients[1].request('POST', '/api/sync/kits/pull', { codes: ['DEMO1'], checkpoint: null });
    const kit = JSON.parse(kitRes.body).data.documents[0] as KitDoc;
    expect(kit.name).toBe('DEMO1');

    const failures: string[] = [];
    const pushed: string[] = [];
    let sent = 0;
    let pushes = 0;
    let running = true;
    const kinds = ['read', 'read', 'pull', 'push', 'push', 'sign-in'] as const;
    const worker = async (c: Client, n: number) => {
      for (let k = n; running; k++) {
        const kind = kinds[k % kinds.length];
        let doc: ResultDoc | undefined;
        try {
          let res: { status: number; body: string };
          if (kind === 'read') res = await c.request('GET', '/api/AppConfig');
          else if (kind === 'pull')
            res = await c.request('POST', '/api/sync/kits/pull', { codes: ['DEMO1'], checkpoint: null });
          else if (kind === 'sign-in')
            res = await c.request('POST', '/api/User/Authenticate', { Email: ADMIN_EMAIL, Password: ADMIN_PASSWORD });
          else {
            doc = resultDoc(kit, answersFor(kit), {
              id: `${RESULT_ID_PREFIX}${(++pushes).toString(16).padStart(12, '0')}`,
            });
            res = await c.request('POST', '/api/sync/results/push', [
              { assumedMasterState: null, newDocumentState: doc },
            ]);
          }
          sent += 1;
          const ok = res.status === 200 && JSON.parse(res.body).status === 'Success';
          if (!ok) failures.push(`${c.name} ${kind}: ${res.status} ${res.body.slice(0, 200)}`);
          else if (doc) pushed.push(doc.id);
        } catch (err) {
          sent += 1;
          failures.push(`${c.name} ${kind}: ${(err as Error).message}`);
        }
      }
    };
    const load = clients.flatMap((c) => [0, 1, 2].map((n) => worker(c, n)));

    await sleep(1_000);
    const roll = async (args: string[]) => {
      for (const i of [0, 1]) {
        await restart(i, args);
      }
    };
    // The same build again (a restart), then the newer one: while the first instance runs it (and
    // has migrated), the second still runs the older build.
    await roll(productionArgs());
    await roll(['--max-semi-space-size=4', '--max-old-space-size=512', nextServer]);
    running = false;
    await Promise.all(load);

    const migrated = await psql(db.url, `select count(*) from kysely_migration where name = '${NEXT_MIGRATION}'`);
    expect(migrated.trim()).toBe('1');
    const stored = await psql(
      db.url,
      `select count(*), count(distinct id) from test_results where id like '${RESULT_ID_PREFIX}%'`,
    );
    console.log(
      `[rolling] ${sent} requests through Caddy and nginx, ${failures.length} failed; ${pushed.length} results pushed, stored: ${stored.trim()}${NO_DRAIN ? ' (drain off)' : ''}`,
    );
    expect(sent).toBeGreaterThanOrEqual(1_000);
    if (failures.length) console.log(`[rolling] Caddy said:\n${proxies[0].output().slice(-6000)}`);
    expect(failures.slice(0, 20), failures.slice(0, 20).join('\n')).toEqual([]);
    expect(stored.trim()).toBe(`${pushed.length}|${pushed.length}`);
  }, 240_000);
});
