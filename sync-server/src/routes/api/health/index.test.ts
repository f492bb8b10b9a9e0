import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers';

describe('GET /api/AppConfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { PUBLIC_URL: 'https://play.scentry.example/' } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('tells the PWA the public address its kit QR codes use', async () => {
    const res = await t.app.inject({ url: '/api/AppConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'Success',
      message: 'Success',
      error: null,
      data: { publicUrl: 'https://play.scentry.example' },
    });
  });
});
