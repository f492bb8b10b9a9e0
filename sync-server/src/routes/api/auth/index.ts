import { MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { totpRequiredFor } from '../../../config';
import { DeviceTokens } from '../../../lib/device-token';
import { route } from '../../../lib/route';
import { TotpChallenges } from '../../../lib/totp-challenge';
import { LOGIN_LIMITS, LoginLimiter } from '../../../limits/login-limiter';
import { callerOf, originOf } from '../../../plugins/app/auth';
import { AuthService } from '../../../services/auth';
import { forgetInitialPassword } from '../../../services/initial-admin';
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
    app.accountMail,
    (payload) => app.jwt.sign(payload),
    new DeviceTokens(app.config.jwtSecret),
    limiter,
    totp,
    (user) => !user.totpEnabled && totpRequiredFor(app.config.requireTotp, user.roleName),
  );

  route(app, 'authenticate', async (req) => success(await auth.signIn(originOf(req), req.body), MSG.loginSuccess));

  route(app, 'changePassword', async (req) => {
    await auth.changePassword(originOf(req), callerOf(req), req.body);
    forgetInitialPassword(app.config.dataDir, callerOf(req).email);
    return success(null, MSG.passwordChanged);
  });

  route(app, 'endOtherSessions', async (req) => {
    await auth.endOtherSessions(originOf(req), callerOf(req));
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
    await reset.forgotPassword(originOf(req), req.body);
    return success(null, MSG.resetLinkRequested);
  });
  route(app, 'resetPasswordWithToken', async (req) => {
    const email = await reset.resetWithToken(originOf(req), req.body);
    forgetInitialPassword(app.config.dataDir, email);
    return success(null, MSG.resetDone);
  });
  route(app, 'sendResetLink', async (req) => {
    await reset.sendResetLink(originOf(req), req.body);
    return success(null, MSG.resetLinkSent);
  });

  // two-step sign-in (TOTP, issue 25)
  route(app, 'verifyTotp', async (req) => success(await auth.verifyTotp(originOf(req), req.body), MSG.loginSuccess));
  route(app, 'totpSetup', async (req) =>
    success(await totp.setup(originOf(req), callerOf(req), req.body), MSG.totpSetupStarted),
  );
  route(app, 'totpEnable', async (req) =>
    success(await totp.enable(originOf(req), callerOf(req), req.body), MSG.totpEnabled),
  );
  route(app, 'totpDisable', async (req) => {
    await totp.disable(originOf(req), callerOf(req), req.body);
    return success(null, MSG.totpDisabled);
  });
  route(app, 'totpRecoveryCodes', async (req) =>
    success(await totp.renewRecoveryCodes(originOf(req), callerOf(req), req.body), MSG.totpRecoveryCodesRenewed),
  );
  route(app, 'totpClear', async (req) => {
    await totp.clear(originOf(req), callerOf(req), req.body);
    return success(null, MSG.totpCleared);
  });
}
