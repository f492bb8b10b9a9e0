// What `npm test` (scripts/test.mjs) and `npm run test:quick` (scripts/test-quick.mjs) share: the
// Debian tools the tests need, running vitest with a JSON report, running steps against a target
// in seconds, and the summary that reports on the run (each step's seconds beside its target, the
// ten slowest test files, the screenshots of failed journeys, the passed/failed count).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { log, pnpm, ROOT } from './bootstrap.mjs';
import { findPostgresBin } from './postgres.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Where each vitest step writes its JSON report, and failed journeys their screenshots;
 * SCENTRY_TEST_REPORTS (relative to the repository) names another folder, so that `npm run
 * test:quick` (.tmp/quick-reports) and `npm test` running at once keep out of each other's reports.
 */
export const REPORTS = path.resolve(ROOT, process.env.SCENTRY_TEST_REPORTS || '.tmp/test-reports');
const FAILED_SHOTS = path.join(REPORTS, 'failed/failed-shots.txt');

/** A step that cannot run, with the one sentence that says why (no stack trace). */
export class StepProblem extends Error {}

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
  { binary: '/usr/sbin/nginx', packages: ['nginx'], why: 'the rolling-restart test behind nginx' },
  { binary: '/usr/bin/caddy', packages: ['caddy'], why: 'the rolling-restart test behind Caddy' },
  { binary: '/usr/bin/systemd-analyze', packages: ['systemd'], why: 'checking the systemd unit' },
  { binary: '/usr/bin/promtool', packages: ['prometheus'], why: 'checking /metrics with promtool' },
  {
    binary: "PostgreSQL's initdb",
    present: () => findPostgresBin() !== null,
    packages: ['postgresql'],
    why: 'the server tests on PostgreSQL',
  },
];

const present = (tool) => (tool.present ? tool.present() : existsSync(tool.binary));

/** Installs the missing Debian tools (see SYSTEM_TOOLS); resolves to 0, or throws a StepProblem. */
export async function ensureSystemTools() {
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
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status;
  };
  const code = apt(['update']) || apt(['install', '-y', '--no-install-recommends', ...packages]);
  if (code !== 0) throw missing(`apt-get failed (exit code ${code})`);
  const still = missingTools.filter((t) => !present(t));
  if (still.length) throw missing(`apt-get installed no ${still.map((t) => t.binary).join(', ')}`);
  return 0;
}

/**
 * Runs a command; resolves to its exit code. Its output goes to the terminal as it comes, or, when
 * `buffer` is set (a step running beside others), is kept and printed whole when it ends, so the
 * steps' outputs never interleave.
 */
