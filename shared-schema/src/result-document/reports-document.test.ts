// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translator';
import { renderReportPdfBytes, renderReportsPdfBytes, reportsFileName } from './index';
import type { ReportModel, ReportPictures } from './model';
import { shortResultId } from './page-frame';

/*
 * Several results' reports in one PDF (issue #24: "Download reports" of the selected rows): each
 * result starts on a new page and reads as its own report; read back with poppler's tools.
 */

const EN = { t: translator('en'), language: 'en' } as const;
const here = path.dirname(fileURLToPath(import.meta.url));
const demo = (name: string) => new Uint8Array(readFileSync(path.resolve(here, '../../../sync-server/demo', name)));
const ROSE = '/uploads/rose.png';
const LEMON = '/uploads/lemon.png';
const pictures = (): ReportPictures =>
  new Map([
    [ROSE, demo('rose.png')],
    [LEMON, demo('lemon.png')],
  ]);

function model(resultId: string, playerName: string, extra: Partial<ReportModel> = {}): ReportModel {
  return {
    resultId,
    status: 'Pass',
    rightAnswerCount: 4,
    cardCount: 5,
    playerName,
    playedAt: '2026-11-23T23:30:00Z',
    kitName: 'DEMO1',
    provider: null,
    age: 40,
    gender: 'Female',
    race: 'Asian',
    disorders: [],
    familyHistory: [],
    cards: [1, 2, 3, 4, 5].map((position) => ({
      position,
      cardName: `Card ${position}`,
      choiceName: position % 2 ? 'Rose' : 'Lemon',
      picture: position % 2 ? ROSE : LEMON,
      right: position !== 3,
      intensity: 3,
    })),
    verifyUrl: `https://scentry.example.org/verify/${resultId}`,
    ...extra,
  };
}

function tool(name: string): string {
  const file = `/usr/bin/${name}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: install poppler-utils to test the PDF`);
  return file;
}
const run = (name: string, args: string[]) => execFileSync(tool(name), args, { encoding: 'utf8' });
const pageCount = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1]);
const pageText = (file: string, page: number) =>
  run('pdftotext', ['-raw', '-f', String(page), '-l', String(page), file, '-']).replace(/\s+/g, ' ');

describe('several reports in one PDF', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'scentry-reports-'));
  const write = (name: string, bytes: Uint8Array) => {
    const file = path.join(out, name);
    writeFileSync(file, bytes);
    return file;
  };
  const ids = [
    '0f0e1849-aaaa-4bbb-8ccc-000000000001',
    '7c1d2e3f-aaaa-4bbb-8ccc-000000000002',
    'b00b1e55-aaaa-4bbb-8ccc-000000000003',
  ];
  // The second one has a long list of disorders and a provider: it may take more than a page.
  const models = [
    model(ids[0], 'Ann Lee'),
    model(ids[1], 'Bo Chen', {
      status: 'Fail',
      rightAnswerCount: 2,
      provider: {
        name: 'Bay Area ENT Clinic',
        address: '100 Market St, San Francisco, CA 94105',
        phone: '415-555-0100',
      },
      disorders: Array.from({ length: 40 }, (_, i) => `A reported disorder with a long name number ${i + 1}`),
    }),
    model(ids[2], 'Cy Diaz'),
  ];

  it('starts each result on a new page, each page holding only its own result, in order', async () => {
    const single = await Promise.all(
      models.map(async (m, i) => pageCount(write(`one-${i}.pdf`, await renderReportPdfBytes(m, pictures(), EN)))),
    );
    const file = write(
      'three.pdf',
      await renderReportsPdfBytes(
        models.map((m) => ({ model: m, pictures: pictures() })),
        EN,
      ),
    );
    // The document is the three reports' pages one after the other.
    const pages = pageCount(file);
    expect(pages).toBe(single[0] + single[1] + single[2]);
    expect(single[1]).toBeGreaterThan(1); // the test would not see a shared page otherwise
    const firstPages = [1, 1 + single[0], 1 + single[0] + single[1]];
    for (let page = 1; page <= pages; page++) {
      const text = pageText(file, page);
      // The result whose report this page belongs to: the last one started at or before it.
      const owner = firstPages.filter((p) => p <= page).length - 1;
      for (const [i, id] of ids.entries()) {
        if (i === owner) expect(text, `page ${page}`).toContain(shortResultId(id));
        else expect(text, `page ${page}`).not.toContain(shortResultId(id));
      }
      if (firstPages.includes(page)) expect(text).toContain(models[owner].playerName);
    }
  });

  it('gives one result the same pages as its own report', async () => {
    const one = write('alone.pdf', await renderReportsPdfBytes([{ model: models[0], pictures: pictures() }], EN));
    const own = write('own.pdf', await renderReportPdfBytes(models[0], pictures(), EN));
    expect(pageCount(one)).toBe(pageCount(own));
    expect(pageText(one, 1)).toBe(pageText(own, 1));
  });

  it('refuses an empty list', async () => {
    await expect(renderReportsPdfBytes([], EN)).rejects.toThrow();
  });

  it('names the file by the day it was made', () => {
    expect(reportsFileName(new Date(2026, 0, 5, 23, 59))).toBe('scentry-reports-2026-01-05.pdf');
  });
});
