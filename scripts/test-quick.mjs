// `npm run test:quick`: the two-minute loop while working. It looks at the files changed against
// HEAD (staged, unstaged and untracked; `--since <ref>`: since where this branch left <ref>),
// then lints and formats those files, type-checks the packages they touch, runs the unit and
// route tests related to them (scripts/lib/related-tests.mjs says how they are chosen) and the
// browser journeys whose own files changed. It reports like `npm test`, against two minutes.
// `--dry-run` says what it would run and runs nothing. docs/testing.md: "The two-minute loop".

import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, pnpm, ROOT } from './lib/bootstrap.mjs';
import { PACKAGES, relatedTests } from './lib/related-tests.mjs';

// Its reports apart from `npm test`'s, so that the two can run at once: test-run.mjs reads the
// folder as it loads, hence loaded after this line.
process.env.SCENTRY_TEST_REPORTS ||= '.tmp/quick-reports';
const { CHROMIUM, freshReports, runAsync, runSteps, StepProblem, summarize, vitest } = await import(
  './lib/test-run.mjs'
);

const startedAt = Date.now();

/** The whole loop's target on a 2-core machine. */
const TOTAL_TARGET = 120;

/** What Biome checks (it is given only these of the changed files). */
const BIOME_FILES = /\.(js|mjs|cjs|jsx|ts|tsx|mts|cts|json|jsonc|css|graphql|gql)$/;

/** What the type-checker reads in a package folder: code, JSON (package.json, tsconfig, imports). */
const TYPED_FILES = /\.(ts|tsx|mts|cts|json)$/;

function usage(message) {
  console.error(`npm run test:quick: ${message}`);
  console.error('usage: npm run test:quick [-- --since <ref>] [--dry-run]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { since: null, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--since') {
      args.since = argv[++i];
      if (!args.since) usage('--since needs a git ref (HEAD~1, main, a commit)');
    } else if (argv[i].startsWith('--since=')) args.since = argv[i].slice('--since='.length);
    else if (argv[i] === '--dry-run') args.dryRun = true;
    else usage(`unknown argument ${argv[i]}`);
  }
  return args;
}

