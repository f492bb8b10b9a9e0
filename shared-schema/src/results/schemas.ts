import { z } from 'zod';
import { FILTER_TEXT_MAX, GENDERS, RACES } from '../common/enums';
import { MSG } from '../common/messages';
import { nameLength } from '../common/names';
import { listRequest, UUID_RE, usDateSchema } from '../common/schemas';
import { deviceMarkShape } from '../devices/schemas';
import { REPORT_MSG } from '../emails/rules';
import { AGE_MAX, AGE_MIN } from '../player-forms/medical';
import { INTENSITY_MAX, INTENSITY_MIN, PLAY_MSG, PLAYER_NAME_MAX, playName, WRITE_KEY_RE } from './rules';
import { DISEASE_FILTERS, FAMILY_DISEASE_FILTERS, RESULTS_MSG, TREND_GROUPS } from './staff-rules';

// ── A play and its result (zod; the rules are in rules.ts so the player's first load has no zod) ──

export const answerSchema = z.object({
  scentCardId: z.number({ error: PLAY_MSG.unknownCard }).int().positive({ error: PLAY_MSG.unknownCard }),
  scentOptionId: z.number({ error: PLAY_MSG.answerNotOption }).int().positive({ error: PLAY_MSG.answerNotOption }),
  smellIntensity: z
    .number({ error: PLAY_MSG.intensityRange })
    .int({ error: PLAY_MSG.intensityRange })
    .min(INTENSITY_MIN, { error: PLAY_MSG.intensityRange })
    .max(INTENSITY_MAX, { error: PLAY_MSG.intensityRange }),
});
export type Answer = z.infer<typeof answerSchema>;

const optionalCoord = (min: number, max: number) =>
  z.number({ error: 'Latitude and longitude must be numbers' }).min(min).max(max).nullable().optional();
/**
 * Names a play may carry (the placeholder, or names from an older build): counted in characters like
 * the form's names (nameLength), and never refused over their characters — a name that breaks the
 * name rule arrives as empty (playName; API.md "People's names"), so it is stored as no name. A
 * resend is compared in that stored form.
 */
const optionalName = z
  .string()
  .trim()
  .normalize('NFC')
  .refine((v) => nameLength(v) <= PLAYER_NAME_MAX, { error: PLAY_MSG.namesTooLong })
  .transform(playName)
  .nullable()
  .optional();

/**
 * A result's write key (API.md "Writing to a result"); a key of another form is refused. The
 * writes about a result (e-mails, forms, wallet passes) carry it too.
 */
export const writeKeySchema = z
  .string({ error: PLAY_MSG.invalidWriteKey })
  .regex(WRITE_KEY_RE, { error: PLAY_MSG.invalidWriteKey });

/** A played result as the device stores and pushes it (API.md "Sync"). */
export const resultDocSchema = z.object({
  id: z.string({ error: PLAY_MSG.invalidId }).regex(UUID_RE, { error: PLAY_MSG.invalidId }),
  /** API.md "Writing to a result": fixed when the result is first stored; absent from older builds. */
  writeKey: writeKeySchema.nullable().optional(),
  testKitId: z.number().int().positive(),
  kitVersion: z.number().int().positive(),
  organizationId: z.number().int().positive().nullable().optional(),
  latitude: optionalCoord(-90, 90),
  longitude: optionalCoord(-180, 180),
  firstName: optionalName,
  lastName: optionalName,
  playedAt: z.iso.datetime({ offset: true, error: PLAY_MSG.invalidPlayedAt }),
  answers: z.array(answerSchema).min(1, { error: PLAY_MSG.cardMissing }).max(20, { error: PLAY_MSG.cardTwice }),
  resultStatus: z.enum(['Pass', 'Fail']).optional(),
  rightAnswerCount: z.number().int().optional(),
  rejected: z.boolean().optional(),
  reason: z.string().optional(),
  /** API.md "Devices": the device that made it and its number there; absent from older builds. */
  ...deviceMarkShape,
});
export type ResultDoc = z.infer<typeof resultDocSchema>;

/** The spec's submission for online clients (spec §3), plus the device UUID and play time. */
export const saveTestResultRequest = z.object({
  id: z.string().regex(UUID_RE, { error: PLAY_MSG.invalidId }).optional(),
  /** The result's write key; without one the server makes one and returns it. */
  writeKey: writeKeySchema.nullable().optional(),
  testKitId: z.number({ error: PLAY_MSG.invalidKit }).int().positive({ error: PLAY_MSG.invalidKit }),
  organizationId: z.number().int().positive().nullable().optional(),
  latitude: optionalCoord(-90, 90),
  longitude: optionalCoord(-180, 180),
  firstName: optionalName,
  lastName: optionalName,
  playedAt: z.iso.datetime({ offset: true, error: PLAY_MSG.invalidPlayedAt }).optional(),
  testResultDetails: z
    .array(
      z.object({
        scentCardsId: answerSchema.shape.scentCardId,
        answerId: answerSchema.shape.scentOptionId,
        smellIntensity: answerSchema.shape.smellIntensity,
      }),
    )
    .min(1, { error: PLAY_MSG.cardMissing }),
  ...deviceMarkShape,
});

// ── The player's look-ups ───────────────────────────────────────────────────

const resultIdField = z.string({ error: PLAY_MSG.invalidId }).trim().min(1, { error: PLAY_MSG.invalidId }).max(100);
export const findResultQuery = z.object({ id: resultIdField });
/** FindTestResultId by POST: the id in the query or in the body. */
export const findResultOptional = z.object({ id: resultIdField.optional() });

