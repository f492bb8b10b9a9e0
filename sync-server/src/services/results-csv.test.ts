import { DISORDER_FLAGS, EXPORT_CSV_HEADER, FAMILY_FLAGS, flaggedLabels } from '@scentry/shared-schema';
import { parse } from 'csv-parse/sync';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExportValues, ResultListRecord } from '../repositories/results-list';
import { medicalSummary, resultFilterOf, toTestResultRow } from './result-rows';
import {
  CSV_BOM,
  csvCell,
  csvChunks,
  EXPORT_CSV_HEADER_LINE,
  exportAuditDetail,
  exportFileName,
  exportLine,
} from './results-csv';

const FLAGS_UNANSWERED = {
  isAlzheimerDisease: null,
  isParkinsonDisease: null,
  isHeadInjuriesConcussion: null,
  isSinoNasalDisease: null,
  isOtherNeurologicalDisorder: null,
  isAlzheimerDiseaseInFamily: null,
  isParkinsonDiseaseInFamily: null,
  isOtherNeurologicalDisorderInFamily: null,
};
const FLAGS_ALL_NO = {
  isAlzheimerDisease: 0,
  isParkinsonDisease: 0,
  isHeadInjuriesConcussion: 0,
  isSinoNasalDisease: 0,
  isOtherNeurologicalDisorder: 0,
  isAlzheimerDiseaseInFamily: 0,
  isParkinsonDiseaseInFamily: 0,
  isOtherNeurologicalDisorderInFamily: 0,
};

const record = (over: Partial<ResultListRecord> = {}): ResultListRecord => ({
  id: '5f0c4d2a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
  firstName: 'Pat',
  lastName: 'Player',
  testKitId: 1,
  testKitName: 'DEMO1',
  resultStatus: 'Pass',
  answerStatus: 5,
  created: '2025-11-23T07:30:00.000Z',
  organizationId: 3,
  organizationName: 'Alpha Clinic',
  age: 42,
  gender: 'Female',
  race: 'Asian',
  ...FLAGS_ALL_NO,
  country: null,
  state: null,
  city: null,
  questionnaireCompleted: 0,
  ...over,
});

/** The export row of a record, as the export's query reads it. */
const values = (r: ResultListRecord): ExportValues => [
  r.created,
  r.firstName,
  r.lastName,
  r.gender,
  r.age,
  r.race,
  r.isAlzheimerDisease,
  r.isParkinsonDisease,
  r.isHeadInjuriesConcussion,
  r.isSinoNasalDisease,
  r.isOtherNeurologicalDisorder,
  r.isAlzheimerDiseaseInFamily,
  r.isParkinsonDiseaseInFamily,
  r.isOtherNeurologicalDisorderInFamily,
  r.organizationName,
  r.testKitName,
  r.resultStatus,
];

