import { post, type RouteInfo } from '../common/route';

/** The staff's reports: Data Location, Location Map, Pass/Fail chart, kit insights. */
export const REPORTS_ROUTES = {
  getDataLocation: post('/api/Report/GetDataLocation', 'staff'),
  getLocationData: post('/api/Report/GetLocationData', 'staff'),
  passFailDataByDate: post('/api/Report/PassFailDataByDate', 'staff'),
  // #24 kit insights: item analysis of one kit's cards.
  getKitInsights: post('/api/Report/GetKitInsights', 'staff'),
} as const satisfies Record<string, RouteInfo>;
