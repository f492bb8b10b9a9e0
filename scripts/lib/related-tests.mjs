// Which unit and route tests a set of changed files concerns (`npm run test:quick`), per package,
// each with the reason it was chosen. docs/testing.md ("The two-minute loop") states the rules:
//
// 1. a test file that changed itself;
// 2. a test that reaches a changed file through the static import graph: import, export … from,
//    import(), vi.mock() and new URL('./…') specifiers, relative ones and the workspace packages'
//    (`@scentry/shared-schema[/…]`, through its package.json exports), a .ts/.tsx/.mts/.js/.mjs
//    file or a folder's index. The graph is not followed out of the HUBS: a test may reach a hub
//    (and is chosen when the hub itself changed) but not what the hub imports;
// 3. (sync-server) a test named by a changed server or shared-schema file: `<stem>.test.ts`
//    anywhere in src/, or any test in src/routes/api/<stem>/, where the stem is the file's name
//    (an index.ts: its folder's name) and, for a shared-schema file, also its domain folder;
// 4. a test that reads the source tree instead of importing it (SOURCE_READERS), on any change
//    to what it reads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bootstrap.mjs';

/**
 * The files the graph is not followed out of: they import (nearly) everything of their package,
 * so through them every test would reach every file. sync-server's app.ts loads every plugin,
 * route and service (every route test reaches it through src/test/helpers.ts); shared-schema's
 * index.ts re-exports every domain (nearly every file of the other two packages imports it); the
 * PWA's routeTree.gen.ts loads every route.
 */
export const HUBS = ['sync-server/src/app.ts', 'shared-schema/src/index.ts', 'pwa/src/routeTree.gen.ts'];

/** The packages with unit tests: their folder, where their tests are, and files every test loads first. */
export const PACKAGES = [
  { name: '@scentry/shared-schema', dir: 'shared-schema', setup: [] },
  { name: '@scentry/sync-server', dir: 'sync-server', setup: [] },
  // pwa/vite.config.ts: test.setupFiles.
  { name: '@scentry/pwa', dir: 'pwa', setup: ['pwa/src/i18n/test-setup.ts'] },
];

/**
 * Tests that read source files as text (layer rules, message keys in use) rather than import them:
 * each is chosen when a changed file is one it reads (as its own walk picks them).
 */
export const SOURCE_READERS = [
  { test: 'sync-server/src/architecture.test.ts', reads: /^sync-server\/src\/.*(?<!\.test)\.ts$/ },
  { test: 'pwa/src/architecture.test.ts', reads: /^pwa\/src\/.*\.tsx?$/ },
  {
    test: 'shared-schema/src/i18n/catalogue.test.ts',
    reads: /^(pwa|shared-schema|sync-server)\/src\/.*(?<!\.test)\.(ts|tsx|mjs)$|^pwa\/index\.html$/,
  },
];

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const TEST = /\.test\.(ts|tsx|mts|js|mjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];
const SPECIFIERS = [
  // import x from '…', import { a } from '…', export * from '…', export { a } from '…', import type …
  /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|doMock)\(\s*['"]([^'"]+)['"]/g,
  /\bnew URL\(\s*['"](\.\.?\/[^'"]+)['"]/g,
];

const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const isFile = (abs) => existsSync(abs) && statSync(abs).isFile();

/** Every file under a folder (repository-relative), node_modules and dist left out. */
function walk(dir, out = []) {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return out;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(child, out);
    else out.push(child);
  }
  return out;
}

/** The workspace packages' exports maps by package name: [[subpath pattern, target]] (folder-relative). */
function workspaceExports() {
  const map = new Map();
  for (const dir of ['shared-schema', 'sync-server', 'pwa', 'scripts']) {
    const file = path.join(ROOT, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    let exports = pkg.exports ?? (pkg.main ? { '.': pkg.main } : {});
    if (typeof exports === 'string') exports = { '.': exports };
    const entries = Object.entries(exports).map(([key, target]) => [
      key,
      typeof target === 'string' ? target : (target.import ?? target.default),
    ]);
    map.set(pkg.name, { dir, entries });
  }
  return map;
}

/** A file path (absolute, without extension or a folder) as the file it loads, or null. */
function resolveFile(abs) {
  if (isFile(abs) && !/\.js$/.test(abs)) return abs;
  // TypeScript's ESM style: './x.js' is ./x.ts.
  if (/\.js$/.test(abs)) {
    for (const ext of ['.ts', '.tsx']) if (isFile(abs.replace(/\.js$/, ext))) return abs.replace(/\.js$/, ext);
    if (isFile(abs)) return abs;
  }
  for (const ext of EXTENSIONS) if (isFile(abs + ext)) return abs + ext;
  for (const ext of EXTENSIONS) if (isFile(path.join(abs, `index${ext}`))) return path.join(abs, `index${ext}`);
  return null;
}

/** The import graph, parsed as it is walked: file → the repository files it imports. */
export function importGraph() {
  const packages = workspaceExports();
  const edges = new Map();

  const resolveSpecifier = (from, spec) => {
    const clean = spec.split('?')[0];
    if (clean.startsWith('.')) return resolveFile(path.resolve(path.dirname(path.join(ROOT, from)), clean));
    const name = clean.startsWith('@') ? clean.split('/').slice(0, 2).join('/') : clean.split('/')[0];
    const pkg = packages.get(name);
    if (!pkg) return null; // an npm package
    const sub = `.${clean.slice(name.length)}`;
    for (const [key, target] of pkg.entries) {
      if (!target) continue;
      if (key === sub) return resolveFile(path.join(ROOT, pkg.dir, target));
      const star = key.indexOf('*');
      if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
        const part = sub.slice(star, sub.length - (key.length - star - 1));
        return resolveFile(path.join(ROOT, pkg.dir, target.replace('*', part)));
      }
    }
    return null;
  };

  return (file) => {
    let out = edges.get(file);
    if (out) return out;
    out = new Set();
    edges.set(file, out);
    if (!CODE.test(file)) return out;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveSpecifier(file, match[1]);
        if (target) out.add(rel(target));
      }
    }
    return out;
  };
}