export function runAsync(cmd, args, { env = {}, cwd = ROOT, buffer = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    if (buffer) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${cmd}: ${err.message}\n`));
    });
    child.on('close', (code) => {
      if (buffer) process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

/**
 * vitest in one package, with the default reporter and a JSON report (REPORTS/<report>.json) that
 * the summary reads. `extra`: filters and flags; `env`: added to the environment.
 */
export function vitest(pkg, report, extra = [], { env = {}, buffer = false } = {}) {
  const out = path.join(REPORTS, `${report}.json`);
  return runAsync(
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
    {
      env: {
        CHROMIUM_PATH: CHROMIUM,
        FAILURE_SHOTS_DIR: process.env.FAILURE_SHOTS_DIR || path.dirname(FAILED_SHOTS),
        ...env,
      },
      buffer,
    },
  );
}

/** Empties REPORTS (the JSON reports and failed screenshots of an earlier run). */
export function freshReports() {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
}

/**
 * Runs the steps: each `{ id, name, target, run, group? }` whose `run()` resolves to an exit code
 * (0: passed) or throws (a StepProblem: its sentence is printed). Steps with the same `group` run
 * at the same time (their outputs printed whole as each ends); the others one after another.
 * Every step runs and reports even when an earlier one failed. Returns each step's outcome.
 */
export async function runSteps(steps) {
  const results = [];
  const runOne = async (step, buffer) => {
    log(`── ${step.name}${buffer ? ' (beside other steps: its output comes when it ends)' : ''}`);
    const started = Date.now();
    let ok = false;
    let problem = '';
    try {
      ok = (await step.run({ buffer })) === 0;
    } catch (err) {
      if (err instanceof StepProblem) {
        problem = err.message;
        console.error(`\x1b[31m${problem}\x1b[0m`);
      } else {
        console.error(err);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    if (buffer) log(`── ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    results.push({ ...step, ok, problem, seconds });
  };
  // Consecutive steps of one group form a batch that runs at once; a step without one runs alone.
  for (let i = 0; i < steps.length; ) {
    let end = i + 1;
    while (steps[i].group && end < steps.length && steps[end].group === steps[i].group) end++;
    const batch = steps.slice(i, end);
    await Promise.all(batch.map((s) => runOne(s, batch.length > 1)));
    i = end;
  }
  // In the order the steps were declared, whatever order they ended in.
  return steps.map((s) => results.find((r) => r.id === s.id)).filter(Boolean);
}

/** Every test file of the run's JSON reports (its package, path and seconds), and the failed tests. */
function testFiles() {
  const files = [];
  const failures = [];
  let passed = 0;
  let failed = 0;
  for (const entry of readdirSync(REPORTS)) {
    if (!entry.endsWith('.json')) continue;
    try {
      const r = JSON.parse(readFileSync(path.join(REPORTS, entry), 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      for (const t of r.testResults ?? []) {
        const file = path.relative(ROOT, t.name);
        files.push({ report: entry.replace(/\.json$/, ''), file, seconds: (t.endTime - t.startTime) / 1000 });
        const failedHere = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
        for (const a of failedHere) failures.push([file, ...(a.ancestorTitles ?? []), a.title].join(' › '));
        // A file that failed as a whole (it did not load, a hook threw) with no failed test in it.
        if (t.status === 'failed' && !failedHere.length) failures.push(`${file}: ${(t.message ?? '').split('\n')[0]}`);
      }
    } catch {
      /* a step that crashed before writing its report is counted by its exit code */
    }
  }
  return { files, failures, passed, failed };
}

const pad = (text, width) => String(text).padEnd(width);
const num = (n, width = 7) => n.toFixed(1).padStart(width);
const target = (seconds) => (seconds ? String(seconds) : '').padStart(7);

/**
 * Prints the run's report and returns the exit code: each step's seconds against its target, the
 * total against `totalTarget` (seconds since `startedAt`), the ten slowest test files, the
 * screenshots of failed journeys, with `listFailed` the failed tests by name (the first 20), and
 * the `N passed, N failed` line.
 */
export function summarize(results, { startedAt, totalTarget, listFailed = false }) {
  const { files, failures, passed, failed } = testFiles();
  const width = Math.max(30, ...results.map((r) => r.name.length)) + 2;
  console.log(`\nSummary${' '.repeat(width - 1)}seconds  target`);
  for (const r of results) {
    const over = r.target && r.seconds > r.target ? '  over its target' : '';
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${pad(r.name, width)}${num(r.seconds)} ${target(r.target)}${over}`);
    if (r.problem) console.log(`        ${r.problem}`);
  }
  const total = (Date.now() - startedAt) / 1000;
  const overall = totalTarget && total > totalTarget ? '  over its target' : '';
  console.log(
    `        ${pad('the whole run (installs included)', width)}${num(total)} ${target(totalTarget)}${overall}`,
  );
  if (files.length) {
    console.log('\nThe ten slowest test files');
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      console.log(`  ${num(f.seconds, 6)} s  ${pad(f.report, 22)} ${f.file}`);
    }
  }
  if (existsSync(FAILED_SHOTS)) {
    console.log('\nScreenshots of the failed journeys');
    for (const line of readFileSync(FAILED_SHOTS, 'utf8').trim().split('\n')) console.log(`  ${line}`);
  }
  if (listFailed && failures.length) {
    console.log('\nThe failed tests');
    for (const f of failures.slice(0, 20)) console.log(`  ${f.slice(0, 200)}`);
    if (failures.length > 20) console.log(`  and ${failures.length - 20} more`);
  }
  const failedSteps = results.filter((r) => !r.ok).length;
  console.log(`\n${passed} passed, ${failed} failed`);
  return failedSteps > 0 || failed > 0 ? 1 : 0;
}
