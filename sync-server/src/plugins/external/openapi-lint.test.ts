import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, makeTestApp, type TestApp } from '../../test/helpers';
import { OPENAPI_PATH } from './openapi';

const require = createRequire(import.meta.url);
/** The CLI's own entry, run with this Node (no shell shim, no npx, nothing fetched). */
const REDOCLY_PACKAGE = require.resolve('@redocly/cli/package.json');
const REDOCLY_CLI = path.join(
  path.dirname(REDOCLY_PACKAGE),
  (JSON.parse(readFileSync(REDOCLY_PACKAGE, 'utf8')) as { bin: { redocly: string } }).bin.redocly,
);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

describe('the published OpenAPI document passes @redocly/cli lint (recommended rules)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await makeTestApp({ env: { PUBLIC_URL: 'https://scentry.clinic.test' } });
    dir = makeTempDir('scentry-openapi-');
  });
  afterAll(async () => {
    await t?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has no error (warnings are listed, not failed)', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, res.body);
    // Run in the temp dir so no stray redocly.yaml is picked up; telemetry and the update check
    // are off, so the lint needs no network.
    const run = spawnSync(process.execPath, [REDOCLY_CLI, 'lint', file, '--extends=recommended', '--format=json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 50_000,
    });
    expect(run.error, 'redocly ran').toBeUndefined();
    const report = JSON.parse(run.stdout) as LintReport;
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  });
});
