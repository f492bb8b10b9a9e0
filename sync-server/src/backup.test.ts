import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, makeTestApp, type TestApp } from './test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from './test/play';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run backup', () => {
  let t: TestApp | undefined;
  const target = path.join(makeTempDir('scentry-backup-'), 'copy');
  afterAll(async () => {
    await t?.cleanup();
    rmSync(path.dirname(target), { recursive: true, force: true });
  });

  it('copies a live database through SQLite online backup, with its uploads, readable only by the owner', async () => {
    t = await makeTestApp({ env: DEMO_ENV });
    const demo = await liveKit(t.app, 'DEMO1');
    expect(await push(t.app, [resultDoc(demo, answersFor(demo)), resultDoc(demo, answersFor(demo, 2))])).toEqual([]);
    // The server is still running (its WAL holds the latest writes) while the copy is made.
    const run = spawnSync(process.execPath, ['scripts/backup.mjs', target], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const copy = new Sqlite(path.join(target, 'scentry.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) as n from test_results').get()).toEqual({ n: 2 });
      expect(copy.prepare('select count(*) as n from scent_options').get()).toEqual({ n: 10 });
    } finally {
      copy.close();
    }
    expect(statSync(path.join(target, 'scentry.db')).mode & 0o777).toBe(0o600);
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(target, 'uploads')).isDirectory()).toBe(true);
  });
});
