import type { RouteInfo } from '../common/route';
import { DEVICES_PLAYER_ROUTES } from '../devices/player-routes';
import { EMAILS_PLAYER_ROUTES } from '../emails/player-routes';
import { HEALTH_PLAYER_ROUTES } from '../health/player-routes';
import { ORGANIZATIONS_PLAYER_ROUTES } from '../organizations/player-routes';
import { PLAYER_FORMS_PLAYER_ROUTES } from '../player-forms/player-routes';
import { RESULTS_PLAYER_ROUTES } from '../results/player-routes';
import { SCENT_CARDS_PLAYER_ROUTES } from '../scent-cards/player-routes';
import { SYNC_PLAYER_ROUTES } from '../sync/player-routes';
import { WALLET_PLAYER_ROUTES } from '../wallet/player-routes';

/**
 * The endpoints the player's screens call (public), in their own small table: a player's first
 * load reads only this one, not the paths of every admin endpoint. Assembled from each domain's
 * `player-routes.ts`, which holds nothing else: a module is never split between chunks, so a
 * staff entry beside these would ride along in the player's first load.
 */
export const PLAYER_ROUTES = {
  ...HEALTH_PLAYER_ROUTES,
  ...ORGANIZATIONS_PLAYER_ROUTES,
  ...SCENT_CARDS_PLAYER_ROUTES,
  ...RESULTS_PLAYER_ROUTES,
  ...PLAYER_FORMS_PLAYER_ROUTES,
  ...EMAILS_PLAYER_ROUTES,
  ...WALLET_PLAYER_ROUTES,
  ...SYNC_PLAYER_ROUTES,
  ...DEVICES_PLAYER_ROUTES,
} as const satisfies Record<string, RouteInfo>;

export type PlayerEndpointName = keyof typeof PLAYER_ROUTES;
