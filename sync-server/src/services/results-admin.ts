import {
  DISORDER_FLAGS,
  EXPORT_CSV_HEADER,
  FAMILY_FLAGS,
  flaggedLabels,
  type TestResultListRequest,
  type TestResultRow,
} from '@scentry/shared-schema';
import { dayStart } from '../lib/dates';
import type { ExportValues, ResultFilter, ResultListRecord } from '../repositories/results-admin';

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
function summaryOf(values: ArrayLike<unknown>, start = 0): MedicalSummary {
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

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 line break. */
export const CSV_EOL = '\r\n';

// A cell a spreadsheet would take for a formula (or, after a tab or CR, could): OWASP CSV injection.
const FORMULA_START = /^[=+\-@\t\r]/;
// Anything csvCell must change: a formula start, or a character that needs quotes.
const SPECIAL = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One CSV cell: text that a spreadsheet would run as a formula is defused with a leading `'`,
 * then quoted per RFC 4180 when it holds a comma, a quote or a line break; null is empty.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  if (!SPECIAL.test(value)) return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One export line (the columns of EXPORT_CSV_HEADER), without its line break. */
export function exportLine(v: ExportValues): string {
  const { userDisease, userFamilyDisease } = summaryOf(v, 6);
  return `${csvCell(v[0])},${csvCell(v[1])},${csvCell(v[2])},${csvCell(v[3])},${csvCell(v[4])},${csvCell(v[5])},${csvCell(userDisease)},${csvCell(userFamilyDisease)},${csvCell(v[14])},${csvCell(v[15])},${csvCell(v[16])}`;
}

/**
 * The whole CSV file, BOM and header first, in chunks of about `chunkSize` characters: a stream
 * reads one chunk at a time, so only one is in memory whatever the number of rows.
 */
export function* csvChunks(rows: Iterable<ExportValues>, chunkSize = 64 * 1024): Generator<string> {
  let chunk = `${CSV_BOM}${EXPORT_CSV_HEADER}${CSV_EOL}`;
  for (const row of rows) {
    chunk += exportLine(row) + CSV_EOL;
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** `results-YYYYMMDDTHHmmssZ.csv`, stamped in UTC (spec §9). */
export function exportFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `results-${stamp}.csv`;
}

/** What the audit log keeps of an export: the filters given (blank ones left out) and the row count. */
export function exportAuditDetail(body: Partial<TestResultListRequest>, rows: number): string {
  const filters: Record<string, unknown> = {};
  const keys = [
    'searchText',
    'testKitId',
    'resultStatus',
    'gender',
    'race',
    'userDisease',
    'userFamilyDisease',
    'ageRangeMin',
    'ageRangeMax',
    'organizationId',
    'fromDate',
    'toDate',
    'sortColumns',
  ] as const;
  for (const key of keys) {
    const value = body[key];
    if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    filters[key] = value;
  }
  return JSON.stringify({ rows, filters });
}
