import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// No test races vitest's 5 s default on a busy machine: speed is measured in benchmarks.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default is one worker fewer than the cores (one on 2 cores): use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps the modules it imported from one file to the next instead of importing them
    // again for each (zod schemas, the report's fonts): no test file changes a module's state.
    isolate: false,
  },
});
