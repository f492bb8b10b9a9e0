// `npm test`: install what is missing (Chromium from Debian included), then lint, type-check,
// unit and route tests, build, and the browser journeys. Every step runs; any failure fails.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensurePwaBuilt, log, pnpm, ROOT, run } from './lib/bootstrap.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  log('installing Chromium from Debian (apt-get)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return run(cmd, rest, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation']);
}

ensureDependencies();
ensureChromium();

const reports = path.join(ROOT, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [];
function step(name, fn) {
  log(`── ${name}`);
  const started = Date.now();
  let ok = false;
  try {
    ok = fn() === 0;
  } catch (err) {
    console.error(err);
  }
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

const vitest = (pkg, report, extra = []) => {
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
    { check: false, env: { CHROMIUM_PATH: CHROMIUM } },
  );
};

step('lint and format (biome)', () => run(pnpm(), ['exec', 'biome', 'check', '.'], { check: false }));
step('type-check every package', () => run(pnpm(), ['-r', 'typecheck'], { check: false }));
step('shared-schema unit tests', () => vitest('@scentry/shared-schema', 'shared-schema'));
step('sync-server unit and route tests', () => vitest('@scentry/sync-server', 'sync-server'));
step('pwa unit tests', () => vitest('@scentry/pwa', 'pwa'));
step('build the PWA', () => {
  ensurePwaBuilt();
  return 0;
});
step('browser journeys (headless Chromium)', () => vitest('@scentry/pwa', 'e2e', ['--config', 'e2e/vitest.config.ts']));

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
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