/** The unit and route test files of a package: every package keeps them in src/ (the PWA's journeys are in e2e/). */
export function testFiles(pkg) {
  return walk(`${pkg.dir}/src`).filter((f) => TEST.test(f));
}

/**
 * For one test: the changed file it reaches first (breadth-first, not out of a hub), with the
 * path from the test to it.
 */
function reachedChange(test, imports, changed, setup) {
  const parent = new Map([[test, null]]);
  const queue = [test, ...setup.filter((s) => s !== test)];
  for (const s of setup) if (!parent.has(s)) parent.set(s, test);
  const hubs = new Set(HUBS);
  while (queue.length) {
    const file = queue.shift();
    if (file !== test && changed.has(file)) {
      const trail = [];
      for (let f = file; f; f = parent.get(f)) trail.unshift(f);
      return trail;
    }
    if (hubs.has(file)) continue;
    for (const next of imports(file)) {
      if (parent.has(next)) continue;
      parent.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

/** The names a changed file gives to sync-server's tests (rule 3). */
function namesOf(file) {
  if (!/^(sync-server|shared-schema)\/src\//.test(file) || !CODE.test(file) || TEST.test(file)) return [];
  const parts = file.split('/');
  const base = parts.at(-1).replace(CODE, '');
  const names = new Set([base === 'index' ? parts.at(-2) : base]);
  if (parts[0] === 'shared-schema' && parts.length > 3) names.add(parts[2]);
  names.delete('src');
  return [...names];
}

/** The name a server test answers to (rule 3): its file name, and its route domain when it has one. */
function serverTestNames(test) {
  const names = [
    test
      .split('/')
      .at(-1)
      .replace(/(\.postgres)?\.test\.\w+$/, ''),
  ];
  const domain = test.match(/^sync-server\/src\/routes\/api\/([^/]+)\//);
  if (domain) names.push(domain[1]);
  return names;
}

/**
 * The related tests of every package: { [package name]: [{ file, why }] }, files repository-relative,
 * only packages with at least one.
 */
export function relatedTests(changedFiles) {
  const changed = new Set(changedFiles);
  const imports = importGraph();
  const named = new Map(); // name → the changed file that gives it
  for (const f of changedFiles) for (const n of namesOf(f)) if (!named.has(n)) named.set(n, f);
  const result = {};
  for (const pkg of PACKAGES) {
    // Paths in the test's own package from its folder, others from the repository's.
    const short = (f) => (f.startsWith(`${pkg.dir}/`) ? f.slice(pkg.dir.length + 1) : f);
    const chosen = [];
    for (const test of testFiles(pkg)) {
      let why = null;
      if (changed.has(test)) why = 'changed';
      if (!why) {
        const trail = reachedChange(test, imports, changed, pkg.setup);
        if (trail) {
          why =
            trail.length === 2
              ? `imports ${short(trail[1])}`
              : `reaches ${short(trail.at(-1))} through ${short(trail[1])}`;
        }
      }
      if (!why && pkg.dir === 'sync-server') {
        const name = serverTestNames(test).find((n) => named.has(n));
        if (name) why = `named by ${name} (${short(named.get(name))})`;
      }
      if (!why) {
        const reader = SOURCE_READERS.find((r) => r.test === test);
        const read = reader && changedFiles.find((f) => reader.reads.test(f));
        if (read) why = `reads the source tree (${read})`;
      }
      if (why) chosen.push({ file: test, why });
    }
    if (chosen.length) result[pkg.name] = chosen;
  }
  return result;
}
