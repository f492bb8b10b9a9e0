import { MSG, type SessionUser } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  envelopeOf,
  makeTestApp,
  signIn,
  type TestApp,
  testDatabaseUrl,
  useFixtures,
  useTestApp,
} from './test/helpers';
import { APP_VERSION } from './version';

const SIGN_IN = '/api/User/Authenticate';

describe('the app: envelope for every client error, never a 500', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let token: string;

  beforeAll(async () => {
    token = await signIn(t.app, f.user.email, f.user.password);
  });

  const post = (payload: string | Buffer | object, contentType?: string, url = SIGN_IN, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    });

  const expectFailure400 = (res: Awaited<ReturnType<typeof post>>, message?: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = envelopeOf(res);
    expect(Object.keys(body).sort()).toEqual(['data', 'error', 'message', 'status']);
    expect(body.status).toBe('Failure');
    expect(body.data).toBeNull();
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toBe(message);
    return body;
  };

  it('malformed JSON → 400 Failure', async () => {
    const body = expectFailure400(
      await post('{"Email": "a@b.test", "Password": ', 'application/json'),
      MSG.invalidRequest,
    );
    expect(body.error).toEqual(expect.any(String));
  });

  it('an empty body with a JSON content type → 400 Failure', async () => {
    expectFailure400(await post('', 'application/json'), MSG.invalidRequest);
  });

  it('a JSON array body → 400 Failure', async () => {
    expectFailure400(
      await post('[{"Email":"a@b.test","Password":"Secret-1x"}]', 'application/json'),
      MSG.invalidRequest,
    );
  });

  it('a JSON string or number body → 400 Failure', async () => {
    expectFailure400(await post('"a@b.test"', 'application/json'), MSG.invalidRequest);
    expectFailure400(await post('42', 'application/json'), MSG.invalidRequest);
  });

  it('JSON null → 400 Failure as missing fields', async () => {
    expectFailure400(await post('null', 'application/json'), MSG.emailRequired);
  });

  it('wrong types → 400 Failure', async () => {
    expectFailure400(await post({ Email: 123, Password: 'Secret-1x' }));
    expectFailure400(await post({ Email: 'a@b.test', Password: 12345678 }));
    expectFailure400(await post({ Email: ['a@b.test'], Password: 'Secret-1x' }));
    expectFailure400(await post({ Email: { value: 'a@b.test' }, Password: 'Secret-1x' }));
    expectFailure400(await post({ Email: null, Password: null }));
  });

  it('missing fields → 400 Failure', async () => {
    expectFailure400(await post({}), MSG.emailRequired);
    expectFailure400(await post({ Email: 'a@b.test' }), MSG.passwordRequiredLogin);
  });

  it('no body at all → 400 Failure', async () => {
    const res = await t.app.inject({ method: 'POST', url: SIGN_IN });
    expectFailure400(res, MSG.emailRequired);
  });

  it('a non-JSON content type → 400 Failure (never 415)', async () => {
    expectFailure400(await post('Email=a@b.test&Password=Secret-1x', 'application/x-www-form-urlencoded'));
    expectFailure400(await post('<login/>', 'application/xml'));
    expectFailure400(await post('Email: a@b.test', 'text/plain'));
    expectFailure400(await post(Buffer.from([1, 2, 3]), 'application/octet-stream'));
  });

  it('a body over the limit → 400 Failure (never 413)', async () => {
    const big = JSON.stringify({ Email: 'a@b.test', Password: 'x'.repeat(1024 * 1024 + 10) });
    expectFailure400(await post(big, 'application/json'));
  });

  it('a guarded route with a bad body: 400 once signed in', async () => {
    expectFailure400(await post('{oops', 'application/json', '/api/User/ChangePassword', bearer(token)));
    expectFailure400(await post([1, 2] as unknown as object, undefined, '/api/User/ChangePassword', bearer(token)));
    expectFailure400(
      await post(
        { id: 'abc', oldPassword: 1, newPassword: true },
        undefined,
        '/api/User/ChangePassword',
        bearer(token),
      ),
    );
  });

  it('unknown fields are ignored', async () => {
    const res = await post(
      `{"Email":"${f.user.email}","Password":"${f.user.password}","Extra":1,"nested":{"a":[1]},"RoleName":"Admin"}`,
      'application/json',
    );
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<SessionUser>(res);
    expect(body.status).toBe('Success');
    expect(body.data.roleName).toBe('User');
  });

  it('a __proto__ key is refused by the JSON parser as 400, not 500', async () => {
    const res = await post(
      `{"Email":"${f.user.email}","Password":"${f.user.password}","__proto__":{"isAdmin":true}}`,
      'application/json',
    );
    expectFailure400(res, MSG.invalidRequest);
  });

  it('nothing above was a server error', () => {
    expect(t.logs()).not.toMatch(/"statusCode":5\d\d/);
    expect(t.logs()).not.toContain('request failed');
  });
});

