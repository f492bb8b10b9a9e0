import { post, type RouteInfo } from '../common/route';

/** A result report or questionnaire e-mailed from the player's pages, online (the offline push is sync's). */
export const EMAILS_PLAYER_ROUTES = {
  sendResultInEmail: post('/api/TestResult/SendResultInEmail', 'public', 'submit'),
  sendQuestionnaireResultInEmail: post('/api/TestResult/SendQuestionnaireResultInEmail', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
