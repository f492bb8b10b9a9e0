import type { Access } from '../roles';

/**
 * The per-address throttles a public endpoint opts into (their limits are the server's
 * configuration): `submit` for results sent, `read` for kits and results looked up.
 */
export type ThrottleName = 'submit' | 'read';

/** Where an endpoint lives and who may call it. Kept free of zod: the player's first load reads it. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  throttle?: ThrottleName;
}

/** A route's declaration: method, path, who may call it, and its throttle if it opts into one. */
export const get = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'GET', path, access, ...(throttle ? { throttle } : {}) }) as const;
export const post = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'POST', path, access, ...(throttle ? { throttle } : {}) }) as const;

/**
 * The endpoints the player's screens call (public), in their own small table: a player's first
 * load reads only this one, not the paths of every admin endpoint.
 */
export const PLAYER_ROUTES = {
  appConfig: get('/api/AppConfig', 'public'),
  dropDownOrganization: get('/api/Organization/DropDownOrganization', 'public', 'read'),
  getOrganizationById: get('/api/Organization/GetOrganizationById', 'public', 'read'),
  getSentCardDetails: get('/api/SentCard/GetSentCardDetails', 'public', 'read'),
  saveTestResult: post('/api/TestResult/SaveTestResult', 'public', 'submit'),
  findTestResultId: get('/api/TestResult/FindTestResultId', 'public', 'read'),
  findTestResultIdPost: post('/api/TestResult/FindTestResultId', 'public', 'read'),
  saveQuestionnaireResult: post('/api/TestResult/SaveQuestionnaireResult', 'public', 'submit'),
  saveUserMedicalInformation: post('/api/TestResult/SaveUserMedicalInformation', 'public', 'submit'),
  verifyResult: get('/api/TestResult/VerifyResult', 'public', 'read'),
  sendResultInEmail: post('/api/TestResult/SendResultInEmail', 'public', 'submit'),
  sendQuestionnaireResultInEmail: post('/api/TestResult/SendQuestionnaireResultInEmail', 'public', 'submit'),
  generatePkSafePass: post('/api/PkPassConfig/GeneratePKSafePass', 'public', 'submit'),
  pullKits: post('/api/sync/kits/pull', 'public', 'read'),
  pushResults: post('/api/sync/results/push', 'public', 'submit'),
  pushEmails: post('/api/sync/emails/push', 'public', 'submit'),
  pushQuestionnaires: post('/api/sync/questionnaires/push', 'public', 'submit'),
  pushMedical: post('/api/sync/medical/push', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;

export type PlayerEndpointName = keyof typeof PLAYER_ROUTES;
