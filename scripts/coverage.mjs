// `npm run coverage`: line and branch coverage, one row a package.
// (unit)     The unit and route tests with vitest's V8 provider: shared-schema, sync-server (on
//            SQLite, as `npm test` runs it first) and the PWA's unit tests. Reports (json-summary,
//            text-summary) in .tmp/coverage/<package>/.
// (journeys) The PWA under the browser journeys: a build of the same sources with hidden source maps
//            (.tmp/coverage/pwa-dist; pwa/dist, what `npm start` serves, is left alone), served by
//            the journeys' servers (SCENTRY_E2E_PWA_DIST); every page Chromium opens records its
//            JavaScript coverage (SCENTRY_E2E_COVERAGE, pwa/e2e/support/browser.ts), which is merged
//            and mapped back to pwa/src through the source maps as vitest maps its own (journeyReport
//            below). Chunks no page loaded count as not run. Reports in .tmp/coverage/pwa-journeys/.
// Options (after `npm run coverage --`):
//   --only unit|journeys      one part only
//   --unit NAME...            only these packages' tests (shared-schema, sync-server, pwa)
//   --journeys NAME...        only these journey files (vitest filters: `api-docs` runs e2e/api-docs.e2e.ts)
//   --max-workers N           vitest's workers for the unit part (default: the package's vitest config, at least 2)
// Naming packages or journeys runs only the parts named. Any failing test fails the run (its
// figures are still printed).
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mergeProcessCovs } from '@bcoe/v8-coverage';
import { parse } from 'acorn';
import astV8ToIstanbul from 'ast-v8-to-istanbul';
import libCoverage from 'istanbul-lib-coverage';
import libReport from 'istanbul-lib-report';
import istanbulReports from 'istanbul-reports';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, pnpm, ROOT, run } from './lib/bootstrap.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OUT = path.join(ROOT, '.tmp/coverage');

/**
 * The unit part's packages. Coverage counts every source file of the package (`include`), loaded by
 * a test or not; test files are left out by vitest itself, test helpers by `exclude`.
 */
const PACKAGES = [
  { name: 'shared-schema', what: 'unit', filter: '@scentry/shared-schema', exclude: [] },
  {
    name: 'sync-server',
    what: 'unit and route (SQLite)',
    filter: '@scentry/sync-server',
    exclude: ['src/test/**', 'src/fuzz/**'],
    // On SQLite whatever the caller exported, as `npm test`'s first server step.
    env: { SCENTRY_TEST_POSTGRES: '', TEST_DATABASE_URL: '' },
  },
  { name: 'pwa', what: 'unit', filter: '@scentry/pwa', exclude: ['src/**/test-setup.ts'] },
];

function parseArgs(argv) {
  const opts = { only: null, unit: null, journeys: null, maxWorkers: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const list = () => {
      const names = [];
      while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) names.push(argv[++i]);
      return names;
    };
    if (arg === '--only') opts.only = argv[++i];
    else if (arg.startsWith('--only=')) opts.only = arg.slice('--only='.length);
    else if (arg === '--unit') opts.unit = list();
    else if (arg === '--journeys') opts.journeys = list();
    else if (arg === '--max-workers') opts.maxWorkers = argv[++i];
    else throw new Error(`coverage: unknown argument ${arg} (see the top of scripts/coverage.mjs)`);
  }
  if (opts.only && !['unit', 'journeys'].includes(opts.only))
    throw new Error(`coverage: --only takes unit or journeys, not ${opts.only}`);
  for (const name of opts.unit ?? [])
    if (!PACKAGES.some((p) => p.name === name))
      throw new Error(`coverage: unknown package ${name} (${PACKAGES.map((p) => p.name).join(', ')})`);
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const named = opts.unit !== null || opts.journeys !== null;
const wanted = (part) => (opts.only ? opts.only === part : !named || opts[part] !== null);

/** What the json-summary reporter wrote (istanbul's format): its totals. */
function readTotals(dir) {
  const file = path.join(dir, 'coverage-summary.json');
  if (!existsSync(file)) return null;
  const { total } = JSON.parse(readFileSync(file, 'utf8'));
  return { lines: total.lines, branches: total.branches };
}

