import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { EMAILS_PLAYER_ROUTES } from './player-routes';
import { emailModel } from './schemas';

export const EMAILS_CONTRACT = defineContract(EMAILS_PLAYER_ROUTES, {
  sendResultInEmail: {
    summary:
      "E-mail a stored result's report: multipart `model` {Email, TestResultId, WriteKey, Language?, Id?}; the server makes the PDF from the stored record and writes the text (`Name`, `Date` and `file` are accepted and ignored). One Id is sent once; at most 3 recipients per result, 5 e-mails per recipient an hour, 200 recipients per address a day",
    model: emailModel,
    fileDescription: 'Ignored (older builds send their own PDF): the attachment is made by the server',
    data: z.null(),
  },
  sendQuestionnaireResultInEmail: {
    summary: 'E-mail the stored questionnaire answers of a result: as SendResultInEmail',
    model: emailModel,
    fileDescription: 'Ignored (older builds send their own PDF): the attachment is made by the server',
    data: z.null(),
  },
});
