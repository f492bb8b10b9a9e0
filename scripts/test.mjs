// `npm test`: install what is missing, then lint, type-check, unit and route tests, build, and the
// browser journeys (which install Chromium from Debian first when they can). Every step runs and
// reports; any failure fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, pnpm, ROOT, run } from './lib/bootstrap.mjs';
import { findPostgresBin, sweepStaleClusters } from './lib/postgres.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * What the PostgreSQL run of the server tests covers, as vitest filters (a file runs when its path
 * contains one): every route test, the API fuzz, every `*.postgres.test.ts` wherever it lives (a
 * new one is picked up with no edit here), the dialect seam's tests, the throw-away cluster's own,
 * and the machine-side scripts (admin, backup and restore behave differently on PostgreSQL).
 */
const POSTGRES_TEST_FILES = [
  'src/routes/',
  'src/fuzz/',
  '.postgres.test.ts',
  'src/db/postgres.test.ts',
  'src/test/postgres-cluster.test.ts',
  'src/admin-cli.test.ts',
  'src/backup.test.ts',
];

/** A step that cannot run, with the one sentence that says why (no stack trace). */
class StepProblem extends Error {}

const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/**
 * The Debian tools the tests use: Chromium for the browser journeys (CHROMIUM_PATH or
 * /usr/bin/chromium), poppler-utils (pdftotext, pdftoppm) to read the PDFs the app makes, openssl
 * to verify wallet pass signatures, and PostgreSQL (PG_BIN, else Debian's
 * /usr/lib/postgresql/<major>/bin, else initdb on PATH) for the server tests' second run. Missing
 * ones are installed in one apt-get run (as root or through passwordless sudo); throws a
 * StepProblem saying what to install when that is not possible here. Debian's postgresql package
 * creates and starts its own `main` cluster on 5432: it is left as it is (the tests start a
 * throw-away cluster of their own on another port).
 */
const SYSTEM_TOOLS = [
  { binary: CHROMIUM, packages: ['chromium', 'fonts-liberation'], why: 'the browser journeys' },
  { binary: '/usr/bin/pdftotext', packages: ['poppler-utils'], why: 'reading the PDF reports in tests' },
  { binary: '/usr/bin/openssl', packages: ['openssl'], why: 'verifying wallet pass signatures in tests' },
  {
    binary: "PostgreSQL's initdb",
    present: () => findPostgresBin() !== null,
    packages: ['postgresql'],
    why: 'the server tests on PostgreSQL',
  },
];

const present = (tool) => (tool.present ? tool.present() : existsSync(tool.binary));

function ensureSystemTools() {
  const missingTools = SYSTEM_TOOLS.filter((t) => !present(t));
  if (!missingTools.length) return 0;
  const packages = missingTools.flatMap((t) => t.packages);
  const missing = (why) =>
    new StepProblem(
      `${missingTools.map((t) => `${t.binary} (for ${t.why})`).join(', ')} ${missingTools.length > 1 ? 'are' : 'is'} needed and ${why}: install Debian's ${packages.join(' ')} (apt-get install ${packages.join(' ')})${existsSync(CHROMIUM) ? '' : ' or set CHROMIUM_PATH to a Chromium binary'}${findPostgresBin() ? '' : ' or set PG_BIN to the folder of PostgreSQL binaries'}.`,
    );
  if (process.env.CHROMIUM_PATH && !existsSync(CHROMIUM)) throw missing(`CHROMIUM_PATH (${CHROMIUM}) does not exist`);
  if (process.env.PG_BIN && !findPostgresBin())
    throw missing(`PG_BIN (${process.env.PG_BIN}) has no initdb, pg_ctl and psql`);
  if (!succeeds('apt-get', ['--version'])) throw missing('this machine has no apt-get to install them');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && !succeeds('sudo', ['-n', 'true'])) {
    throw missing('installing them needs root or passwordless sudo, which this user does not have');
  }
  log(`installing ${packages.join(', ')} from Debian (apt-get)`);
  const apt = (args) => {
    const [cmd, ...rest] = [...(isRoot ? [] : ['sudo', '-n']), 'apt-get', ...args];
    return run(cmd, rest, { check: false, env: { DEBIAN_FRONTEND: 'noninteractive' } });
  };
  const code = apt(['update']) || apt(['install', '-y', '--no-install-recommends', ...packages]);
  if (code !== 0) throw missing(`apt-get failed (exit code ${code})`);
  const still = missingTools.filter((t) => !present(t));
  if (still.length) throw missing(`apt-get installed no ${still.map((t) => t.binary).join(', ')}`);
  return 0;
}

