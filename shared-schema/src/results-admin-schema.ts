import { z } from 'zod';
import { listRequest } from './catalogue';
import { DATA_SET_TYPES, FILTER_TEXT_MAX, GENDERS, RACES } from './enums';
import { AGE_MAX, AGE_MIN } from './medical';
import { MSG } from './messages';
import { PLAY_MSG } from './play';
import { DISEASE_FILTERS, FAMILY_DISEASE_FILTERS, RESULTS_MSG } from './results-admin';

/** Request schemas of the staff's results and reports (spec §7; API.md), bound ignoring case. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usDate = z
  .string({ error: MSG.invalidDate })
  .regex(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/, { error: MSG.invalidDate });
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
    .union([usDate, z.literal('')])
    .nullable()
    .optional(),
  toDate: z
    .union([usDate, z.literal('')])
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

/** ExportCsv: the list request; paging is ignored (the whole filtered set is exported). */
export const exportCsvRequest = testResultListRequest;

/** GetTestAnswerResultDetailList / GetQuestionnaireAnswerList: one result's rows, paged. */
export const resultDetailRequest = listRequest({})
  .omit({ filter: true })
  .extend({
    testResultId: z.string({ error: PLAY_MSG.invalidId }).regex(UUID_RE, { error: PLAY_MSG.invalidId }),
  });

/**
 * The reports' body (API.md): data set A (all), N (no organization) or O (one organization, which
 * an Admin must name; a Client Admin always gets their own), and the From/To days (MM/DD/YYYY,
 * America/Los_Angeles), required, From not in the future, To not before From.
 */
export const reportRequest = listRequest({}).extend({
  dataSetType: z.enum(DATA_SET_TYPES, { error: MSG.invalidRequest }),
  organizationId: positiveId.nullable().optional(),
  fromDate: usDate,
  toDate: usDate,
});
export type ReportRequest = z.output<typeof reportRequest>;