ensureDependencies();
mkdirSync(OUT, { recursive: true });
/** @type {{ name: string; what: string; totals: ReturnType<typeof readTotals>; ok: boolean }[]} */
const rows = [];

if (wanted('unit')) {
  const packages = opts.unit?.length ? PACKAGES.filter((p) => opts.unit.includes(p.name)) : PACKAGES;
  for (const pkg of packages) {
    log(`── ${pkg.name}: ${pkg.what} tests with coverage`);
    const dir = path.join(OUT, pkg.name);
    // No figures from an earlier run when this one writes none.
    rmSync(dir, { recursive: true, force: true });
    const code = run(
      pnpm(),
      [
        '--filter',
        pkg.filter,
        'exec',
        'vitest',
        'run',
        '--coverage.enabled',
        '--coverage.provider=v8',
        '--coverage.reporter=json-summary',
        '--coverage.reporter=text-summary',
        `--coverage.reportsDirectory=${dir}`,
        // Figures even when a test fails (the run still fails).
        '--coverage.reportOnFailure',
        '--coverage.include=src/**/*.{ts,tsx}',
        '--coverage.exclude=src/**/*.d.ts',
        ...pkg.exclude.map((glob) => `--coverage.exclude=${glob}`),
        ...(opts.maxWorkers ? [`--maxWorkers=${opts.maxWorkers}`] : []),
      ],
      { check: false, env: { CHROMIUM_PATH: CHROMIUM, ...pkg.env } },
    );
    rows.push({ name: pkg.name, what: pkg.what, totals: readTotals(dir), ok: code === 0 });
  }
}

if (wanted('journeys')) {
  log('── pwa: browser journeys with Chromium coverage');
  const dist = path.join(OUT, 'pwa-dist');
  const raw = path.join(OUT, 'pwa-journeys-raw');
  const reports = path.join(OUT, 'pwa-journeys');
  let ok = false;
  let totals = null;
  if (!existsSync(CHROMIUM)) {
    console.error(`\x1b[31mChromium (${CHROMIUM}) is missing: install Debian's chromium or set CHROMIUM_PATH.\x1b[0m`);
  } else {
    ensurePwaBuilt({ outDir: dist });
    ensureServerBuilt();
    rmSync(raw, { recursive: true, force: true });
    const code = run(
      pnpm(),
      [
        '--filter',
        '@scentry/pwa',
        'exec',
        'vitest',
        'run',
        '--config',
        'e2e/vitest.config.ts',
        ...(opts.journeys ?? []),
      ],
      { check: false, env: { CHROMIUM_PATH: CHROMIUM, SCENTRY_E2E_COVERAGE: raw, SCENTRY_E2E_PWA_DIST: dist } },
    );
    ok = code === 0;
    if (existsSync(raw)) {
      await journeyReport(dist, raw, reports);
      totals = readTotals(reports);
    }
  }
  rows.push({
    name: 'pwa',
    what: opts.journeys?.length ? `journeys: ${opts.journeys.join(' ')}` : 'journeys',
    totals,
    ok,
  });
}

/**
 * Maps the pages' raw coverage (pwa/e2e/support/browser.ts: V8's script coverage, scripts by URL,
 * with their length instead of their text) onto the build served (`dist`) and its source maps,
 * keeps pwa/src, and writes the merged json-summary and text-summary into `reports`. The
 * conversion is vitest's own (V8's ranges onto the built code's syntax tree, then through the
 * source map: ast-v8-to-istanbul), so lines and branches are counted as in the unit rows. A script
 * that is not a file of the build (index.html's inline scripts) is left out; so is one whose length
 * is not the build file's (another build: it would be mapped wrongly).
 *
 * Chromium keeps a document's coverage only while the page shows it: once the page has left it, a
 * few of the functions it called remain, its top-level function does not. browser.ts writes the
 * coverage before each navigation of the tests' own; what remains of a document the app left by
 * itself (a reload) is left out here, told by its missing top-level function.
 */
