import { EXPORT_CSV_HEADER, type TestResultListRequest } from '@scentry/shared-schema';
import type { ExportValues } from '../repositories/results-list';
import { summaryOf } from './result-rows';

/*
 * The results export (spec §9): the CSV file written from the export cursor's rows, its name, and
 * what the audit log keeps of it.
 */

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 line break. */
export const CSV_EOL = '\r\n';

// A cell a spreadsheet would take for a formula (or, after a tab or CR, could): OWASP CSV injection.
// Also a leading `;`, `"` or LF: a reader set to semicolons that honours quotes (LibreOffice, Papa
// Parse) ends a quoted cell at a quote followed by `;` or a line break, and pairs quotes from the
// opening one on, so these would end the cell early and start a new one with the rest.
const DEFUSE = /^[=+\-@\t\r;"\n]/;

/**
 * One CSV cell (API.md "Costs, throttles and privacy of places"): text is always quoted, quotes
 * doubled, so a separator inside it (`,` or, for a spreadsheet set to semicolons, `;`) never splits
 * it; text a spreadsheet would run as a formula is defused with a leading `'`; numbers are bare;
 * null is empty.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  const text = DEFUSE.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The header line: the spec's column names, each quoted as every text cell is. */
export const EXPORT_CSV_HEADER_LINE = EXPORT_CSV_HEADER.split(',').map(csvCell).join(',');

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
  let chunk = `${CSV_BOM}${EXPORT_CSV_HEADER_LINE}${CSV_EOL}`;
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