describe('health and unknown paths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('GET /api/health → Success with db ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({
      status: 'Success',
      message: 'Success',
      error: null,
      data: { version: APP_VERSION, state: 'ready', db: 'ok', dialect: testDatabaseUrl() ? 'postgres' : 'sqlite' },
    });
  });

  it('an unknown /api path → 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/Nope/Nothing'],
      ['POST', '/api/User/NoSuchAction'],
      ['GET', '/api/User/Authenticate'], // exists only as POST
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(envelopeOf(res)).toEqual({
        status: 'Failure',
        message: MSG.notFound,
        error: `No route for ${method} ${url}`,
        data: null,
      });
    }
  });

  it('the 404 message does not echo the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Nope?token=secret-value' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret-value');
  });

  it('replies carry the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // only over TLS
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // The same on a refusal and on a static page.
    const missing = await t.app.inject({ method: 'GET', url: '/api/Nope' });
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('logs no line per request at info (LOG_LEVEL=debug is the access log)', async () => {
    const before = t.logs().length;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(t.logs().slice(before)).toBe('');
    const debug = await makeTestApp({ logLevel: 'debug' });
    try {
      await debug.app.inject({ method: 'GET', url: '/api/health?probe=1' });
      const line = debug
        .logs()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'request' && l.url === '/api/health?probe=1');
      expect(line).toMatchObject({ level: 20, method: 'GET', statusCode: 200 });
    } finally {
      await debug.cleanup();
    }
  });
});

describe('client address (TRUST_PROXY)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.cleanup();
  });

  async function ipSeen(trustProxy: string | undefined, remoteAddress: string, forwardedFor: string, host?: string) {
    const t = await makeTestApp({
      env: { TRUST_PROXY: trustProxy, ...(host ? { HOST: host } : {}) },
      extraRoutes: (app) => {
        app.get('/api/Test/Ip', { config: { access: 'public' } }, async (req) => ({ ip: req.ip }));
      },
    });
    apps.push(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Test/Ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return (res.json() as { ip: string }).ip;
  }

  it('ignores X-Forwarded-For by default', async () => {
    expect(await ipSeen(undefined, '203.0.113.1', '192.0.2.1')).toBe('203.0.113.1');
  });
  it('believes a listed proxy', async () => {
    expect(await ipSeen('203.0.113.1', '203.0.113.1', '192.0.2.1')).toBe('192.0.2.1');
    expect(await ipSeen('10.0.0.0/8', '203.0.113.1', '192.0.2.1')).toBe('203.0.113.1');
  });
  it('believes a number of hops while it listens on loopback only (a proxy on the same machine)', async () => {
    expect(await ipSeen('1', '203.0.113.1', '192.0.2.7, 192.0.2.1', '127.0.0.1')).toBe('192.0.2.1');
    expect(await ipSeen('2', '203.0.113.1', '192.0.2.7, 192.0.2.1', '127.0.0.1')).toBe('192.0.2.7');
  });
});
