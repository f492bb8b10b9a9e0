import { post, type RouteInfo } from '../common/route';

/** The staff's devices screen (API.md "Devices"): Admin for all, Client Admin for their organization's. */
export const DEVICES_ROUTES = {
  getDeviceList: post('/api/Device/GetDeviceList', 'staff'),
  dismissGaps: post('/api/Device/DismissGaps', 'staff'),
} as const satisfies Record<string, RouteInfo>;
