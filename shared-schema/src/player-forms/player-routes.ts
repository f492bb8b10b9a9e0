import { post, type RouteInfo } from '../common/route';

/** The forms a player fills in after play: the medical form and the questionnaire, online (the offline push is sync's). */
export const PLAYER_FORMS_PLAYER_ROUTES = {
  saveQuestionnaireResult: post('/api/TestResult/SaveQuestionnaireResult', 'public', 'submit'),
  saveUserMedicalInformation: post('/api/TestResult/SaveUserMedicalInformation', 'public', 'submit'),
} as const satisfies Record<string, RouteInfo>;