function git(args) {
  const res = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr.trim()}`);
  return res.stdout;
}

const nulList = (text) => text.split('\0').filter(Boolean);

/**
 * The changed files (repository-relative, sorted): against HEAD, or against where HEAD left
 * `since` (their merge base: on a branch, `--since main` is the branch's own work), with the
 * staged, unstaged and untracked (not ignored) files. Deleted files are left out.
 */
function changedFiles(since) {
  let base = 'HEAD';
  if (since) {
    if (spawnSync('git', ['rev-parse', '--verify', '--quiet', `${since}^{commit}`], { cwd: ROOT }).status !== 0) {
      usage(`--since ${since} is not a commit here`);
    }
    base = git(['merge-base', since, 'HEAD']).trim();
  }
  const files = new Set([
    ...nulList(git(['diff', '--name-only', '-z', '--diff-filter=d', base])),
    ...nulList(git(['ls-files', '--others', '--exclude-standard', '-z'])),
  ]);
  return [...files].filter((f) => existsSync(path.join(ROOT, f)) && statSync(path.join(ROOT, f)).isFile()).sort();
}

/** The packages to type-check: those with a changed typed file; shared-schema or the root tsconfig: all three. */
function packagesToTypecheck(files) {
  const typed = files.filter((f) => TYPED_FILES.test(f));
  if (typed.some((f) => f.startsWith('shared-schema/') || f === 'tsconfig.json')) return PACKAGES.map((p) => p.name);
  return PACKAGES.filter((p) => typed.some((f) => f.startsWith(`${p.dir}/`))).map((p) => p.name);
}

const within = (pkgDir, file) => file.slice(pkgDir.length + 1);

/** One line per chosen test, or, when many, one line per reason with a few names. */
function printChosen(pkg, tests) {
  const dir = PACKAGES.find((p) => p.name === pkg).dir;
  log(`${pkg}: ${tests.length} related test file${tests.length === 1 ? '' : 's'}`);
  if (tests.length <= 12) {
    for (const t of tests) console.log(`  ${within(dir, t.file)}: ${t.why}`);
    return;
  }
  const byReason = new Map();
  for (const t of tests) {
    // "reaches X through Y": grouped by X.
    const reason = t.why.replace(/ through .*$/, '');
    byReason.set(reason, [...(byReason.get(reason) ?? []), within(dir, t.file)]);
  }
  for (const [reason, files] of byReason) {
    const more = files.length > 3 ? ` and ${files.length - 3} more` : '';
    console.log(`  ${files.length} ${reason}: ${files.slice(0, 3).join(', ')}${more}`);
  }
}

const args = parseArgs(process.argv.slice(2));
const changed = changedFiles(args.since);
const against = args.since ? `since ${args.since}` : 'against HEAD';
if (!changed.length) {
  log(`nothing changed ${against}: nothing to check (to check commits too: npm run test:quick -- --since HEAD~1)`);
  process.exit(0);
}

const shown = changed.slice(0, 10).join(', ') + (changed.length > 10 ? ` and ${changed.length - 10} more` : '');
log(`${changed.length} file${changed.length === 1 ? '' : 's'} changed ${against}: ${shown}`);

const lintFiles = changed.filter((f) => BIOME_FILES.test(f));
const typecheck = packagesToTypecheck(changed);
const related = relatedTests(changed);
const journeys = changed.filter((f) => /^pwa\/e2e\/[^/]+\.e2e\.ts$/.test(f));
for (const [pkg, tests] of Object.entries(related)) printChosen(pkg, tests);
if (journeys.length) log(`journeys changed: ${journeys.map((f) => within('pwa', f)).join(', ')}`);

const testsOf = (pkg) => (related[pkg] ?? []).map((t) => within(PACKAGES.find((p) => p.name === pkg).dir, t.file));
const count = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;

// Each step only when it has something to do. Lint, the type-check and the unit and route tests
// go side by side (their outputs printed whole as each ends): the type-check and lint are mostly
// one thread, so two cores do them faster beside the tests. The journeys come after, alone.
const steps = [];
if (lintFiles.length) {
  steps.push({
    id: 'lint',
    name: `lint and format ${count(lintFiles.length, 'changed file')} (biome)`,
    target: 10,
    group: 'static',
    run: ({ buffer }) =>
      runAsync(
        pnpm(),
        ['exec', 'biome', 'check', '--files-ignore-unknown=true', '--no-errors-on-unmatched', ...lintFiles],
        { buffer },
      ),
  });
}
if (typecheck.length) {
  steps.push({
    id: 'typecheck',
    name: `type-check ${typecheck.map((p) => p.replace('@scentry/', '')).join(', ')} (incremental)`,
    target: 60,
    group: 'static',
    run: ({ buffer }) => runAsync(pnpm(), [...typecheck.flatMap((p) => ['--filter', p]), 'typecheck'], { buffer }),
  });
}
// The related unit and route tests, package by package (the server on SQLite, as npm test's first run).
const UNIT_STEPS = [
  { id: 'shared', pkg: '@scentry/shared-schema', target: 30 },
  { id: 'pwa', pkg: '@scentry/pwa', target: 45 },
  { id: 'server', pkg: '@scentry/sync-server', target: 90, env: { SCENTRY_TEST_POSTGRES: '', TEST_DATABASE_URL: '' } },
];
for (const { id, pkg, target, env = {} } of UNIT_STEPS) {
  const files = testsOf(pkg);
  if (!files.length) continue;
  const name = pkg.replace('@scentry/', '');
  steps.push({
    id,
    name: `${name}: ${count(files.length, 'related test file')}${id === 'server' ? ' (SQLite)' : ''}`,
    target,
    group: 'static',
    run: ({ buffer }) => vitest(pkg, `quick-${name}`, files, { env, buffer }),
  });
}
if (journeys.length) {
  steps.push({
    id: 'journeys',
    name: `browser journeys: ${count(journeys.length, 'changed file')}`,
    target: 120,
    run: () => {
      if (!existsSync(CHROMIUM)) throw new StepProblem(`Chromium (${CHROMIUM}) is missing: npm test -- --step tools`);
      ensurePwaBuilt();
      ensureServerBuilt();
      return vitest('@scentry/pwa', 'quick-e2e', [
        '--config',
        'e2e/vitest.config.ts',
        ...journeys.map((f) => within('pwa', f)),
      ]);
    },
  });
}

if (!steps.length) {
  log('none of these changes has anything to lint, type-check or test');
  process.exit(0);
}
if (args.dryRun) {
  log(`would run: ${steps.map((s) => s.name).join('; ')}`);
  process.exit(0);
}

ensureDependencies();
freshReports();
const results = await runSteps(steps);
process.exit(summarize(results, { startedAt, totalTarget: TOTAL_TARGET, listFailed: true }));
