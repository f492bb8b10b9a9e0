import { get, type RouteInfo } from '../common/route';

/** What the PWA cannot know by itself (the player's screens read it). */
export const HEALTH_PLAYER_ROUTES = {
  appConfig: get('/api/AppConfig', 'public'),
} as const satisfies Record<string, RouteInfo>;
