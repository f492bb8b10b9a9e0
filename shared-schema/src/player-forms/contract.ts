import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { PLAYER_FORMS_PLAYER_ROUTES } from './player-routes';
import { medicalRequest, questionnaireRequest, storedMedicalSchema, storedQuestionnaireSchema } from './schemas';

export const PLAYER_FORMS_CONTRACT = defineContract(PLAYER_FORMS_PLAYER_ROUTES, {
  saveQuestionnaireResult: {
    summary:
      'The COVID-19 questionnaire of a result: exactly five {Question, Answer (Yes/No, any case)}; completes the test. A second one for the result: 400 Warning',
    body: questionnaireRequest,
    data: z.null(),
    refusalData: storedQuestionnaireSchema,
  },
  saveUserMedicalInformation: {
    summary:
      'The medical form of a result: names (they replace the placeholder), age, gender, race, eight yes/no flags, and OrganizationId (set once, while the result has none). An identical resend is a no-op; a different second record: 400 Warning',
    body: medicalRequest,
    data: z.null(),
    refusalData: storedMedicalSchema,
  },
});
