import { post, type RouteInfo } from '../common/route';

/** A device's report of what it has made and still holds (API.md "Devices"). */
export const DEVICES_PLAYER_ROUTES = {
  reportDevice: post('/api/sync/devices/report', 'public', 'read'),
} as const satisfies Record<string, RouteInfo>;
