import { AUDIT_ROUTES } from '../audit/routes';
import { AUTH_ROUTES } from '../auth/routes';
import type { RouteInfo } from '../common/route';
import { DEVICES_ROUTES } from '../devices/routes';
import { FHIR_ROUTES } from '../fhir/routes';
import { HEALTH_ROUTES } from '../health/routes';
import { KITS_ROUTES } from '../kits/routes';
import { ORGANIZATIONS_ROUTES } from '../organizations/routes';
import { REPORTS_ROUTES } from '../reports/routes';
import { RESULTS_ROUTES } from '../results/routes';
import { SCENT_CARDS_ROUTES } from '../scent-cards/routes';
import { SCENT_OPTIONS_ROUTES } from '../scent-options/routes';
import { USERS_ROUTES } from '../users/routes';
import { WEBHOOKS_ROUTES } from '../webhooks/routes';
import { PLAYER_ROUTES } from './player-routes';

/** The staff's endpoints and the rest (monitoring, sign-in): each domain's `routes.ts`. */
export const STAFF_ROUTES = {
  ...HEALTH_ROUTES,
  ...AUTH_ROUTES,
  ...USERS_ROUTES,
  ...ORGANIZATIONS_ROUTES,
  ...AUDIT_ROUTES,
  ...SCENT_OPTIONS_ROUTES,
  ...KITS_ROUTES,
  ...SCENT_CARDS_ROUTES,
  ...RESULTS_ROUTES,
  ...REPORTS_ROUTES,
  ...DEVICES_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...FHIR_ROUTES,
} as const satisfies Record<string, RouteInfo>;

/**
 * Every /api endpoint (API.md "Paths"), by name. The contract (`CONTRACT`) gives each one its
 * request and reply schemas; the server registers routes from it, the PWA calls by these names.
 */
export const ROUTES = { ...PLAYER_ROUTES, ...STAFF_ROUTES } as const;

export type EndpointName = keyof typeof ROUTES;
