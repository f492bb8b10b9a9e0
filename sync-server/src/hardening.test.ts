import { connect, type Socket } from 'node:net';
import { MSG, PLAY_MSG } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureUsers, envelopeOf, makeTestApp, signIn, type TestApp, useTestApp } from './test/helpers';
import { answersFor, DEMO_ENV, liveKit, resultDoc, saveBody } from './test/play';

const ENVELOPE_KEYS = ['data', 'error', 'message', 'status'];

/** Sends raw bytes to a listening server and reads what comes back until it closes (or `ms`). */
function raw(port: number, write: (s: Socket) => void, ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const socket = connect(port, '127.0.0.1', () => write(socket));
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('error', () => resolve(out));
    socket.on('close', () => resolve(out));
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, ms);
  });
}
const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));

describe('every /api reply in the envelope, whatever was sent', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, REQUEST_TIMEOUT: '2s', MAX_CONNECTIONS_PER_ADDRESS: '20' } });
  let port: number;
  let admin: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    const f = await createFixtureUsers(t.app);
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  it('GET /api and /api/ are a 404 envelope, not the app page', async () => {
    for (const url of ['/api', '/api/', '/api?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(ENVELOPE_KEYS);
    }
  });

  it('a malformed URL or query is a 4xx envelope', async () => {
    for (const target of [
      '/api/SentCard/GetSentCardDetails?testKitName=%E0%A4%A',
      '/api/TestKit/GetTestKitById?Id=%E0%A4%A',
      '/api/%%%',
      '/api/TestKit/%E0%A4%A',
    ]) {
      const reply = await raw(port, (s) => s.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      expect(reply, target).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(Object.keys(bodyOf(reply)).sort(), target).toEqual(ENVELOPE_KEYS);
    }
  });

  it("headers too large: Node's 431 in the envelope", async () => {
    const reply = await raw(port, (s) =>
      s.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431/);
    expect(bodyOf(reply)).toEqual({
      status: 'Failure',
      message: MSG.headersTooLarge,
      error: expect.any(String),
      data: null,
    });
  });

  it('a body trickled a byte at a time is cut off when the request time runs out', { timeout: 15_000 }, async () => {
    const started = Date.now();
    const reply = await raw(
      port,
      (s) => {
        s.write(
          'POST /api/User/Authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
        );
        const drip = setInterval(() => (s.writable ? s.write(' ') : clearInterval(drip)), 500);
        s.on('close', () => clearInterval(drip));
      },
      8000,
    );
    const took = Date.now() - started;
    expect(took).toBeLessThan(7000);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(reply)).toMatchObject({ status: 'Failure', message: MSG.requestTimeout });
  });

  it('caps the open connections of one address', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(port, '127.0.0.1', () => resolve(s));
            s.on('error', () => resolve(s));
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const open = sockets.filter((s) => !s.destroyed && s.readyState === 'open');
    // 20 places for this address (a socket of an earlier test may still hold one).
    expect(open.length).toBeLessThanOrEqual(20);
    expect(open.length).toBeGreaterThanOrEqual(18);
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    // Closed ones free their places.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('refuses bodies nested too deep, filters too long and too many sort columns with 400', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/sync/results/push',
      headers: { 'content-type': 'application/json' },
      payload: `[{"newDocumentState":${deep}}]`,
    });
    expect(push.statusCode).toBe(400);
    expect(envelopeOf(push)).toMatchObject({ status: 'Failure', message: MSG.bodyTooDeep });
    const list = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ScentCardOption/GetScentCardOptionList',
        headers: { authorization: `Bearer ${admin}` },
        payload: body,
      });
    const long = await list({ pageNumber: 1, rowsPerPage: 10, filter: { Title: 'x'.repeat(50_000) } });
    expect(long.statusCode).toBe(400);
    expect(envelopeOf(long).message).toBe(MSG.filterTooLong);
    const sorts = Array.from({ length: 2000 }, () => ({ columnName: 'title', sortOrder: 'asc' }));
    const many = await list({ pageNumber: 1, rowsPerPage: 10, sortColumns: sorts });
    expect(many.statusCode).toBe(400);
    expect(envelopeOf(many).message).toBe(MSG.tooManySortColumns);
  });

  it('answers a pushed document it cannot read with its id and reason only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/results/push',
      payload: [{ newDocumentState: { id: 'not-a-uuid', secret: 'x'.repeat(1000), answers: 'nope' } }],
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toEqual([{ id: 'not-a-uuid', rejected: true, reason: PLAY_MSG.invalidId }]);
  });

  it('treats kit codes such as constructor as plain data; a __proto__ key is refused', async () => {
    const pull = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/kits/pull',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const poisoned = await pull('{"codes":["demo1"],"checkpoint":{"versions":{"__proto__":{"x":1}}}}');
    expect(poisoned.statusCode).toBe(400);
    expect(Object.keys(poisoned.json()).sort()).toEqual(ENVELOPE_KEYS);
    const res = await pull(
      '{"codes":["constructor","__proto__","toString","hasOwnProperty"],"checkpoint":{"versions":{"constructor":5,"toString":1},"kitIds":{"valueOf":2}}}',
    );
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<{ unknownCodes: string[] }>(res).data.unknownCodes).toEqual([
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
    ]);
  });

  it('marks API replies no-store and allows the camera and location to the app only', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['permissions-policy']).toContain('camera=(self)');
    expect(api.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(api.headers['permissions-policy']).toContain('microphone=()');
    const upload = await t.app.inject({ method: 'GET', url: '/uploads/none.png' });
    expect(upload.headers['cache-control']).not.toBe('no-store');
  });
});

