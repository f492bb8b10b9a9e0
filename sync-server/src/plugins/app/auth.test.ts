import { type Access, MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createOrganization,
  createUser,
  envelopeOf,
  makeJwt,
  makeTestApp,
  signIn,
  useFixtures,
  useTestApp,
} from '../../test/helpers';
import { callerOf } from './auth';

const LEVELS: Access[] = ['public', 'auth', 'staff', 'admin'];
const probePath = (access: Access) => `/api/Test/${access[0].toUpperCase()}${access.slice(1)}`;

/** One probe route per access level, answering with who the guard let in. */
async function probes(app: FastifyInstance) {
  for (const access of LEVELS) {
    app.get(probePath(access), { config: { access } }, async (req) =>
      success(access === 'public' ? null : { id: callerOf(req).id, roleName: callerOf(req).roleName }),
    );
  }
}

const UNAUTHORIZED = { status: 'Failure', message: MSG.unauthorized, error: null, data: null };
const FORBIDDEN = { status: 'Failure', message: MSG.forbidden, error: null, data: null };

describe('auth guards', () => {
  const t = useTestApp({ extraRoutes: probes });
  const f = useFixtures(t);
  const tokens: Record<'admin' | 'clientAdmin' | 'user', string> = { admin: '', clientAdmin: '', user: '' };

  beforeAll(async () => {
    tokens.admin = await signIn(t.app, f.admin.email, f.admin.password);
    tokens.clientAdmin = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    tokens.user = await signIn(t.app, f.user.email, f.user.password);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('401 for a missing or invalid session', () => {
    it('public routes need no token', async () => {
      const res = await get(probePath('public'));
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res).status).toBe('Success');
    });

    for (const access of ['auth', 'staff', 'admin'] as const) {
      it(`${access}: no token → 401`, async () => {
        const res = await get(probePath(access));
        expect(res.statusCode).toBe(401);
        expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
      });
    }

    it('a token signed with another secret → 401', async () => {
      const forged = makeJwt(
        { sub: String(f.admin.id), role: 'Admin', iat: Math.floor(Date.now() / 1000) },
        'not-the-server-secret',
      );
      const res = await get(probePath('auth'), bearer(forged));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('a genuine token with a tampered payload → 401', async () => {
      const [head, , sig] = tokens.user.split('.');
      const payload = Buffer.from(JSON.stringify({ sub: String(f.admin.id), role: 'Admin' })).toString('base64url');
      const res = await get(probePath('admin'), bearer(`${head}.${payload}.${sig}`));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('a genuine token with a tampered signature → 401', async () => {
      const sig = tokens.admin.split('.')[2];
      const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
      const res = await get(probePath('auth'), bearer(tokens.admin.replace(sig, flipped)));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('an unsigned token (alg none) → 401', async () => {
      const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: String(f.admin.id), role: 'Admin' })}.`;
      const res = await get(probePath('auth'), bearer(token));
      expect(res.statusCode).toBe(401);
    });

    it('a garbage Authorization header → 401', async () => {
      for (const authorization of ['Bearer', 'Bearer not-a-jwt', `Basic ${tokens.admin}`, tokens.admin]) {
        const res = await get(probePath('auth'), { authorization });
        expect(res.statusCode, authorization.slice(0, 12)).toBe(401);
        expect(envelopeOf(res).status).toBe('Failure');
      }
    });

    it('an expired token (right secret, exp in the past) → 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = makeJwt(
        { sub: String(f.admin.id), role: 'Admin', iat: now - 3600, exp: now - 60 },
        t.config.jwtSecret,
      );
      // The same token with a future exp passes: only the expiry is wrong.
      const fresh = makeJwt({ sub: String(f.admin.id), role: 'Admin', iat: now, exp: now + 60 }, t.config.jwtSecret);
      expect((await get(probePath('admin'), bearer(fresh))).statusCode).toBe(200);
      const res = await get(probePath('admin'), bearer(expired));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('a token with the right secret but a subject that is not a plain user id → 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const sub of [f.admin.id, true, ` ${f.admin.id}`, `0x${f.admin.id.toString(16)}`, `${f.admin.id}.0`, '']) {
        const token = makeJwt({ sub, role: 'Admin', iat: now, exp: now + 60 }, t.config.jwtSecret);
        const res = await get(probePath('admin'), bearer(token));
        expect(res.statusCode, JSON.stringify(sub)).toBe(401);
      }
    });

    it('a token from sign-in expires after JWT_TTL (8h by default)', async () => {
      const token = await signIn(t.app, f.user.email, f.user.password);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 8 * 3600 * 1000 - 60 * 1000);
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 60 * 1000);
      const res = await get(probePath('auth'), bearer(token));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('a token signed by app.jwt with a 1 s lifetime stops working after it', async () => {
      const token = t.app.jwt.sign({ sub: String(f.admin.id), role: 'Admin' }, { expiresIn: 1 });
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(401);
    });

    it('a token whose user does not exist → 401', async () => {
      const token = t.app.jwt.sign({ sub: '999999', role: 'Admin' });
      const res = await get(probePath('auth'), bearer(token));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });

    it('a token of a user made inactive afterwards → 401, and works again once reactivated', async () => {
      const u = await createUser(t.app, { roleName: 'Admin' });
      const token = await signIn(t.app, u.email, u.password);
      expect((await get(probePath('admin'), bearer(token))).statusCode).toBe(200);
      await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', u.id).execute();
      const res = await get(probePath('auth'), bearer(token));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
      await t.app.db.updateTable('users').set({ isActive: 1 }).where('id', '=', u.id).execute();
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(200);
    });

    it('a token of a user deleted afterwards → 401', async () => {
      const u = await createUser(t.app, { roleName: 'User' });
      const token = await signIn(t.app, u.email, u.password);
      await t.app.db.updateTable('users').set({ deletedAt: new Date().toISOString() }).where('id', '=', u.id).execute();
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(401);
    });

    it('a token of a user whose organization is made inactive afterwards → 401', async () => {
      const org = await createOrganization(t.app);
      const u = await createUser(t.app, { roleName: 'Client Admin', organizationId: org });
      const token = await signIn(t.app, u.email, u.password);
      expect((await get(probePath('staff'), bearer(token))).statusCode).toBe(200);
      await t.app.db.updateTable('organizations').set({ isActive: 0 }).where('id', '=', org).execute();
      const res = await get(probePath('staff'), bearer(token));
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toEqual(UNAUTHORIZED);
    });
  });

  describe('role guards (API.md: auth = any role, staff = Admin or Client Admin, admin = Admin)', () => {
    const expected: Record<'admin' | 'clientAdmin' | 'user', Record<Exclude<Access, 'public'>, number>> = {
      admin: { auth: 200, staff: 200, admin: 200 },
      clientAdmin: { auth: 200, staff: 200, admin: 403 },
      user: { auth: 200, staff: 403, admin: 403 },
    };
    for (const who of ['admin', 'clientAdmin', 'user'] as const) {
      for (const access of ['auth', 'staff', 'admin'] as const) {
        const code = expected[who][access];
        it(`${who} on ${access} → ${code}`, async () => {
          const res = await get(probePath(access), bearer(tokens[who]));
          expect(res.statusCode).toBe(code);
          const body = envelopeOf<{ id: number; roleName: string }>(res);
          if (code === 200) {
            expect(body.status).toBe('Success');
            expect(body.error).toBeNull();
            expect(body.data.id).toBe(f[who].id);
            expect(body.data.roleName).toBe(f[who].roleName);
          } else {
            expect(body).toEqual(FORBIDDEN);
          }
        });
      }
    }

    it('the role comes from the database, not from the token', async () => {
      // A genuine token whose `role` claim says Admin, for a User: still 403.
      const token = t.app.jwt.sign({ sub: String(f.user.id), role: 'Admin' });
      const res = await get(probePath('admin'), bearer(token));
      expect(res.statusCode).toBe(403);
      expect(envelopeOf(res)).toEqual(FORBIDDEN);
    });

    it('a demoted user loses access at once', async () => {
      const u = await createUser(t.app, { roleName: 'Admin' });
      const token = await signIn(t.app, u.email, u.password);
      expect((await get(probePath('admin'), bearer(token))).statusCode).toBe(200);
      await t.app.db.updateTable('users').set({ roleId: 3 }).where('id', '=', u.id).execute();
      expect((await get(probePath('admin'), bearer(token))).statusCode).toBe(403);
      expect((await get(probePath('auth'), bearer(token))).statusCode).toBe(200);
    });
  });
});

describe('route registration', () => {
  it('an /api route without config.access fails the build', async () => {
    await expect(
      makeTestApp({
        extraRoutes: (app) => {
          app.get('/api/Test/Forgotten', async () => success(null));
        },
      }),
    ).rejects.toThrow(/GET \/api\/Test\/Forgotten declares no config\.access/);
  });

  it('a POST /api route without config.access fails the build too', async () => {
    await expect(
      makeTestApp({
        extraRoutes: (app) => {
          app.post('/api/Test/Forgotten', { config: {} }, async () => success(null));
        },
      }),
    ).rejects.toThrow(/declares no config\.access/);
  });

  it('routes outside /api need no access level', async () => {
    const t = await makeTestApp({
      extraRoutes: (app) => {
        app.get('/probe-outside-api', async () => success('ok'));
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/probe-outside-api' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});
