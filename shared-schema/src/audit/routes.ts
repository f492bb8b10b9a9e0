import { post, type RouteInfo } from '../common/route';

/** The Admin's audit log. */
export const AUDIT_ROUTES = {
  getAuditLog: post('/api/Audit/GetAuditLog', 'admin'),
} as const satisfies Record<string, RouteInfo>;
