/**
 * Play results and reports for staff (spec §2 /admin/testresult and Reports, §3, §5, §7, §8):
 * rules, filter names and messages, zod-free so any screen can read them.
 */

export const RESULTS_MSG = {
  // spec §8 (exact)
  selectRow: 'Please select atleast one row',
  noExport: 'Sorry! There is no data to export.',
  toBeforeFrom: 'To Date should be greater than From Date',
  // ours (spec §5 states the rules, not the words)
  datesRequired: 'From Date and To Date are required',
  fromInFuture: 'From Date cannot be in the future',
  organizationRequired: 'Please select an organization',
  ageRange: 'Age range is 1 to 100, and the minimum cannot be above the maximum',
  resultNotFound: 'Result not found',
  // --- #24 dashboard ---
  trendGroupBy: 'Group by day, week or month',
  trendTooManyPeriods: 'This range has too many periods to draw: choose a shorter range or group by week or month',
} as const;

// --- #24 dashboard ---
/** How GetTestResultTrend groups results (API.md "Reports: trend and kit insights"). */
export const TREND_GROUPS = ['day', 'week', 'month'] as const;
export type TrendGroup = (typeof TREND_GROUPS)[number];
/**
 * The most periods one trend lists (a day over three years; weeks and months have the same cap),
 * so a request cannot ask the server for an unbounded reply.
 */
export const TREND_PERIODS_MAX = 1100;

/** The medical form's flags as the results filters name them (spec §7 UserDisease / UserFamilyDisease). */
export const DISEASE_FILTERS = [
  'AlzheimerDisease',
  'ParkinsonDisease',
  'HeadInjuriesConcussion',
  'SinoNasalDisease',
  'OtherNeurologicalDisorder',
] as const;
export const FAMILY_DISEASE_FILTERS = [
  'AlzheimerDiseaseInFamily',
  'ParkinsonDiseaseInFamily',
  'OtherNeurologicalDisorderInFamily',
] as const;
export type DiseaseFilter = (typeof DISEASE_FILTERS)[number];
export type FamilyDiseaseFilter = (typeof FAMILY_DISEASE_FILTERS)[number];

/** The CSV export's header line, exactly (issue: play results). */
export const EXPORT_CSV_HEADER =
  'created,firstName,lastName,gender,age,race,userDisease,userFamilyDisease,organizationName,testKitName,resultStatus';

/**
 * The Extended export's columns, after EXPORT_CSV_HEADER's (API.md GetTestResultList row): the
 * result id, its score and average intensity (spec §2: the sum over the kit's cards), its place and
 * coordinates (rounded for a Client Admin whose organization does not disclose names), whether
 * the questionnaire was answered, and the play time in UTC.
 */
export const EXPORT_CSV_EXTENDED_COLUMNS =
  'resultId,rightAnswerCount,averageIntensity,country,state,city,latitude,longitude,questionnaireCompleted,playedAtUtc';

/**
 * A search text that may be a result id or its start (API.md): 6 to 36 hexadecimal digits and
 * hyphens, as on the report (8 characters) or in the verify link (the whole id).
 */
export const RESULT_ID_SEARCH = /^[0-9a-f-]{6,36}$/i;

/** The start of a result id a search text asks for (lower case, as ids are stored), or null. */
export const resultIdPrefix = (text: string): string | null =>
  RESULT_ID_SEARCH.test(text) ? text.toLowerCase() : null;

/** Columns the results list sorts by (sortColumns[].columnName, any case). */
export const RESULT_SORT_COLUMNS = [
  'created',
  'firstName',
  'lastName',
  'testKitName',
  'resultStatus',
  'answerStatus',
  'organizationName',
  'age',
] as const;
