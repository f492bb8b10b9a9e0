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

const get = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'GET', path, access, ...(throttle ? { throttle } : {}) }) as const;
const post = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'POST', path, access, ...(throttle ? { throttle } : {}) }) as const;

/**
 * Every /api endpoint (API.md "Paths"), by name. The contract (`CONTRACT`) gives each one its
 * request and reply schemas; the server registers routes from it, the PWA calls by these names.
 */
export const ROUTES = {
  health: get('/api/health', 'public'),
  appConfig: get('/api/AppConfig', 'public'),

  authenticate: post('/api/User/Authenticate', 'public'),
  changePassword: post('/api/User/ChangePassword', 'auth'),
  getUserList: post('/api/User/GetUserList', 'admin'),
  getUserById: get('/api/User/GetUserById', 'admin'),
  createUser: post('/api/User/CreateUser', 'admin'),
  updateUser: post('/api/User/UpdateUser', 'admin'),
  deleteUser: get('/api/User/DeleteUser', 'admin'),
  resetPassword: post('/api/User/ResetPassword', 'admin'),
  getRoles: get('/api/Role/GetRoles', 'public'),

  dropDownOrganization: get('/api/Organization/DropDownOrganization', 'public', 'read'),
  getOrganizationById: get('/api/Organization/GetOrganizationById', 'public', 'read'),
  getOrganizationList: post('/api/Organization/GetOrganizationList', 'admin'),
  createOrganization: post('/api/Organization/CreateOrganization', 'admin'),
  editOrganization: post('/api/Organization/EditOrganization', 'admin'),
  deleteOrganization: get('/api/Organization/DeleteOrganization', 'admin'),

  getAuditLog: post('/api/Audit/GetAuditLog', 'admin'),

  getScentCardOptionList: post('/api/ScentCardOption/GetScentCardOptionList', 'admin'),
  dropDownForScentCardOption: get('/api/ScentCardOption/DropDownForScentCardOption', 'admin'),
  getScentCardOptionById: get('/api/ScentCardOption/GetScentCardOptionById', 'admin'),
  createScentCardOption: post('/api/ScentCardOption/CreateScentCardOption', 'admin'),
  updateScentCardOption: post('/api/ScentCardOption/UpdateScentCardOption', 'admin'),
  deleteScentCardOption: get('/api/ScentCardOption/DeleteScentCardOption', 'admin'),

  getTestKit: post('/api/TestKit/GetTestKit', 'admin'),
  getTestKitById: get('/api/TestKit/GetTestKitById', 'admin'),
  saveTestKit: post('/api/TestKit/SaveTestKit', 'admin'),
  updateTestKit: post('/api/TestKit/UpdateTestKit', 'admin'),
  deleteTestKit: get('/api/TestKit/DeleteTestKit', 'admin'),
  getTestNameList: get('/api/TestKit/GetTestNameList', 'staff'),

  getSentCardDetails: get('/api/SentCard/GetSentCardDetails', 'public', 'read'),
  getScentCardByTestKitId: post('/api/SentCard/GetScentCardByTestKitId', 'admin'),
  getScentCardDetailById: get('/api/SentCard/GetScentCardDetailById', 'admin'),
  createSentCardDetails: post('/api/SentCard/CreateSentCardDetails', 'admin'),
  updateSentCardDetails: post('/api/SentCard/UpdateSentCardDetails', 'admin'),
  deleteScentCard: get('/api/SentCard/DeleteScentCard', 'admin'),

  saveTestResult: post('/api/TestResult/SaveTestResult', 'public', 'submit'),
  findTestResultId: get('/api/TestResult/FindTestResultId', 'public', 'read'),
  findTestResultIdPost: post('/api/TestResult/FindTestResultId', 'public', 'read'),
  getTestResultCounts: get('/api/TestResult/GetTestResultCounts', 'staff'),

  pullKits: post('/api/sync/kits/pull', 'public', 'read'),
  pushResults: post('/api/sync/results/push', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;

export type EndpointName = keyof typeof ROUTES;
