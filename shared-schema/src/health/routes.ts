import { get, type RouteInfo } from '../common/route';

/** Monitoring's liveness check. */
export const HEALTH_ROUTES = {
  health: get('/api/health', 'public'),
} as const satisfies Record<string, RouteInfo>;
