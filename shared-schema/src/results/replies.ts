import { z } from 'zod';
import { RESULT_STATUSES } from '../common/enums';

export const resultStatusSchema = z.enum(RESULT_STATUSES);

export const saveTestResultData = z.object({
  resultStatus: resultStatusSchema,
  /** The device UUID the result is stored under. */
  testResultId: z.string(),
  rightAnswerCount: z.number().int(),
  /**
   * The result's write key: the one sent, or the one the server made; on an identical resend only
   * when the resend carried the stored key (else null). API.md "Writing to a result".
   */
  writeKey: z.string().nullable(),
});

export const findTestResultData = z.object({ isCompleted: z.boolean() });

/** VerifyResult: the server's record of a result, and nothing else (no names, no answers). */
export const verifyResultData = z.object({
  resultStatus: z.enum(RESULT_STATUSES),
  rightAnswerCount: z.number().int(),
  testKitName: z.string(),
  playedAt: z.string(),
});
export type VerifiedResult = z.output<typeof verifyResultData>;

export const testResultCountsSchema = z.object({
  totalTestCount: z.number().int(),
  passCount: z.number().int(),
  failCount: z.number().int(),
  testKitCount: z.number().int(),
});
export type TestResultCounts = z.output<typeof testResultCountsSchema>;

/**
 * A row of the staff's results list (spec §3): `answerStatus` is the right answer count; names
 * are null where the scope's name rule removes them; `created` is when the player played (ISO).
 * Medical answers as the export words them (`userDisease`, `userFamilyDisease`: labels joined).
 */
export const testResultRowSchema = z.object({
  id: z.string(),
  /** The first 8 characters of the id, as printed on the report (shortResultId). */
  shortId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  testKitId: z.number().int(),
  testKitName: z.string(),
  resultStatus: z.enum(RESULT_STATUSES),
  answerStatus: z.number().int(),
  created: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  userDisease: z.string().nullable(),
  userFamilyDisease: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  questionnaireCompleted: z.boolean(),
});
export type TestResultRow = z.output<typeof testResultRowSchema>;

/** One answer of a result as played (spec §3 detail rows), with what the admin may see: the right answer too. */
export const answerDetailRowSchema = z.object({
  scentCardName: z.string(),
  cardSortOrder: z.number().int(),
  answerName: z.string(),
  answerStoredPath: z.string().nullable(),
  correctAnswerName: z.string().nullable(),
  smellIntensity: z.number().int(),
  smellIntensityText: z.string(),
  answerStatus: z.enum(['Right', 'Wrong']),
});
export type AnswerDetailRow = z.output<typeof answerDetailRowSchema>;

export const questionnaireRowSchema = z.object({ question: z.string(), answer: z.string() });
export type QuestionnaireRow = z.output<typeof questionnaireRowSchema>;

// --- #24 dashboard ---
/** One period of GetTestResultTrend: its first calendar day (YYYY-MM-DD, America/Los_Angeles) and counts. */
export const trendPointSchema = z.object({
  period: z.string(),
  total: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type TrendPoint = z.output<typeof trendPointSchema>;
