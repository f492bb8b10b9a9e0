import { get, post, type RouteInfo } from '../common/route';

/** The Admin's Client screens. */
export const ORGANIZATIONS_ROUTES = {
  getOrganizationList: post('/api/Organization/GetOrganizationList', 'admin'),
  createOrganization: post('/api/Organization/CreateOrganization', 'admin'),
  editOrganization: post('/api/Organization/EditOrganization', 'admin'),
  deleteOrganization: get('/api/Organization/DeleteOrganization', 'admin'),
} as const satisfies Record<string, RouteInfo>;
