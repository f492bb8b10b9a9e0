import { defineConfig } from 'vitest/config';

// Browser journeys: real server (child process), real built PWA, headless Debian Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    environment: 'node',
    // A slow CI machine gets room: polls wait up to 10 s for the page to catch up.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
