import { get, type RouteInfo } from '../common/route';

/** The player's choice of a provider, and the provider shown on their result. */
export const ORGANIZATIONS_PLAYER_ROUTES = {
  dropDownOrganization: get('/api/Organization/DropDownOrganization', 'public', 'read'),
  getOrganizationById: get('/api/Organization/GetOrganizationById', 'public', 'read'),
} as const satisfies Record<string, RouteInfo>;
