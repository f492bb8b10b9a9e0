import { post, type RouteInfo } from '../common/route';

/** The forms a player fills in after play: the medical form and the questionnaire, online or pushed later. */
export const PLAYER_FORMS_PLAYER_ROUTES = {
  saveQuestionnaireResult: post('/api/TestResult/SaveQuestionnaireResult', 'public', 'submit'),
  saveUserMedicalInformation: post('/api/TestResult/SaveUserMedicalInformation', 'public', 'submit'),
  pushQuestionnaires: post('/api/sync/questionnaires/push', 'public', 'submit'),
  pushMedical: post('/api/sync/medical/push', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
