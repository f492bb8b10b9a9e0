import { z } from 'zod';
import { MSG } from './messages';
import { EMAIL_KINDS, REPORT_MSG, REPORT_NAME_MAX, SCORE_RE, US_DATE_RE } from './report';
import { EMAIL_MAX, isValidEmail } from './rules';

/** The report's request schemas (zod), apart from its rules so the player's screens need no zod. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) => z.string({ error: message }).regex(UUID_RE, { error: message });

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
  kind: z.enum(EMAIL_KINDS, { error: MSG.invalidRequest }),
  name: reportName,
  email: reportEmail,
  date: reportDate,
  pdfBase64: z.string({ error: REPORT_MSG.fileRequired }).min(1, { error: REPORT_MSG.fileRequired }),
});
export type EmailDoc = z.output<typeof emailDocSchema>;

/** One e-mail document a request (API.md "Sync"), in the push's row shape. */
export const emailPushBodySchema = z
  .array(
    z.object(
      { assumedMasterState: z.unknown().nullable().optional(), newDocumentState: z.record(z.string(), z.unknown()) },
      { error: MSG.invalidRequest },
    ),
    { error: MSG.invalidRequest },
  )
  .min(1, { error: MSG.invalidRequest })
  .max(1, { error: MSG.invalidRequest });

/** GeneratePKSafePass: what the pass shows. */
export const pkPassRequest = z.object({
  name: z
    .string({ error: REPORT_MSG.passFields })
    .trim()
    .min(1, { error: REPORT_MSG.passFields })
    .max(REPORT_NAME_MAX, {
      error: REPORT_MSG.passFields,
    }),
  date: z.string({ error: REPORT_MSG.passFields }).trim().regex(US_DATE_RE, { error: REPORT_MSG.passFields }),
  result: z.enum(['Pass', 'Fail'], { error: REPORT_MSG.passFields }),
  score: z.string({ error: REPORT_MSG.passFields }).trim().regex(SCORE_RE, { error: REPORT_MSG.passFields }),
});
export type PkPassRequest = z.output<typeof pkPassRequest>;

/**
 * `?id=` of VerifyResult. Any text up to 100 characters: an id that is not a UUID was never a
 * result, and gets the same 404 as one that has not reached the server.
 */
export const verifyQuery = z.object({
  id: z.string({ error: REPORT_MSG.resultNotSynced }).trim().max(100, { error: REPORT_MSG.resultNotSynced }),
});
export const isUuid = (v: string): boolean => UUID_RE.test(v);
