import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, makeTestApp, type TestApp, testDatabaseUrl } from './test/helpers';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('files at rest', () => {
  const parent = makeTempDir('scentry-perms-');
  const dataDir = path.join(parent, 'data');
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.cleanup();
    rmSync(parent, { recursive: true, force: true });
  });

  // The SQLite file's modes: on PostgreSQL (TEST_DATABASE_URL) the database is no file here.
  it.skipIf(testDatabaseUrl())(
    'creates DATA_DIR 0700 and keeps the database, its WAL and the secrets 0600',
    async () => {
      t = await makeTestApp({ dataDir, env: { SEED_DEMO: '1', ADMIN_PASSWORD: undefined } });
      // A write, so the WAL holds something.
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(mode(dataDir)).toBe(0o700);
      for (const file of ['scentry.db', 'scentry.db-wal', 'scentry.db-shm', 'jwt-secret', 'initial-admin.txt']) {
        expect(mode(path.join(dataDir, file)), file).toBe(0o600);
      }
      expect(mode(path.join(dataDir, 'uploads'))).toBe(0o700);
    },
  );
});
