import type {
  AuthenticateRequest,
  ChangePasswordRequest,
  TotpConfirmRequest,
  TotpEnableRequest,
  TotpSetupRequest,
  VerifyTotpRequest,
} from '@scentry/shared-schema';
import { call } from '../../lib/call';

export const authenticate = (body: AuthenticateRequest) => call('authenticate', { body });

export const changePassword = (body: ChangePasswordRequest) => call('changePassword', { body });

// two-step sign-in (TOTP, issue 25)
export const verifyTotp = (body: VerifyTotpRequest) => call('verifyTotp', { body });
export const totpSetup = (body: TotpSetupRequest) => call('totpSetup', { body });
export const totpEnable = (body: TotpEnableRequest) => call('totpEnable', { body });
export const totpDisable = (body: TotpConfirmRequest) => call('totpDisable', { body });
export const totpRecoveryCodes = (body: TotpConfirmRequest) => call('totpRecoveryCodes', { body });
