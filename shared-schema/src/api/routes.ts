import { get, PLAYER_ROUTES, post, type RouteInfo } from './player-routes';

/** The staff's endpoints and the rest. */
export const STAFF_ROUTES = {
  health: get('/api/health', 'public'),
  authenticate: post('/api/User/Authenticate', 'public'),
  changePassword: post('/api/User/ChangePassword', 'auth'),
  getUserList: post('/api/User/GetUserList', 'admin'),
  getUserById: get('/api/User/GetUserById', 'admin'),
  createUser: post('/api/User/CreateUser', 'admin'),
  updateUser: post('/api/User/UpdateUser', 'admin'),
  deleteUser: get('/api/User/DeleteUser', 'admin'),
  resetPassword: post('/api/User/ResetPassword', 'admin'),
  getRoles: get('/api/Role/GetRoles', 'public'),
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
  getScentCardByTestKitId: post('/api/SentCard/GetScentCardByTestKitId', 'admin'),
  getScentCardDetailById: get('/api/SentCard/GetScentCardDetailById', 'admin'),
  createSentCardDetails: post('/api/SentCard/CreateSentCardDetails', 'admin'),
  updateSentCardDetails: post('/api/SentCard/UpdateSentCardDetails', 'admin'),
  deleteScentCard: get('/api/SentCard/DeleteScentCard', 'admin'),
  getTestResultCounts: get('/api/TestResult/GetTestResultCounts', 'staff'),
  getTestResultList: post('/api/TestResult/GetTestResultList', 'staff'),
  getTestAnswerResultDetailList: post('/api/TestResult/GetTestAnswerResultDetailList', 'staff'),
  getQuestionnaireAnswerList: post('/api/TestResult/GetQuestionnaireAnswerList', 'staff'),
  exportCsv: post('/api/TestResult/ExportCsv', 'staff'),
  getDataLocation: post('/api/Report/GetDataLocation', 'staff'),
  getLocationData: post('/api/Report/GetLocationData', 'staff'),
  passFailDataByDate: post('/api/Report/PassFailDataByDate', 'staff'),
} as const satisfies Record<string, RouteInfo>;

/**
 * Every /api endpoint (API.md "Paths"), by name. The contract (`CONTRACT`) gives each one its
 * request and reply schemas; the server registers routes from it, the PWA calls by these names.
 */
export const ROUTES = { ...PLAYER_ROUTES, ...STAFF_ROUTES } as const;

export type EndpointName = keyof typeof ROUTES;
