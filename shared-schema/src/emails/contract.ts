import { z } from 'zod';
import { defineContract, perItem } from '../common/endpoint';
import { emailConflictSchema } from '../sync/replies';
import { EMAILS_PLAYER_ROUTES } from './player-routes';
import { EMAIL_PUSH_MAX_BYTES } from './rules';
import { emailModel, emailPushBodySchema } from './schemas';

export const EMAILS_CONTRACT = defineContract(EMAILS_PLAYER_ROUTES, {
  sendResultInEmail: {
    summary:
      'E-mail a result report: multipart `model` {Name, Email, Date, TestResultId?, Id?} and the PDF `file` (under 5 MB). One Id is sent once; at most 5 e-mails per recipient an hour',
    model: emailModel,
    fileDescription: 'The report as a PDF under 5 MB',
    // services/emails refuses a request without its PDF (REPORT_MSG.fileRequired).
    fileRequired: true,
    data: z.null(),
  },
  sendQuestionnaireResultInEmail: {
    summary: 'E-mail questionnaire answers: as SendResultInEmail',
    model: emailModel,
    fileDescription: 'The answers as a PDF under 5 MB',
    fileRequired: true,
    data: z.null(),
  },
  pushEmails: {
    summary:
      'An e-mail made offline, up: one EmailDoc a request (up to 8 MB), sent exactly once by its id; the reply lists a refusal',
    body: emailPushBodySchema,
    // One document a push today; declared so a larger push would cost per document too.
    cost: perItem(1),
    bodyLimit: EMAIL_PUSH_MAX_BYTES,
    data: z.array(emailConflictSchema),
  },
});
