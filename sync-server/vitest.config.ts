import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Route tests build a whole app (migrations, argon2, geocoder data): on a busy 2-core machine that
// can take longer than vitest's 5 s default, so every test and hook gets explicit room. Speed is
// measured in `npm run bench`, never by a test's time limit.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // vitest's own default is one worker fewer than the cores: one worker on a 2-core machine.
    // Every file makes its own DATA_DIR (and, on PostgreSQL, its own databases), so two run at once.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps the modules it imported (Fastify, every route, the schemas) from one file to
    // the next instead of importing them again for each: the SQLite run 129 s → 78 s, PostgreSQL
    // 105 s → 76 s. Each file still builds its own apps and DATA_DIR; config is read from the env a
    // file gives its app, never at import. The suite passes in any file order and in one worker
    // (`--sequence.shuffle.files`, `--maxWorkers=1`).
    isolate: false,
    // With SCENTRY_TEST_POSTGRES=1: one throw-away PostgreSQL cluster for the run (a no-op otherwise).
    globalSetup: ['./src/test/postgres-setup.ts'],
  },
});
