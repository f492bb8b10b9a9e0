import { z } from 'zod';
import { MSG } from '../common/messages';
import { EMAIL_MAX, isValidEmail } from '../common/rules';
import { pushRows, uuid, writeKeySchema } from '../common/schemas';
import { EMAIL_KINDS, REPORT_MSG, REPORT_NAME_MAX, US_DATE_RE } from './rules';

/** The report e-mails' request schemas (zod), apart from their rules so the player's screens need no zod. */

const reportName = z
  .string({ error: REPORT_MSG.nameRequired })
  .trim()
  .min(1, { error: REPORT_MSG.nameRequired })
  .max(REPORT_NAME_MAX, { error: REPORT_MSG.nameRequired });
const reportEmail = z
  .string({ error: REPORT_MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX, { error: REPORT_MSG.invalidEmail })
  .refine(isValidEmail, { error: REPORT_MSG.invalidEmail });
const reportDate = z
  .string({ error: REPORT_MSG.dateRequired })
  .trim()
  .regex(US_DATE_RE, { error: REPORT_MSG.dateRequired });

/**
 * `model` of SendResultInEmail / SendQuestionnaireResultInEmail: who gets it and what it says,
 * plus the result it belongs to and the sender's own id (a UUID: one `Id` is sent once).
 */
export const emailModel = z.object({
  name: reportName,
  email: reportEmail,
  date: reportDate,
  testResultId: uuid(MSG.invalidRequest).optional().nullable(),
  id: uuid(MSG.invalidRequest).optional().nullable(),
});
export type EmailModel = z.output<typeof emailModel>;

/** An e-mail made offline, waiting on the device (API.md "Sync": EmailDoc). */
export const emailDocSchema = z.object({
  id: uuid(MSG.invalidRequest),
  testResultId: uuid(MSG.invalidRequest),
  /** The result's write key (API.md "Writing to a result"); none for a result stored without one. */
  writeKey: writeKeySchema.nullable().optional(),
  kind: z.enum(EMAIL_KINDS, { error: MSG.invalidRequest }),
  name: reportName,
  email: reportEmail,
  date: reportDate,
  pdfBase64: z.string({ error: REPORT_MSG.fileRequired }).min(1, { error: REPORT_MSG.fileRequired }),
});
export type EmailDoc = z.output<typeof emailDocSchema>;

/** One e-mail document a request (API.md "Sync"), in the push's row shape. */
export const emailPushBodySchema = pushRows(1, 1);
