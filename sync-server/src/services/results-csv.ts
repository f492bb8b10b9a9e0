import {
  CARDS_PER_KIT,
  EXPORT_CSV_EXTENDED_COLUMNS,
  EXPORT_CSV_HEADER,
  type ExportCsvRequest,
} from '@scentry/shared-schema';
import type { ExportValues, ExtendedExportValues } from '../repositories/results-list';
import { roundPlace } from './reports';
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

const headerLine = (columns: string) => columns.split(',').map(csvCell).join(',');

/** The header line: the spec's column names, each quoted as every text cell is. */
export const EXPORT_CSV_HEADER_LINE = headerLine(EXPORT_CSV_HEADER);

/** The Extended export's header line: the spec's columns, then EXPORT_CSV_EXTENDED_COLUMNS. */
export const EXPORT_CSV_EXTENDED_HEADER_LINE = headerLine(`${EXPORT_CSV_HEADER},${EXPORT_CSV_EXTENDED_COLUMNS}`);

/**
 * How the Extended export writes its columns: the decimals of the coordinates (placeDecimals: 2,
 * about 1 km, for a Client Admin whose organization does not disclose names).
 */
export interface ExtendedFormat {
  decimals: number;
}

/** One export line (the columns of EXPORT_CSV_HEADER), without its line break. */
export function exportLine(v: ExportValues | ExtendedExportValues): string {
  const { userDisease, userFamilyDisease } = summaryOf(v, 6);
  return `${csvCell(v[0])},${csvCell(v[1])},${csvCell(v[2])},${csvCell(v[3])},${csvCell(v[4])},${csvCell(v[5])},${csvCell(userDisease)},${csvCell(userFamilyDisease)},${csvCell(v[14])},${csvCell(v[15])},${csvCell(v[16])}`;
}

const coordinate = (value: number | null, decimals: number) => (value == null ? null : roundPlace(value, decimals));

/**
 * The Extended columns of a row (after exportLine's): numbers bare (the average intensity is the
 * intensities' sum over the kit's cards, spec §2), texts quoted, `questionnaireCompleted` as
 * "Yes" or "No", `playedAtUtc` the stored ISO instant.
 */
export function extendedCells(v: ExtendedExportValues, { decimals }: ExtendedFormat): string {
  const average = v[19] == null ? null : v[19] / CARDS_PER_KIT;
  return `${csvCell(v[17])},${csvCell(v[18])},${csvCell(average)},${csvCell(v[20])},${csvCell(v[21])},${csvCell(v[22])},${csvCell(coordinate(v[23], decimals))},${csvCell(coordinate(v[24], decimals))},${csvCell(v[25] === 1 ? 'Yes' : 'No')},${csvCell(v[26])}`;
}

/**
 * The whole CSV file, BOM and header first, in chunks of about `chunkSize` characters: a stream
 * reads one chunk at a time, so only one is in memory whatever the number of rows. With `extended`
 * the rows are ExtendedExportValues and each line goes on with their columns.
 */
export function* csvChunks(
  rows: Iterable<ExportValues | ExtendedExportValues>,
  chunkSize = 64 * 1024,
  extended: ExtendedFormat | null = null,
): Generator<string> {
  let chunk = `${CSV_BOM}${extended ? EXPORT_CSV_EXTENDED_HEADER_LINE : EXPORT_CSV_HEADER_LINE}${CSV_EOL}`;
  for (const row of rows) {
    chunk += csvLine(row, extended);
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** One row's line of the CSV, its end of line included. */
const csvLine = (row: ExportValues | ExtendedExportValues, extended: ExtendedFormat | null): string =>
  extended
    ? `${exportLine(row)},${extendedCells(row as ExtendedExportValues, extended)}${CSV_EOL}`
    : exportLine(row) + CSV_EOL;

/**
 * csvChunks over rows read as they come: at once (SQLite's export cursor: csvChunks itself) or
 * asynchronously (PostgreSQL's, db/dialect.ts): the same file, chunk for chunk.
 */
export function csvChunksOf(
  rows: Iterable<ExportValues | ExtendedExportValues> | AsyncIterable<ExportValues | ExtendedExportValues>,
  chunkSize = 64 * 1024,
  extended: ExtendedFormat | null = null,
): Iterable<string> | AsyncIterable<string> {
  return Symbol.asyncIterator in rows
    ? csvChunksAsync(rows, chunkSize, extended)
    : csvChunks(rows, chunkSize, extended);
}

async function* csvChunksAsync(
  rows: AsyncIterable<ExportValues | ExtendedExportValues>,
  chunkSize: number,
  extended: ExtendedFormat | null,
): AsyncGenerator<string> {
  let chunk = `${CSV_BOM}${extended ? EXPORT_CSV_EXTENDED_HEADER_LINE : EXPORT_CSV_HEADER_LINE}${CSV_EOL}`;
  for await (const row of rows) {
    chunk += csvLine(row, extended);
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
export function exportAuditDetail(body: Partial<ExportCsvRequest>, rows: number): string {
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
    'extended',
  ] as const;
  for (const key of keys) {
    const value = body[key];
    if (value == null || value === '' || value === false || (Array.isArray(value) && value.length === 0)) continue;
    filters[key] = value;
  }
  return JSON.stringify({ rows, filters });
}
