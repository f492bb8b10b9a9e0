import { MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { totpRequiredFor } from '../../../config';
import { DeviceTokens } from '../../../lib/device-token';
import { route } from '../../../lib/route';
import { TotpChallenges } from '../../../lib/totp-challenge';
import { LOGIN_LIMITS, LoginLimiter } from '../../../limits/login-limiter';
import { authUser } from '../../../plugins/app/auth';
import { AuthService } from '../../../services/auth';
import { PasswordResetService } from '../../../services/password-reset';
import { TotpService } from '../../../services/totp';

export default async function authRoutes(app: FastifyInstance) {
  // Sign-in, ChangePassword and the TOTP calls count wrong passwords and codes toward the same limits.
  // The clock is read at each call, so a test that moves time (challenge expiry) moves the limits too.
  // The counts live in app.counters: this process's memory, or the database shared by every instance.
  const limiter = new LoginLimiter(LOGIN_LIMITS, () => Date.now(), app.counters('login'));
  const totp = new TotpService(
    app.db,
    app.config.totpKey,
    new TotpChallenges(app.config.jwtSecret),
    limiter,
    app.accountMail,
  );
  const auth = new AuthService(
    app.db,
    (payload) => app.jwt.sign(payload),
    new DeviceTokens(app.config.jwtSecret),
    limiter,
    totp,
    (user) => !user.totpEnabled && totpRequiredFor(app.config.requireTotp, user.roleName),
  );

  route(app, 'authenticate', async (req) => success(await auth.signIn(req, req.body), MSG.loginSuccess));

  route(app, 'changePassword', async (req) => {
    await auth.changePassword(req, authUser(req), req.body);
    return success(null, MSG.passwordChanged);
  });

  route(app, 'endOtherSessions', async (req) => {
    await auth.endOtherSessions(req, authUser(req));
    return success(null, MSG.otherSessionsEnded);
  });

  // Password reset by link (issue 25).
  const reset = new PasswordResetService({
    db: app.db,
    publicUrl: app.config.publicUrl,
    mail: app.accountMail,
    perAddressThrottles: app.config.throttles !== null,
    counters: app.counters,
  });
  route(app, 'forgotPassword', async (req) => {
    await reset.forgotPassword(req, req.body);
    return success(null, MSG.resetLinkRequested);
  });
  route(app, 'resetPasswordWithToken', async (req) => {
    await reset.resetWithToken(req, req.body);
    return success(null, MSG.resetDone);
  });
  route(app, 'sendResetLink', async (req) => {
    await reset.sendResetLink(req, req.body);
    return success(null, MSG.resetLinkSent);
  });

  // two-step sign-in (TOTP, issue 25)
  route(app, 'verifyTotp', async (req) => success(await auth.verifyTotp(req, req.body), MSG.loginSuccess));
  route(app, 'totpSetup', async (req) => success(await totp.setup(req, authUser(req), req.body), MSG.totpSetupStarted));
  route(app, 'totpEnable', async (req) => success(await totp.enable(req, authUser(req), req.body), MSG.totpEnabled));
  route(app, 'totpDisable', async (req) => {
    await totp.disable(req, authUser(req), req.body);
    return success(null, MSG.totpDisabled);
  });
  route(app, 'totpRecoveryCodes', async (req) =>
    success(await totp.renewRecoveryCodes(req, authUser(req), req.body), MSG.totpRecoveryCodesRenewed),
  );
  route(app, 'totpClear', async (req) => {
    await totp.clear(req, authUser(req), req.body);
    return success(null, MSG.totpCleared);
  });
}
