import { post, type RouteInfo } from '../common/route';

/** The device's sync: kits down, played results up (the forms and e-mails push from their own domains). */
export const SYNC_PLAYER_ROUTES = {
  pullKits: post('/api/sync/kits/pull', 'public', 'read'),
  pushResults: post('/api/sync/results/push', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
