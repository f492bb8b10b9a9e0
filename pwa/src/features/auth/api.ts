import type { AuthenticateRequest, ChangePasswordRequest } from '@scentry/shared-schema';
import { call } from '../../lib/call';

export const authenticate = (body: AuthenticateRequest) => call('authenticate', { body });

export const changePassword = (body: ChangePasswordRequest) => call('changePassword', { body });

// --- #25 sessions --- no body: the server ends every session of the caller but this one.
export const endOtherSessions = () => call('endOtherSessions');