ensureDependencies();

const reports = path.join(ROOT, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [];
function step(name, fn) {
  log(`── ${name}`);
  const started = Date.now();
  let ok = false;
  let problem = '';
  try {
    ok = fn() === 0;
  } catch (err) {
    if (err instanceof StepProblem) {
      problem = err.message;
      console.error(`\x1b[31m${problem}\x1b[0m`);
    } else {
      console.error(err);
    }
  }
  steps.push({ name, ok, problem, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

const vitest = (pkg, report, extra = [], env = {}) => {
  const out = path.join(reports, `${report}.json`);
  return run(
    pnpm(),
    [
      '--filter',
      pkg,
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      ...extra,
    ],
    { check: false, env: { CHROMIUM_PATH: CHROMIUM, ...env } },
  );
};

step('system tools (Chromium, poppler-utils, openssl, PostgreSQL)', ensureSystemTools);
step('lint and format (biome)', () => run(pnpm(), ['exec', 'biome', 'check', '.'], { check: false }));
step('type-check every package', () => run(pnpm(), ['-r', 'typecheck'], { check: false }));
step('shared-schema unit tests', () => vitest('@scentry/shared-schema', 'shared-schema'));
// On SQLite whatever the caller exported (the PostgreSQL run is the step below).
step('sync-server unit and route tests', () =>
  vitest('@scentry/sync-server', 'sync-server', [], { SCENTRY_TEST_POSTGRES: '', TEST_DATABASE_URL: '' }),
);
step('sync-server route tests on PostgreSQL', () => {
  const bin = findPostgresBin();
  if (!bin) throw new StepProblem('PostgreSQL (initdb, pg_ctl, psql) is missing: see the system tools step.');
  try {
    // SCENTRY_TEST_POSTGRES=1 makes the vitest globalSetup (sync-server/src/test/postgres-setup.ts)
    // start one throw-away cluster for the run and stop it at the end, tests failing or not (and on
    // SIGINT/SIGTERM, through the process's exit). A TEST_DATABASE_URL the caller exported (a CI
    // service) is used instead of a cluster.
    return vitest('@scentry/sync-server', 'sync-server-postgres', POSTGRES_TEST_FILES, { SCENTRY_TEST_POSTGRES: '1' });
  } finally {
    // A vitest killed outright (SIGKILL, an OOM) leaves its cluster: it is gone now, so its owner is dead.
    sweepStaleClusters(bin);
  }
});
step('pwa unit tests', () => vitest('@scentry/pwa', 'pwa'));
step('build the PWA and the server', () => {
  ensurePwaBuilt();
  // Built once here, before the journeys' parallel files each launch it (launchServer checks too).
  ensureServerBuilt();
  return 0;
});
step('browser journeys (headless Chromium)', () => {
  if (!existsSync(CHROMIUM)) throw new StepProblem(`Chromium (${CHROMIUM}) is missing: see the system tools step.`);
  return vitest('@scentry/pwa', 'e2e', ['--config', 'e2e/vitest.config.ts']);
});

let passed = 0;
let failed = 0;
for (const entry of readdirSync(reports)) {
  try {
    const r = JSON.parse(readFileSync(path.join(reports, entry), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  } catch {
    /* a step that crashed before writing its report is counted by its exit code below */
  }
}

console.log('\nSummary');
for (const s of steps) {
  console.log(`  ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)`);
  if (s.problem) console.log(`        ${s.problem}`);
}
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
