// `npm test`: install what is missing, then lint, type-check, unit and route tests (on SQLite and on
// PostgreSQL), build, and the browser journeys. Every step runs and reports against its target in
// seconds; any failure fails. `npm test -- --step <id>` runs one step alone (repeat it, or give a
// comma list, for several); `npm test -- --list` names them. docs/testing.md says which to run when.

import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { existsSync } from 'node:fs';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, pnpm } from './lib/bootstrap.mjs';
import { findPostgresBin, sweepStaleClusters } from './lib/postgres.mjs';
import {
  CHROMIUM,
  ensureSystemTools,
  freshReports,
  runAsync,
  runSteps,
  StepProblem,
  summarize,
  vitest,
} from './lib/test-run.mjs';

const startedAt = Date.now();

/** The whole clean-clone run's target on a 2-core machine (docs/testing.md: the ceiling is 20 minutes). */
const TOTAL_TARGET = 12 * 60;

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

/**
 * The fuzz's requests per operation on PostgreSQL: every operation and every kind of input still
 * meets the database, with a quarter of the SQLite run's 400 (which keeps the full budget).
 */
const POSTGRES_FUZZ_PER_OP = '100';

/**
 * The steps, in order, each with its target in seconds on a 2-core machine with nothing else
 * running (a clean clone; docs/testing.md has the measured figures). Steps of one `group` run at
 * the same time: they are light or single-threaded, so two cores do them faster together.
 */
const STEPS = [
  {
    id: 'tools',
    name: 'system tools (Chromium, poppler-utils, openssl, PostgreSQL)',
    target: 5,
    run: ensureSystemTools,
  },
  {
    id: 'install',
    name: 'install the workspace (pnpm, dependencies)',
    target: 100,
    run: () => {
      ensureDependencies();
      return 0;
    },
  },
  {
    id: 'lint',
    name: 'lint and format (biome)',
    target: 15,
    group: 'static',
    run: ({ buffer }) => runAsync(pnpm(), ['exec', 'biome', 'check', '.'], { buffer }),
  },
  {
    id: 'typecheck',
    name: 'type-check every package',
    target: 80,
    group: 'static',
    run: ({ buffer }) => runAsync(pnpm(), ['-r', '--parallel', 'typecheck'], { buffer }),
  },
  {
    id: 'shared',
    name: 'shared-schema unit tests',
    target: 40,
    group: 'static',
    run: ({ buffer }) => vitest('@scentry/shared-schema', 'shared-schema', [], { buffer }),
  },
  {
    id: 'pwa',
    name: 'pwa unit tests',
    target: 60,
    group: 'static',
    run: ({ buffer }) => vitest('@scentry/pwa', 'pwa', [], { buffer }),
  },
  {
    id: 'build',
    name: 'build the PWA and the server',
    target: 60,
    // Alone: the builds run synchronously (they would stall the output of steps beside them).
    run: () => {
      ensurePwaBuilt();
      // Built once here, before the journeys' parallel files each launch it (launchServer checks too).
      ensureServerBuilt();
      return 0;
    },
  },
  {
    id: 'server',
    name: 'sync-server unit and route tests (SQLite)',
    target: 170,
    // On SQLite whatever the caller exported (the PostgreSQL run is the step below).
    run: () =>
      vitest('@scentry/sync-server', 'sync-server', [], { env: { SCENTRY_TEST_POSTGRES: '', TEST_DATABASE_URL: '' } }),
  },
  {
    id: 'postgres',
    name: 'sync-server route tests on PostgreSQL',
    target: 150,
    run: async () => {
      const bin = findPostgresBin();
      if (!bin) throw new StepProblem('PostgreSQL (initdb, pg_ctl, psql) is missing: see the system tools step.');
      try {
        // SCENTRY_TEST_POSTGRES=1 makes the vitest globalSetup (sync-server/src/test/postgres-setup.ts)
        // start one throw-away cluster for the run and stop it at the end, tests failing or not (and
        // on SIGINT/SIGTERM, through the process's exit). A TEST_DATABASE_URL the caller exported (a
        // CI service) is used instead of a cluster.
        return await vitest('@scentry/sync-server', 'sync-server-postgres', POSTGRES_TEST_FILES, {
          env: { SCENTRY_TEST_POSTGRES: '1', FUZZ_PER_OP: process.env.FUZZ_PER_OP || POSTGRES_FUZZ_PER_OP },
        });
      } finally {
        // A vitest killed outright (SIGKILL, an OOM) leaves its cluster: it is gone now, so its owner is dead.
        sweepStaleClusters(bin);
      }
    },
  },
  {
    id: 'journeys',
    name: 'browser journeys (headless Chromium)',
    target: 330,
    run: () => {
      if (!existsSync(CHROMIUM)) throw new StepProblem(`Chromium (${CHROMIUM}) is missing: see the system tools step.`);
      // Current builds (a no-op after the build step; needed when this step runs alone).
      ensurePwaBuilt();
      ensureServerBuilt();
      return vitest('@scentry/pwa', 'e2e', ['--config', 'e2e/vitest.config.ts']);
    },
  },
];

/** The steps named by `--step` (repeatable, or a comma list); every step without one. */
function chosenSteps(argv) {
  const named = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--step') named.push(...(argv[++i] ?? '').split(','));
    else if (argv[i].startsWith('--step=')) named.push(...argv[i].slice('--step='.length).split(','));
    else if (argv[i] === '--list') {
      for (const s of STEPS) console.log(`${s.id.padEnd(10)} ${s.name} (target ${s.target} s)`);
      process.exit(0);
    } else {
      console.error(`npm test: unknown argument ${argv[i]} (use --step <id> or --list)`);
      process.exit(2);
    }
  }
  if (!named.length) return STEPS;
  const unknown = named.filter((id) => !STEPS.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`npm test: no step ${unknown.join(', ')}; the steps are ${STEPS.map((s) => s.id).join(', ')}`);
    process.exit(2);
  }
  // The workspace is always installed first: every step needs it.
  return STEPS.filter((s) => s.id === 'install' || named.includes(s.id));
}

const steps = chosenSteps(process.argv.slice(2));
freshReports();
const results = await runSteps(steps);
const whole = steps.length === STEPS.length;
if (!whole) log(`ran ${steps.map((s) => s.id).join(', ')} only`);
// The failed tests by name close the report: a CI log that keeps only its end still names them.
process.exit(summarize(results, { startedAt, totalTarget: whole ? TOTAL_TARGET : undefined, listFailed: true }));
