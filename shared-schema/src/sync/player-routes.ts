import { post, type RouteInfo } from '../common/route';

/** The device's sync: kits down; results, forms and e-mails made on the device up. */
export const SYNC_PLAYER_ROUTES = {
  pullKits: post('/api/sync/kits/pull', 'public', 'read'),
  pushResults: post('/api/sync/results/push', 'public', 'submit'),
  pushQuestionnaires: post('/api/sync/questionnaires/push', 'public', 'submit'),
  pushMedical: post('/api/sync/medical/push', 'public', 'submit'),
  pushEmails: post('/api/sync/emails/push', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
