// What `npm start` and `npm test` need before they run, using only Node and npm: pnpm (the pinned
// version, kept in this repository under .tools/ unless its major is on PATH), the workspace's
// dependencies (better-sqlite3 compiles here), and current builds of the PWA and of the server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEnv } from './node.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PNPM_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1];
const LOCAL_PNPM = path.join(ROOT, '.tools/node_modules/.bin/pnpm');

export function log(message) {
  process.stdout.write(`\x1b[36m[scentry]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; returns its exit code (throws when `check`). */
export function run(cmd, args, { check = true, env, cwd = ROOT } = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...process.env, ...env } });
  const code = res.status ?? 1;
  if (check && code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${code}`);
  return code;
}

function works(cmd, args) {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

let pnpmCmd;
/**
 * The pnpm to use: one of the pinned major already on PATH, else the pinned version kept inside
 * this repository under .tools/ (installed there on first use). Nothing is installed globally.
 */
export function pnpm() {
  pnpmCmd ??= findOrInstallPnpm();
  return pnpmCmd;
}

function findOrInstallPnpm() {
  const major = PNPM_VERSION.split('.')[0];
  if (works('pnpm', ['--version'])?.startsWith(`${major}.`)) return 'pnpm';
  if (existsSync(LOCAL_PNPM) && works(LOCAL_PNPM, ['--version']) === PNPM_VERSION) return LOCAL_PNPM;
  log(`installing pnpm ${PNPM_VERSION} into .tools/ (this repository only)`);
  run('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--prefix',
    path.join(ROOT, '.tools'),
    `pnpm@${PNPM_VERSION}`,
  ]);
  return LOCAL_PNPM;
}

/** Environment for native builds: node-gyp uses the running Node's headers (no download). */
export function buildEnv() {
  return nodeEnv(process.execPath);
}

/** Which Node the native modules were last built for (its ABI): a change of Node rebuilds them. */
const ABI_MARKER = path.join(ROOT, 'node_modules/.scentry-node-abi');

/**
 * Installs the workspace when the lockfile changed since the last install (or never ran), and
 * rebuilds the native modules when they were built for another Node (a machine moved to Node 24).
 */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.pnpm/lock.yaml');
  const lock = path.join(ROOT, 'pnpm-lock.yaml');
  const fresh =
    existsSync(marker) &&
    statSync(marker).mtimeMs >= statSync(lock).mtimeMs &&
    existsSync(path.join(ROOT, 'sync-server/node_modules/better-sqlite3'));
  const abi = process.versions.modules;
  if (!fresh) {
    log('installing dependencies (first run compiles better-sqlite3: about a minute)');
    run(pnpm(), ['install', '--frozen-lockfile'], { env: buildEnv() });
  } else if (!existsSync(ABI_MARKER) || readFileSync(ABI_MARKER, 'utf8') !== abi) {
    log(`rebuilding better-sqlite3 for Node ${process.versions.node} (about a minute)`);
    run(pnpm(), ['--filter', '@scentry/sync-server', 'rebuild', 'better-sqlite3'], { env: buildEnv() });
  } else return;
  writeFileSync(ABI_MARKER, abi);
}

function hashTree(hash, target) {
  if (!existsSync(target)) return;
  const st = statSync(target);
  if (st.isDirectory()) {
    for (const name of readdirSync(target).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      hashTree(hash, path.join(target, name));
    }
  } else {
    hash.update(path.relative(ROOT, target));
    hash.update(readFileSync(target));
  }
}

/** The hash of these paths (files and whole trees, node_modules and dist left out) under ROOT. */
function sourcesHash(paths) {
  const hash = createHash('sha256');
  for (const p of paths) hashTree(hash, path.join(ROOT, p));
  return hash.digest('hex');
}

/** Whether the build stamp says this digest (the build was made from exactly these sources). */
const builtFrom = (stamp, digest) => existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;

/**
 * Builds the PWA unless pwa/dist was built from exactly these sources. With `outDir` (absolute),
 * a build of the same sources with hidden source maps goes there instead (`.map` files beside the
 * scripts, no sourceMappingURL in them): the coverage build, served to the browser journeys by
 * scripts/coverage.mjs, while pwa/dist (what `npm start` serves) stays as it is.
 */
export function ensurePwaBuilt({ force = false, outDir } = {}) {
  const digest = sourcesHash([
    'pwa/src',
    'pwa/public',
    'pwa/index.html',
    'pwa/vite.config.ts',
    'pwa/package.json',
    'shared-schema/src',
    'pnpm-lock.yaml',
  ]);
  const stamp = path.join(outDir ?? path.join(ROOT, 'pwa/dist'), '.build-hash');
  if (!force && builtFrom(stamp, digest)) return;
  if (outDir) {
    log(`building the PWA with source maps into ${path.relative(ROOT, outDir)}`);
    run(pnpm(), [
      '--filter',
      '@scentry/pwa',
      'exec',
      'vite',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--sourcemap',
      'hidden',
    ]);
  } else {
    log('building the PWA');
    run(pnpm(), ['--filter', '@scentry/pwa', 'build']);
  }
  writeFileSync(stamp, digest);
}

/** The built server: what `npm start` and the production line run (sync-server/build.mjs makes it). */
export const SERVER_BUNDLE = path.join(ROOT, 'sync-server/dist/server.mjs');

/**
 * Bundles the server (sync-server/build.mjs, esbuild: well under a second) unless
 * sync-server/dist/server.mjs was built from exactly these sources. Safe to run from several
 * processes at once: the bundle is written aside and renamed.
 */
export function ensureServerBuilt({ force = false } = {}) {
  const digest = sourcesHash([
    'sync-server/src',
    'sync-server/build.mjs',
    'sync-server/package.json',
    'shared-schema/src',
    'shared-schema/fonts',
    'shared-schema/package.json',
    'pnpm-lock.yaml',
  ]);
  const stamp = path.join(ROOT, 'sync-server/dist/.build-hash');
  if (!force && existsSync(SERVER_BUNDLE) && builtFrom(stamp, digest)) return;
  log('building the server');
  run(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'sync-server') });
  writeFileSync(stamp, digest);
}
