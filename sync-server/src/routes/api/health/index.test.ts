import { HEALTH_MSG } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp, testDatabaseUrl } from '../../../test/helpers';

/** The engine the route tests run on: PostgreSQL when TEST_DATABASE_URL is given. */
const DIALECT = testDatabaseUrl() ? 'postgres' : 'sqlite';

describe('GET /api/AppConfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({
      env: { PUBLIC_URL: 'https://play.scentry.example/', MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' },
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('tells the PWA the public address its kit QR codes use and the map tiles', async () => {
    const res = await t.app.inject({ url: '/api/AppConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'Success',
      message: 'Success',
      error: null,
      data: { publicUrl: 'https://play.scentry.example', mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' },
    });
  });

  it('says there are no map tiles when MAP_TILE_URL is unset', async () => {
    const bare = await makeTestApp({ env: { MAP_TILE_URL: '' } });
    try {
      const res = await bare.app.inject({ url: '/api/AppConfig' });
      expect(res.json().data.mapTileUrl).toBe('');
    } finally {
      await bare.cleanup();
    }
  });
});

describe('GET /api/health', () => {
  it('says the database answers, and which engine it is', async () => {
    const t = await makeTestApp();
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Success', data: { state: 'ready', db: 'ok', dialect: DIALECT } });
      expect(res.headers.connection).not.toBe('close');
    } finally {
      await t.cleanup();
    }
  });

  it('answers 503 with db "down" when the database does not answer', async () => {
    const t = await makeTestApp({ logLevel: 'silent' });
    try {
      await t.app.db.destroy();
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'Failure',
        message: HEALTH_MSG.databaseDown,
        error: null,
        data: { version: expect.any(String), state: 'ready', db: 'down', dialect: DIALECT },
      });
    } finally {
      await t.cleanup().catch(() => {});
    }
  });

  it('answers 503 with state "draining" while the instance stops, and every reply closes its connection', async () => {
    const t = await makeTestApp();
    try {
      t.app.lifecycle.state = 'draining';
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'Failure',
        message: HEALTH_MSG.draining,
        error: null,
        data: { version: expect.any(String), state: 'draining', db: 'ok', dialect: DIALECT },
      });
      expect(res.headers.connection).toBe('close');
      // Everything else is served as usual meanwhile.
      const config = await t.app.inject({ url: '/api/AppConfig' });
      expect(config.statusCode).toBe(200);
      expect(config.headers.connection).toBe('close');
    } finally {
      await t.cleanup();
    }
  });
});
