import { z } from 'zod';
import { defineContract, perItem } from '../common/endpoint';
import { emailConflictSchema } from '../sync/replies';
import { EMAILS_PLAYER_ROUTES } from './player-routes';
import { EMAIL_PUSH_MAX_BYTES } from './rules';
import { emailModel, emailPushBodySchema } from './schemas';

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
  pushEmails: {
    summary:
      'An e-mail made offline, up: one EmailDoc a request (up to 8 MB: older builds carry a PDF, ignored), sent exactly once by its id once its result is stored (404 before); the reply lists a refusal',
    body: emailPushBodySchema,
    // One document a push today; declared so a larger push would cost per document too.
    cost: perItem(1),
    bodyLimit: EMAIL_PUSH_MAX_BYTES,
    data: z.array(emailConflictSchema),
  },
});
