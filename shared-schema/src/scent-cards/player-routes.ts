import { get, type RouteInfo } from '../common/route';

/** A kit's cards as the player plays them, by the code on the kit. */
export const SCENT_CARDS_PLAYER_ROUTES = {
  getSentCardDetails: get('/api/SentCard/GetSentCardDetails', 'public', 'read'),
} as const satisfies Record<string, RouteInfo>;
