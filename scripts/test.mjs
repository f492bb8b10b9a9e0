// `npm test`: install what is missing, then lint, type-check, unit and route tests, build, and the
// browser journeys (which install Chromium from Debian first when they can). Every step runs and
// reports; any failure fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, pnpm, ROOT, run } from './lib/bootstrap.mjs';
import { ensurePostgres, PostgresUnavailable } from './lib/postgres.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * The server's route tests run a second time on a throw-away PostgreSQL cluster only with
 * SCENTRY_TEST_POSTGRES=1, until every repository runs there (issue 26); then this becomes the default.
 */
const ON_POSTGRES = process.env.SCENTRY_TEST_POSTGRES === '1';

/** A step that cannot run, with the one sentence that says why (no stack trace). */
class StepProblem extends Error {}

const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/**
 * The Debian tools the tests use: Chromium for the browser journeys (CHROMIUM_PATH or
 * /usr/bin/chromium), poppler-utils (pdftotext, pdftoppm) to read the PDFs the app makes, and
 * openssl to verify wallet pass signatures. Missing ones are installed in one apt-get run (as root
 * or through passwordless sudo); throws a StepProblem saying what to install when that is not
 * possible here.
 */
const SYSTEM_TOOLS = [
  { binary: CHROMIUM, packages: ['chromium', 'fonts-liberation'], why: 'the browser journeys' },
  { binary: '/usr/bin/pdftotext', packages: ['poppler-utils'], why: 'reading the PDF reports in tests' },
  { binary: '/usr/bin/openssl', packages: ['openssl'], why: 'verifying wallet pass signatures in tests' },
];

function ensureSystemTools() {
  const missingTools = SYSTEM_TOOLS.filter((t) => !existsSync(t.binary));
  if (!missingTools.length) return 0;
  const packages = missingTools.flatMap((t) => t.packages);
  const missing = (why) =>
    new StepProblem(
      `${missingTools.map((t) => `${t.binary} (for ${t.why})`).join(', ')} ${missingTools.length > 1 ? 'are' : 'is'} needed and ${why}: install Debian's ${packages.join(' ')} (apt-get install ${packages.join(' ')})${existsSync(CHROMIUM) ? '' : ' or set CHROMIUM_PATH to a Chromium binary'}.`,
    );
  if (process.env.CHROMIUM_PATH && !existsSync(CHROMIUM)) throw missing(`CHROMIUM_PATH (${CHROMIUM}) does not exist`);
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
  const still = missingTools.filter((t) => !existsSync(t.binary));
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
    if (err instanceof StepProblem || err instanceof PostgresUnavailable) {
      problem = err.message;
      console.error(`\x1b[31m${problem}\x1b[0m`);
    } else {
      console.error(err);
    }
  }
  steps.push({ name, ok, problem, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

/** A step left out on purpose: listed in the summary with the reason, failing nothing. */
function skip(name, why) {
  log(`── ${name}: skipped (${why})`);
  steps.push({ name, ok: true, skipped: why, problem: '', seconds: '0.0' });
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

step('system tools (Chromium, poppler-utils, openssl)', ensureSystemTools);
step('lint and format (biome)', () => run(pnpm(), ['exec', 'biome', 'check', '.'], { check: false }));
step('type-check every package', () => run(pnpm(), ['-r', 'typecheck'], { check: false }));
step('shared-schema unit tests', () => vitest('@scentry/shared-schema', 'shared-schema'));
// On SQLite whatever the caller exported (the PostgreSQL run is the step below).
step('sync-server unit and route tests', () =>
  vitest('@scentry/sync-server', 'sync-server', [], { SCENTRY_TEST_POSTGRES: '', TEST_DATABASE_URL: '' }),
);
if (ON_POSTGRES) {
  // The vitest globalSetup (sync-server/src/test/postgres-setup.ts) starts one throw-away cluster
  // for the run and stops it at the end; the cluster test checks that setup itself.
  step('sync-server route tests on PostgreSQL', () => {
    ensurePostgres({ log });
    return vitest('@scentry/sync-server', 'sync-server-postgres', ['src/routes', 'src/test/postgres-cluster.test.ts'], {
      SCENTRY_TEST_POSTGRES: '1',
    });
  });
} else {
  skip('sync-server route tests on PostgreSQL', 'set SCENTRY_TEST_POSTGRES=1 to run them');
}
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
  if (s.skipped) {
    console.log(`  skip  ${s.name} (${s.skipped})`);
    continue;
  }
  console.log(`  ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)`);
  if (s.problem) console.log(`        ${s.problem}`);
}
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
