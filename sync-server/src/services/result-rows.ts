import {
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  flaggedLabels,
  shortResultId,
  type TestResultListRequest,
  type TestResultRow,
} from '@scentry/shared-schema';
import { dayStart } from '../lib/dates';
import type { ResultFilter, ResultListRecord } from '../repositories/results-list';

/*
 * The staff's results list, mapped: the request's filters as repositories/results-list.ts takes
 * them, and a stored result as the list (and the CSV export, lib/results-csv.ts) words it.
 */

/** The request's filters as the repository compares them: blank means none; days are LA days. */
export function resultFilterOf(body: Partial<TestResultListRequest>): ResultFilter {
  return {
    searchText: body.searchText?.trim() || null,
    testKitIds: body.testKitId?.length ? body.testKitId : null,
    resultStatus: body.resultStatus || null,
    gender: body.gender || null,
    race: body.race || null,
    userDisease: body.userDisease || null,
    userFamilyDisease: body.userFamilyDisease || null,
    ageMin: body.ageRangeMin ?? null,
    ageMax: body.ageRangeMax ?? null,
    organizationId: body.organizationId ?? null,
    from: body.fromDate ? dayStart(body.fromDate) : null,
    to: body.toDate ? dayStart(body.toDate, 1) : null,
  };
}

/** The stored medical flags (0/1, null when not answered): disorders, then family history. */
const FLAG_COLUMNS = [
  'isAlzheimerDisease',
  'isParkinsonDisease',
  'isHeadInjuriesConcussion',
  'isSinoNasalDisease',
  'isOtherNeurologicalDisorder',
  'isAlzheimerDiseaseInFamily',
  'isParkinsonDiseaseInFamily',
  'isOtherNeurologicalDisorderInFamily',
] as const;
type Flags = Pick<ResultListRecord, (typeof FLAG_COLUMNS)[number]>;
const FLAGS = [...DISORDER_FLAGS, ...FAMILY_FLAGS];
// DISORDER_FLAGS and FAMILY_FLAGS name the same flags in the same order as the columns.
for (const [i, column] of FLAG_COLUMNS.entries()) {
  if (FLAGS[i].key !== `I${column.slice(1)}`) throw new Error(`medical flag ${i} is ${FLAGS[i].key}, not ${column}`);
}

interface MedicalSummary {
  userDisease: string | null;
  userFamilyDisease: string | null;
}
// At most 3^8 answer combinations: each summed up once (an export reads a million rows).
const summaries = new Map<number, MedicalSummary>();

/**
 * The medical answers, as the eight flags in FLAG_COLUMNS order from `start`, worded as the list and export
 * show them (flaggedLabels, the shared rule): the labels of the yes answers joined with ", ";
 * "None" when all were no; null when the form was not filled.
 */
export function summaryOf(values: ArrayLike<unknown>, start = 0): MedicalSummary {
  let key = 0;
  for (let i = start; i < start + FLAG_COLUMNS.length; i++) {
    key = key * 3 + (values[i] == null ? 0 : values[i] === 1 ? 2 : 1);
  }
  let summary = summaries.get(key);
  if (!summary) {
    const answers: Record<string, boolean> = {};
    FLAGS.forEach((f, i) => {
      const value = values[start + i];
      if (value != null) answers[f.key] = value === 1;
    });
    summary = {
      userDisease: flaggedLabels(answers, DISORDER_FLAGS)?.join(', ') ?? null,
      userFamilyDisease: flaggedLabels(answers, FAMILY_FLAGS)?.join(', ') ?? null,
    };
    summaries.set(key, summary);
  }
  return summary;
}

/** The medical answers of a stored result as the list and export word them (see summaryOf). */
export function medicalSummary(row: Flags): MedicalSummary {
  return summaryOf(FLAG_COLUMNS.map((c) => row[c]));
}

/** A stored result as the staff's list shows it (spec §3 list row and more). */
export function toTestResultRow(r: ResultListRecord): TestResultRow {
  return {
    id: r.id,
    shortId: shortResultId(r.id),
    firstName: r.firstName ?? null,
    lastName: r.lastName ?? null,
    testKitId: r.testKitId,
    testKitName: r.testKitName ?? '',
    resultStatus: r.resultStatus === 'Pass' ? 'Pass' : 'Fail',
    answerStatus: r.answerStatus,
    created: r.created,
    organizationId: r.organizationId,
    organizationName: r.organizationName ?? null,
    age: r.age,
    gender: r.gender,
    race: r.race,
    ...medicalSummary(r),
    country: r.country,
    state: r.state,
    city: r.city,
    questionnaireCompleted: r.questionnaireCompleted === 1,
  };
}
