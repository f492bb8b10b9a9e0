import type { AuthenticateRequest, ChangePasswordRequest, SessionUser } from '@scentry/shared-schema';
import { api } from '../../lib/api';

export const authenticate = (body: AuthenticateRequest) =>
  api<SessionUser>('/api/User/Authenticate', { body: { Email: body.email, Password: body.password } });

export const changePassword = (body: ChangePasswordRequest) =>
  api<null>('/api/User/ChangePassword', { body, auth: true });