describe('per-address throttles of the public endpoints', () => {
  let t: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { ...DEMO_ENV, RATE_LIMIT_SUBMIT: '100/1h', RATE_LIMIT_READ: '50/1h' } });
    off = await makeTestApp({ env: { ...DEMO_ENV, RATE_LIMIT_SUBMIT: '2/1m', RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await t?.cleanup();
    await off?.cleanup();
  });

  it('lets an event behind one address play: 40 results at once are all stored', async () => {
    const demo = await liveKit(t.app, 'DEMO1');
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/TestResult/SaveTestResult',
          payload: saveBody(demo, answersFor(demo)),
          remoteAddress: '203.0.113.80',
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    // Saves and pushes share one throttle, and a push costs one per document: 40 + 61 is past
    // the 100, so the push is 429 with the envelope.
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/sync/results/push',
      payload: Array.from({ length: 61 }, () => ({
        assumedMasterState: null,
        newDocumentState: resultDoc(demo, answersFor(demo)),
      })),
      remoteAddress: '203.0.113.80',
    });
    expect(past.statusCode).toBe(429);
    expect(past.headers['retry-after']).toMatch(/^\d+$/);
    expect(envelopeOf(past)).toEqual({ status: 'Failure', message: MSG.tooManyRequests, error: null, data: null });
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveTestResult',
      payload: saveBody(demo, answersFor(demo)),
      remoteAddress: '198.51.100.80',
    });
    expect(other.statusCode).toBe(200);
  });

  it('cuts kit code enumeration to the read rate', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/SentCard/GetSentCardDetails?testKitName=GUESS${i}`,
        remoteAddress: '203.0.113.81',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(50);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    // Sign-in, health and the staff API are not in these throttles.
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.81' });
    expect(health.statusCode).toBe(200);
  });

  it('RATE_LIMITS=off turns them all off', async () => {
    const demo = await liveKit(off.app, 'DEMO1');
    for (let i = 0; i < 10; i++) {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/TestResult/SaveTestResult',
        payload: saveBody(demo, answersFor(demo)),
        remoteAddress: '203.0.113.82',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
