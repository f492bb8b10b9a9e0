import { defineConfig } from 'vitest/config';

// No test races vitest's 5 s default on a busy machine: speed is measured in benchmarks.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
