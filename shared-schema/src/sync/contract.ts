import { z } from 'zod';
import { defineContract, perItem } from '../common/endpoint';
import { EMAIL_PUSH_MAX_BYTES } from '../emails/rules';
import { emailPushBodySchema } from '../emails/schemas';
import { FORM_PUSH_MAX_ROWS, formPushBodySchema } from '../player-forms/schemas';
import { PUSH_MAX_ROWS } from '../results/rules';
import { SYNC_PLAYER_ROUTES } from './player-routes';
import { emailConflictSchema, pullKitsData, pushConflictSchema } from './replies';
import { PULL_MAX_CODES } from './rules';
import { pullRequestSchema, pushBodySchema } from './schemas';

export const SYNC_CONTRACT = defineContract(SYNC_PLAYER_ROUTES, {
  pullKits: {
    summary: 'Kits down: documents newer than the checkpoint, tombstones, unknown codes',
    body: pullRequestSchema,
    // A code asked is a code tried: guessing kit codes costs per code, not per request.
    cost: perItem(PULL_MAX_CODES, 'codes'),
    data: pullKitsData,
  },
  pushResults: {
    summary: 'Results up: each stored exactly once; the reply lists the conflicts',
    body: pushBodySchema,
    cost: perItem(PUSH_MAX_ROWS),
    data: z.array(pushConflictSchema),
  },
  pushQuestionnaires: {
    summary:
      'Questionnaires answered offline, up: each QuestionnaireDoc stored exactly once by its id, after its result; the reply lists refusals',
    body: formPushBodySchema,
    cost: perItem(FORM_PUSH_MAX_ROWS),
    data: z.array(emailConflictSchema),
  },
  pushMedical: {
    summary:
      'Medical forms made offline, up: each MedicalDoc stored exactly once by its id, after its result; the reply lists refusals',
    body: formPushBodySchema,
    cost: perItem(FORM_PUSH_MAX_ROWS),
    data: z.array(emailConflictSchema),
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