describe('csvCell', () => {
  it('quotes every text cell, even plain or empty; numbers are bare; null and undefined are empty', () => {
    expect(csvCell('Pat')).toBe('"Pat"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('keeps separators and line breaks inside the quotes, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text a spreadsheet would run as a formula with a leading quote', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    // A leading semicolon, quote or LF would end the quoted cell for a semicolon reader that honours quotes.
    expect(csvCell(';=1+2')).toBe(`"';=1+2"`);
    expect(csvCell('";=1+2')).toBe(`"'"";=1+2"`);
    expect(csvCell('\n=1+2')).toBe(`"'\n=1+2"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Only at the start.
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('Mary-Jane')).toBe('"Mary-Jane"');
  });
});

describe('a file read with either separator', () => {
  const tricky = [
    'a;=1+2',
    ';=cmd|x',
    'say "hi";=2',
    'l\r\n=3;b',
    '=1+1',
    'Doe, Jane',
    '',
    '"',
    '";"',
    '""\n;=4',
    'x";',
  ];
  const defused = (name: string) => (/^[=+\-@\t\r;"\n]/.test(name) ? `'${name}` : name);
  const file = (): string =>
    [...csvChunks(tricky.map((name, i) => values(record({ firstName: name, lastName: `L${i}`, age: i }))))].join('');

  it('gives every cell back whole to a comma reader (csv-parse)', () => {
    const rows: string[][] = parse(file(), { bom: true });
    expect(rows[0]).toEqual(EXPORT_CSV_HEADER.split(','));
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual(
      tricky.map((name, i) => [defused(name), `L${i}`, 'Female', String(i)]),
    );
  });

  it('never splits a line at a semicolon inside a cell for a semicolon reader (Papa Parse)', () => {
    const text = file().slice(CSV_BOM.length);
    const { data } = Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
    // The comma file is one column to such a reader: each line is one cell, holding every value whole.
    expect(data).toHaveLength(tricky.length + 1);
    for (const row of data) expect(row).toHaveLength(1);
    // …and that cell is the whole line: no quote in it was taken for the end of a cell.
    const lines = text.split(/\r\n(?=")/);
    expect(data.map(([cell]) => cell)).toEqual(lines.map((l) => l.replace(/^"|"(\r\n)?$/g, '').replace(/""/g, '"')));
    expect(data[1][0]).toContain('"a;=1+2","L0"');
    expect(data[2][0]).toContain(`"';=cmd|x","L1"`);
  });
});

describe('export lines and file', () => {
  it('writes the header columns in order', () => {
    const line = exportLine(
      values(record({ isParkinsonDisease: 1, isSinoNasalDisease: 1, isParkinsonDiseaseInFamily: 1 })),
    );
    expect(parse(line)).toEqual([
      [
        '2025-11-23T07:30:00.000Z',
        'Pat',
        'Player',
        'Female',
        '42',
        'Asian',
        "Parkinson's disease, Sinus or nasal disease",
        "Parkinson's disease",
        'Alpha Clinic',
        'DEMO1',
        'Pass',
      ],
    ]);
    expect(EXPORT_CSV_HEADER.split(',')).toHaveLength(11);
  });

  it('leaves names, organization, and unanswered medical fields empty', () => {
    const line = exportLine(
      values(record({ firstName: null, lastName: null, organizationName: null, age: null, ...FLAGS_UNANSWERED })),
    );
    expect(line).toBe('"2025-11-23T07:30:00.000Z",,,"Female",,"Asian",,,,"DEMO1","Pass"');
  });

  it('streams BOM, header and lines in chunks that a CSV parser reads back', () => {
    const rows = Array.from({ length: 500 }, (_, i) =>
      values(record({ firstName: i % 2 ? `=cmd|${i}` : `Name, ${i}`, lastName: `"Q"\n${i}` })),
    );
    const chunks = [...csvChunks(rows, 1024)];
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(1024 + 200);
    const text = chunks.join('');
    expect(
      text.startsWith(
        `${CSV_BOM}"created","firstName","lastName","gender","age","race","userDisease","userFamilyDisease","organizationName","testKitName","resultStatus"\r\n`,
      ),
    ).toBe(true);
    const parsed: string[][] = parse(text, { bom: true });
    expect(parsed).toHaveLength(501);
    expect(parsed[1].slice(1, 3)).toEqual(['Name, 0', `'"Q"\n0`]);
    expect(parsed[2].slice(1, 3)).toEqual(["'=cmd|1", `'"Q"\n1`]);
    // Nothing but a header for no rows (the route refuses an empty export before it gets here).
    expect([...csvChunks([])]).toEqual([`${CSV_BOM}${EXPORT_CSV_HEADER_LINE}\r\n`]);
  });

  it('reads rows lazily, one chunk at a time', () => {
    let pulled = 0;
    function* rows() {
      for (let i = 0; i < 10_000; i++) {
        pulled += 1;
        yield values(record());
      }
    }
    const chunks = csvChunks(rows(), 4096);
    chunks.next();
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(100);
  });

  it('names the file after the UTC time', () => {
    expect(exportFileName(new Date('2025-11-23T07:30:05.123Z'))).toBe('results-20251123T073005Z.csv');
  });
});

describe('rows and filters', () => {
  it('sums up the medical answers: labels, None, or null when not given', () => {
    expect(medicalSummary(FLAGS_UNANSWERED)).toEqual({ userDisease: null, userFamilyDisease: null });
    expect(medicalSummary(FLAGS_ALL_NO)).toEqual({ userDisease: 'None', userFamilyDisease: 'None' });
    expect(medicalSummary({ ...FLAGS_ALL_NO, isAlzheimerDisease: 1, isOtherNeurologicalDisorderInFamily: 1 })).toEqual({
      userDisease: "Alzheimer's disease",
      userFamilyDisease: 'Other neurological disorder',
    });
  });

  it('words every combination of answers as the shared rule does (flaggedLabels)', () => {
    const keys = Object.keys(FLAGS_ALL_NO) as (keyof typeof FLAGS_ALL_NO)[];
    for (let n = 0; n < 3 ** keys.length; n++) {
      const flags: Record<string, number | null> = {};
      const answers: Record<string, boolean> = {};
      keys.forEach((k, i) => {
        const v = [null, 0, 1][Math.floor(n / 3 ** i) % 3];
        flags[k] = v;
        if (v !== null) answers[`I${k.slice(1)}`] = v === 1;
      });
      const want = {
        userDisease: flaggedLabels(answers, DISORDER_FLAGS)?.join(', ') ?? null,
        userFamilyDisease: flaggedLabels(answers, FAMILY_FLAGS)?.join(', ') ?? null,
      };
      expect(medicalSummary(flags as typeof FLAGS_UNANSWERED)).toEqual(want);
      const line = parse(exportLine(values(record(flags))))[0];
      expect([line[6], line[7]]).toEqual([want.userDisease ?? '', want.userFamilyDisease ?? '']);
    }
  });

  it('makes the list row', () => {
    expect(toTestResultRow(record({ questionnaireCompleted: 1, resultStatus: 'Fail' }))).toMatchObject({
      resultStatus: 'Fail',
      questionnaireCompleted: true,
      userDisease: 'None',
    });
  });

  it('turns the request into filters: blanks are none, days are Los Angeles days', () => {
    expect(resultFilterOf({ searchText: '  ', testKitId: [], resultStatus: '', fromDate: '', toDate: null })).toEqual({
      searchText: null,
      testKitIds: null,
      resultStatus: null,
      gender: null,
      race: null,
      userDisease: null,
      userFamilyDisease: null,
      ageMin: null,
      ageMax: null,
      organizationId: null,
      from: null,
      to: null,
    });
    const f = resultFilterOf({ searchText: ' Pat ', fromDate: '11/22/2025', toDate: '11/22/2025' });
    expect(f).toMatchObject({ searchText: 'Pat', from: '2025-11-22T08:00:00.000Z', to: '2025-11-23T08:00:00.000Z' });
  });

  it('keeps in the audit the filters given and the row count', () => {
    expect(
      JSON.parse(
        exportAuditDetail({ searchText: 'x', gender: '', testKitId: [], resultStatus: 'Pass', pageNumber: 1 }, 7),
      ),
    ).toEqual({ rows: 7, filters: { searchText: 'x', resultStatus: 'Pass' } });
  });
});
