import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { signInReplySchema } from './replies';
import { AUTH_ROUTES } from './routes';
import { authenticateRequest, changePasswordRequest } from './schemas';

export const AUTH_CONTRACT = defineContract(AUTH_ROUTES, {
  authenticate: {
    summary: 'Sign in (staff): a bearer token and the session user',
    body: authenticateRequest,
    data: signInReplySchema,
  },
  changePassword: {
    summary: "Change the signed-in user's own password",
    body: changePasswordRequest,
    data: z.null(),
  },
  // --- #25 sessions ---
  endOtherSessions: {
    summary:
      'End every other session of the signed-in user: their other tokens answer 401 from now on, the calling one keeps working. No body (one sent is ignored)',
    data: z.null(),
  },
});