/**
 * `?id=` of VerifyResult. Any text up to 100 characters: an id that is not a UUID was never a
 * result, and gets the same 404 as one that has not reached the server.
 */
export const verifyQuery = z.object({
  id: z.string({ error: REPORT_MSG.resultNotSynced }).trim().max(100, { error: REPORT_MSG.resultNotSynced }),
});

// ── The staff's results list (spec §7; API.md), bound ignoring case ─────────

const optionalText = z.string({ error: MSG.invalidRequest }).max(FILTER_TEXT_MAX, { error: MSG.invalidRequest });
const age = z
  .number({ error: RESULTS_MSG.ageRange })
  .int({ error: RESULTS_MSG.ageRange })
  .min(AGE_MIN, { error: RESULTS_MSG.ageRange })
  .max(AGE_MAX, { error: RESULTS_MSG.ageRange });
const positiveId = z.number({ error: MSG.invalidRequest }).int({ error: MSG.invalidRequest }).positive();

/**
 * The results filters of spec §7, flat in the body as the spec sends them. Each may be absent,
 * null or empty (no filter). `LoginOrganizationId` is accepted and ignored: the token decides the
 * scope. From/To are whole days in America/Los_Angeles.
 */
export const resultFilterShape = {
  searchText: optionalText.nullable().optional(),
  testKitId: z.array(positiveId, { error: MSG.invalidRequest }).max(100).nullable().optional(),
  resultStatus: z.enum(['Pass', 'Fail', ''], { error: MSG.invalidRequest }).nullable().optional(),
  gender: z
    .enum([...GENDERS, ''], { error: MSG.invalidRequest })
    .nullable()
    .optional(),
  race: z
    .enum([...RACES, ''], { error: MSG.invalidRequest })
    .nullable()
    .optional(),
  userDisease: z
    .enum([...DISEASE_FILTERS, ''], { error: MSG.invalidRequest })
    .nullable()
    .optional(),
  userFamilyDisease: z
    .enum([...FAMILY_DISEASE_FILTERS, ''], { error: MSG.invalidRequest })
    .nullable()
    .optional(),
  ageRangeMin: age.nullable().optional(),
  ageRangeMax: age.nullable().optional(),
  organizationId: positiveId.nullable().optional(),
  loginOrganizationId: z.unknown().optional(),
  fromDate: z
    .union([usDateSchema, z.literal('')])
    .nullable()
    .optional(),
  toDate: z
    .union([usDateSchema, z.literal('')])
    .nullable()
    .optional(),
};

const refineFilters = <T extends z.ZodType<{ ageRangeMin?: number | null; ageRangeMax?: number | null }>>(s: T) =>
  s.refine((v) => v.ageRangeMin == null || v.ageRangeMax == null || v.ageRangeMin <= v.ageRangeMax, {
    error: RESULTS_MSG.ageRange,
    path: ['ageRangeMin'],
  });

/** GetTestResultList: paging and sorting (as every list) plus the flat filters. */
export const testResultListRequest = refineFilters(listRequest({}).omit({ filter: true }).extend(resultFilterShape));
export type TestResultListRequest = z.output<typeof testResultListRequest>;

/**
 * ExportCsv: the list request; paging is ignored (the whole filtered set is exported). `Extended`
 * appends EXPORT_CSV_EXTENDED_COLUMNS; without it the file is exactly the spec's.
 */
export const exportCsvRequest = refineFilters(
  listRequest({})
    .omit({ filter: true })
    .extend({ ...resultFilterShape, extended: z.boolean({ error: MSG.invalidRequest }).nullable().optional() }),
);
export type ExportCsvRequest = z.output<typeof exportCsvRequest>;

/** GetTestAnswerResultDetailList / GetQuestionnaireAnswerList: one result's rows, paged. */
export const resultDetailRequest = listRequest({})
  .omit({ filter: true })
  .extend({
    testResultId: z.string({ error: PLAY_MSG.invalidId }).regex(UUID_RE, { error: PLAY_MSG.invalidId }),
  });

// --- #24 dashboard ---

/** A day of a dashboard's period (MM/DD/YYYY); absent, null or empty: that end is open. */
const optionalDay = z
  .union([usDateSchema, z.literal('')], { error: MSG.invalidDate })
  .nullable()
  .optional();

/**
 * GetTestResultCounts' period, in the query or (POST) the body: whole days in America/Los_Angeles;
 * neither: all time.
 */
export const testResultCountsRequest = z.object({ fromDate: optionalDay, toDate: optionalDay });
export type TestResultCountsRequest = z.output<typeof testResultCountsRequest>;

/** A required day: missing says so, anything else not MM/DD/YYYY says how to write one. */
const requiredDay = z
  .string({ error: (issue) => (issue.input === undefined ? RESULTS_MSG.datesRequired : MSG.invalidDate) })
  // usDateSchema's pattern: the same days, only the message for a missing one differs.
  .regex(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/, { error: MSG.invalidDate });

/** GetTestResultTrend (API.md): the range, the grouping, and an Admin's choice of organization. */
export const testResultTrendRequest = z.object({
  fromDate: requiredDay,
  toDate: requiredDay,
  groupBy: z.enum(TREND_GROUPS, { error: RESULTS_MSG.trendGroupBy }),
  organizationId: positiveId.nullable().optional(),
});
export type TestResultTrendRequest = z.output<typeof testResultTrendRequest>;
