import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { DEMO_ENV } from '../../test/play';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './compress';

/* JSON replies compressed by Accept-Encoding, through the real app (the demo kit seeded). */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: DEMO_ENV });
});
afterAll(async () => {
  await t.cleanup();
});

const pullKits = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sync/kits/pull',
    headers,
    payload: { codes: ['DEMO1'], checkpoint: null, batchSize: 1 },
  });
const cardDetails = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/SentCard/GetSentCardDetails?testKitName=DEMO1', headers });

describe.each([
  ['pullKits', pullKits],
  ['GetSentCardDetails', cardDetails],
])('%s', (_name, call) => {
  it('replies gzip when asked for it, the same JSON once gunzipped', async () => {
    const plain = await call();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const zipped = await call({ 'accept-encoding': 'gzip' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    const json = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(json).toEqual(plain.json());
    expect(json.status).toBe('Success');
  });

  it('replies brotli when the browser accepts it, gzip when brotli is refused', async () => {
    const plain = await call();
    const br = await call({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const noBr = await call({ 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('replies identity when not asked', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of asked) {
      const res = await call(headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.json().status).toBe('Success');
    }
  });
});

describe('what is not compressed', () => {
  it('leaves small replies (the health check) as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('Success');
  });

  it('leaves pictures as they are', async () => {
    const details = (await cardDetails()).json().data as { storedPath: string }[];
    const res = await t.app.inject({
      method: 'GET',
      url: details[0].storedPath,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('compresses an error envelope only when it is large, and never breaks it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/kits/pull',
      headers: { 'accept-encoding': 'gzip' },
      payload: { codes: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString('utf8')).status).toBe('Failure');
  });
});

describe('chooseEncoding', () => {
  it('reads Accept-Encoding', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('BR;q=0.1')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeNull();
    expect(chooseEncoding('gzip;q=bogus')).toBeNull();
  });
});
