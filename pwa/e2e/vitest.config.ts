import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser journeys: real server (child process), real built PWA, headless Debian Chromium. Each
// file starts its own server on a free port with its own DATA_DIR and its own Chromium, so files
// run in parallel: two workers on a 2-core machine, one per core where there are more.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, availableParallelism()),
    environment: 'node',
    // A failed test leaves a screenshot of each open page (the path is printed, and listed by npm test).
    setupFiles: ['e2e/support/failure-shots.ts'],
    // A slow CI machine gets room: polls wait up to 10 s for the page to catch up.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
