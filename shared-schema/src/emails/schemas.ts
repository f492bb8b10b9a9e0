import { z } from 'zod';
import { MSG } from '../common/messages';
import { EMAIL_MAX, isValidEmail } from '../common/rules';
import { pushRows, uuid } from '../common/schemas';
import { deviceMarkShape } from '../devices/schemas';
import { LANGUAGES } from '../i18n/languages';
import { writeKeySchema } from '../results/schemas';
import { EMAIL_KINDS, REPORT_MSG } from './rules';

/** The report e-mails' request schemas (zod), apart from their rules so the player's screens need no zod. */

const reportEmail = z
  .string({ error: REPORT_MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX, { error: REPORT_MSG.invalidEmail })
  .refine(isValidEmail, { error: REPORT_MSG.invalidEmail });
/**
 * What older builds still send and the server no longer uses (API.md "E-mails and passes"): the
 * name, the date and the PDF, accepted in any form and ignored (the server writes the text and
 * makes the attachment from the stored record).
 */
const ignored = (what: string) => z.unknown().optional().describe(`${what}: accepted and ignored`);

/** `en` or `es` in any case; absent: `en`. */
const emailLanguage = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(LANGUAGES, { error: MSG.invalidRequest }),
  )
  .nullable()
  .optional();

/**
 * `model` of SendResultInEmail / SendQuestionnaireResultInEmail: who gets it, the stored result it
 * is about with that result's write key, the language of the text, and the sender's own id (a
 * UUID: one `Id` is sent once).
 */
export const emailModel = z.object({
  email: reportEmail,
  testResultId: uuid(MSG.invalidRequest),
  writeKey: writeKeySchema.nullable().optional(),
  language: emailLanguage,
  id: uuid(MSG.invalidRequest).optional().nullable(),
  name: ignored('Name'),
  date: ignored('Date'),
  ...deviceMarkShape,
});
export type EmailModel = z.output<typeof emailModel>;

/** An e-mail made offline, waiting on the device (API.md "Sync": EmailDoc). */
export const emailDocSchema = z.object({
  id: uuid(MSG.invalidRequest),
  testResultId: uuid(MSG.invalidRequest),
  /** The result's write key (API.md "Writing to a result"); none for a result stored without one. */
  writeKey: writeKeySchema.nullable().optional(),
  kind: z.enum(EMAIL_KINDS, { error: MSG.invalidRequest }),
  email: reportEmail,
  language: emailLanguage,
  name: ignored('name'),
  date: ignored('date'),
  pdfBase64: ignored('pdfBase64'),
  ...deviceMarkShape,
});
export type EmailDoc = z.output<typeof emailDocSchema>;

/** One e-mail document a request (API.md "Sync"), in the push's row shape. */
export const emailPushBodySchema = pushRows(1, 1);