async function journeyReport(dist, raw, reports) {
  const assets = path.join(dist, 'assets');
  /** The build's scripts with a source map (all of the app's), by absolute path. */
  const builds = new Map(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js') && existsSync(path.join(assets, `${f}.map`)))
      .map((f) => {
        const file = path.join(assets, f);
        const source = readFileSync(file, 'utf8');
        return [file, { source, sourceMap: JSON.parse(readFileSync(`${file}.map`, 'utf8')), covs: [] }];
      }),
  );

  // Each page's coverage of each script, merged per script as V8's (counts add up).
  const snapshots = readdirSync(raw).filter((f) => f.endsWith('.json'));
  let foreign = 0;
  let gone = 0;
  for (const name of snapshots) {
    for (const script of JSON.parse(readFileSync(path.join(raw, name), 'utf8'))) {
      const file = path.join(dist, new URL(script.url).pathname);
      const build = builds.get(file);
      if (!build) continue;
      const length = build.source.length;
      if (script.length !== undefined && script.length !== length) {
        foreign++;
        continue;
      }
      if (!script.functions.some((f) => f.ranges[0]?.startOffset === 0 && f.ranges[0]?.endOffset === length)) {
        gone++;
        continue;
      }
      // By file, not URL: each journey file's server has a port of its own.
      build.covs.push({ result: [{ scriptId: '0', url: file, functions: script.functions }] });
      // Merged as it goes: the whole suite opens hundreds of pages.
      if (build.covs.length >= 32) build.covs = [mergeProcessCovs(build.covs)];
    }
  }
  if (foreign) log(`${foreign} scripts were not this build's (their length differs): left out`);
  // Mostly the remains of documents whose coverage was written before the test navigated away.
  if (gone) log(`${gone} scripts of documents the pages had left: left out`);

  const srcDir = path.join(ROOT, 'pwa/src') + path.sep;
  const coverageMap = libCoverage.createCoverageMap({});
  let loaded = 0;
  for (const [file, build] of builds) {
    // A chunk no page loaded has no ranges: all its code counts as not run.
    const functions = build.covs.length ? mergeProcessCovs(build.covs).result[0].functions : [];
    if (functions.length) loaded++;
    const data = await astV8ToIstanbul({
      code: build.source,
      sourceMap: build.sourceMap,
      ast: parse(build.source, { ecmaVersion: 'latest', sourceType: 'module' }),
      coverage: { url: pathToFileURL(file).href, functions },
    });
    for (const fileCoverage of Object.values(data)) {
      // A route file's lazy parts (TanStack's `route.tsx?tsr-split=component`) are views of the
      // same file: merged into it.
      const source = fileCoverage.path.replace(/\?.*$/, '');
      if (!source.startsWith(srcDir)) continue;
      coverageMap.merge({ [source]: { ...fileCoverage, path: source } });
    }
  }
  log(
    `${snapshots.length} coverage snapshots; ${loaded} of the build's ${builds.size} scripts ran, the others count as not run`,
  );

  rmSync(reports, { recursive: true, force: true });
  const context = libReport.createContext({ dir: reports, coverageMap });
  for (const reporter of ['json-summary', 'text-summary']) istanbulReports.create(reporter).execute(context);
}

const pct = (metric) => (metric ? `${metric.pct.toFixed(2)} %` : '–');
const count = (metric) => (metric ? `${metric.covered}/${metric.total}` : '–');
const table = [
  ['package', 'tests', 'lines', 'branches', 'lines covered', 'branches covered', ''],
  ...rows.map((r) => [
    r.name,
    r.what,
    pct(r.totals?.lines),
    pct(r.totals?.branches),
    count(r.totals?.lines),
    count(r.totals?.branches),
    r.ok ? '' : 'FAILED (see above)',
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
console.log("\nCoverage (reports in .tmp/coverage/<package>/, the journeys' in .tmp/coverage/pwa-journeys/)");
for (const cells of table) {
  // Text columns to the left, figures to the right.
  const line = cells.map((cell, i) => (i < 2 || i === 6 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
  console.log(`  ${line.join('  ').trimEnd()}`);
}
process.exit(rows.every((r) => r.ok && r.totals) ? 0 : 1);
