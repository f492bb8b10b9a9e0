import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, api, callPlayer, onTotpSetupRequired, onUnauthorized } from './api';
import { call } from './call';
import { getSession, setSession, wasSessionExpired } from './session';

const SESSION = {
  token: 'tok',
  id: 1,
  roleName: 'Admin' as const,
  firstName: 'A',
  lastName: 'B',
  organizationId: null,
  organizationName: null,
  discloseUserDetails: true,
};

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('unwraps data on Success and sends the bearer token only when asked', async () => {
    const fetchMock = reply(200, { status: 'Success', message: 'ok', error: null, data: { n: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    setSession(SESSION);
    expect(await api('/api/x', { auth: true })).toEqual({ n: 1 });
    expect((fetchMock.mock.calls[0] as unknown[])[1]).toMatchObject({ headers: { Authorization: 'Bearer tok' } });
    await api('/api/y', { body: { a: 1 } });
    const init = (fetchMock.mock.calls[1] as unknown[])[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws the server message on a Warning', async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, { status: 'Warning', message: 'Invalid email or password.', error: null, data: null }),
    );
    const err = (await api('/api/User/Authenticate', { body: {} }).catch((e) => e)) as ApiFailure;
    expect(err).toBeInstanceOf(ApiFailure);
    expect(err.message).toBe('Invalid email or password.');
    expect(err.isWarning).toBe(true);
  });

  it('a 403 asking for two-step set-up (REQUIRE_TOTP) marks the session and tells listeners; another 403 does not', async () => {
    setSession(SESSION);
    const listener = vi.fn();
    const off = onTotpSetupRequired(listener);
    vi.stubGlobal('fetch', reply(403, { status: 'Failure', message: 'no', error: null, data: null }));
    await expect(api('/api/x', { auth: true })).rejects.toBeInstanceOf(ApiFailure);
    expect(listener).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      reply(403, {
        status: 'Failure',
        message: 'Set up two-step sign-in first',
        error: null,
        data: { totpSetupRequired: true },
      }),
    );
    await expect(api('/api/x', { auth: true })).rejects.toBeInstanceOf(ApiFailure);
    expect(listener).toHaveBeenCalledOnce();
    expect(getSession()).toMatchObject({ token: 'tok', totpSetupRequired: true });
    off();
  });

  it('clears the session and tells listeners on 401 (the spec 401 rule)', async () => {
    vi.stubGlobal('fetch', reply(401, { status: 'Failure', message: 'expired', error: null, data: null }));
    setSession(SESSION);
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    await expect(api('/api/x', { auth: true })).rejects.toBeInstanceOf(ApiFailure);
    expect(getSession()).toBeNull();
    expect(wasSessionExpired()).toBe(true);
    setSession(SESSION);
    expect(wasSessionExpired()).toBe(false);
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('turns a network failure into the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/api/x')).rejects.toThrow('Something went wrong. Please try again!');
  });

  it('calls an endpoint by its contract name: method, path, token only where the contract asks', async () => {
    const fetchMock = reply(200, { status: 'Success', message: 'ok', error: null, data: { isCompleted: false } });
    vi.stubGlobal('fetch', fetchMock);
    setSession(SESSION);
    await call('getTestKitById', { query: { id: 7 } });
    await callPlayer('pullKits', { body: { codes: ['DEMO1'], checkpoint: null, batchSize: 1 } });
    const [adminUrl, adminInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(adminUrl).toBe('/api/TestKit/GetTestKitById?id=7');
    expect(adminInit.method).toBe('GET');
    expect((adminInit.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const [publicUrl, publicInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(publicUrl).toBe('/api/sync/kits/pull');
    expect(publicInit.method).toBe('POST');
    expect((publicInit.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(publicInit.body as string)).toEqual({ codes: ['DEMO1'], checkpoint: null, batchSize: 1 });
  });

  it("keeps a 429's Retry-After seconds, and none when it is missing or not a number", async () => {
    const refusal = { status: 'Failure', message: 'Too many requests. Try again later.', error: null, data: null };
    for (const [header, seconds] of [
      ['7', 7],
      [null, undefined],
      ['Wed, 21 Oct 2015 07:28:00 GMT', undefined],
    ] as const) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (header) headers['Retry-After'] = header;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(refusal), { status: 429, headers })),
      );
      const err = await api('/api/sync/results/push', { body: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiFailure);
      expect((err as ApiFailure).httpStatus).toBe(429);
      expect((err as ApiFailure).retryAfterSeconds, String(header)).toBe(seconds);
    }
  });
});
