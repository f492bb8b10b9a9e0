import { MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { DeviceTokens } from '../../../lib/device-token';
import { route } from '../../../lib/route';
import { authUser } from '../../../plugins/app/auth';
import { AuthService } from '../../../services/auth';
import { PasswordResetService } from '../../../services/password-reset';

export default async function authRoutes(app: FastifyInstance) {
  const auth = new AuthService(app.db, (payload) => app.jwt.sign(payload), new DeviceTokens(app.config.jwtSecret));

  route(app, 'authenticate', async (req) => success(await auth.signIn(req, req.body), MSG.loginSuccess));

  route(app, 'changePassword', async (req) => {
    await auth.changePassword(req, authUser(req), req.body);
    return success(null, MSG.passwordChanged);
  });

  // --- #25 sessions ---
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
}
