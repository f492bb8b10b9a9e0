import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizedDir } from '../../../services/uploads';
import { createOption } from '../../../test/catalogue';
import {
  makeTempDir,
  makeTestApp,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { makePng } from '../../../test/images';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../test/postgres';

/*
 * Two servers, one UPLOADS_DIR (issue 26): a picture uploaded through one is served by the other.
 * Each server has its own DATA_DIR (its sized copies are its own); on PostgreSQL both run on one
 * database, as instances behind a load balancer do; on SQLite each has its own database, and the
 * shared folder alone is under test.
 */
describe('two servers sharing UPLOADS_DIR', () => {
  let uploads: string;
  let database: TestDatabase | undefined;
  let one: TestApp;
  let other: TestApp;
  let token: string;

  beforeAll(async () => {
    uploads = makeTempDir('scentry-shared-uploads-');
    database = testDatabaseUrl() ? await makeTestDatabase({ prefix: 'uploads' }) : undefined;
    const env = { UPLOADS_DIR: uploads, ...(database ? { DATABASE_URL: database.url } : {}) };
    one = await makeTestApp({ env });
    other = await makeTestApp({ env });
    token = await signIn(one.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await one?.cleanup();
    await other?.cleanup();
    await database?.drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('stores the picture in UPLOADS_DIR, not under the DATA_DIR of the server that took it', async () => {
    const option = await createOption(one.app, token, 'Shared small', makePng(7001));
    const name = path.basename(option.storedPath);
    expect(readdirSync(uploads)).toContain(name);
    expect(existsSync(path.join(one.dataDir, 'uploads', name))).toBe(false);
  });

  it('the other server serves it: 200, the same bytes, cached for good', async () => {
    const option = await createOption(one.app, token, 'Shared served', makePng(7002));
    const stored = readFileSync(path.join(uploads, path.basename(option.storedPath)));
    const fromOne = await get(one, option.storedPath);
    const fromOther = await get(other, option.storedPath);
    expect(fromOne.statusCode).toBe(200);
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.rawPayload.equals(stored)).toBe(true);
    expect(fromOther.rawPayload.equals(fromOne.rawPayload)).toBe(true);
    expect(fromOther.headers['cache-control']).toContain('immutable');
  });

  it('a large picture: the other server makes its own sized copy from the shared original, the same bytes', async () => {
    const option = await createOption(one.app, token, 'Shared large', makePng(7003, 900, 600));
    const name = path.basename(option.storedPath);
    expect(existsSync(path.join(sizedDir(one.dataDir), name))).toBe(true);
    expect(existsSync(path.join(sizedDir(other.dataDir), name))).toBe(false);
    const fromOne = await get(one, option.storedPath);
    const fromOther = await get(other, option.storedPath);
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.rawPayload.equals(fromOne.rawPayload)).toBe(true);
    expect(existsSync(path.join(sizedDir(other.dataDir), name))).toBe(true);
    const original = await get(other, `/uploads/originals/${name}`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(readFileSync(path.join(uploads, name)))).toBe(true);
  });

  it('both servers storing the same picture at once keep one whole file and no temporary one', async () => {
    const otherToken = await signIn(other.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const png = makePng(7004, 400, 300);
    const [a, b] = await Promise.all([
      createOption(one.app, token, 'Same picture A', png),
      createOption(other.app, otherToken, 'Same picture B', png),
    ]);
    expect(a.storedPath).toBe(b.storedPath);
    const names = readdirSync(uploads);
    expect(names.filter((n) => n === path.basename(a.storedPath))).toHaveLength(1);
    expect(names.filter((n) => !/^[0-9a-f]{32}\.png$/.test(n))).toEqual([]);
    const served = await get(other, `/uploads/originals/${path.basename(a.storedPath)}`);
    expect(served.rawPayload.equals(readFileSync(path.join(uploads, path.basename(a.storedPath))))).toBe(true);
  });
});
