import { get, post, type RouteInfo } from '../common/route';

/** The Admin's play kit screens, and the kit names staff filter results by. */
export const KITS_ROUTES = {
  getTestKit: post('/api/TestKit/GetTestKit', 'admin'),
  getTestKitById: get('/api/TestKit/GetTestKitById', 'admin'),
  saveTestKit: post('/api/TestKit/SaveTestKit', 'admin'),
  updateTestKit: post('/api/TestKit/UpdateTestKit', 'admin'),
  deleteTestKit: get('/api/TestKit/DeleteTestKit', 'admin'),
  getTestNameList: get('/api/TestKit/GetTestNameList', 'staff'),
} as const satisfies Record<string, RouteInfo>;
