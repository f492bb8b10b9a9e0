// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsPDF } from 'jspdf';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import enCatalogue from '../i18n/en.json';
import { translator } from '../i18n/translator';
import { formatResultDate, formatResultTime, intensityWords, scoreText } from './format';
import { renderReportPdfBytes, reportFileName } from './index';
import { layoutReport, type ReportLayout, shortResultId } from './layout';
import { jsPdfMeasurer } from './measure';
import type { ReportModel, ReportPictures } from './model';
import { pictureSizes } from './pdf';
import { toReportText, wrapText } from './text';
import { REPORT_BRAND } from './texts';

const en = translator('en');
const EN = { t: en, language: 'en' } as const;

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = (name: string) => new Uint8Array(readFileSync(path.resolve(here, '../../../sync-server/demo', name)));

const ROSE = '/uploads/rose.png';
const COFFEE = '/uploads/coffee.png';
const LEMON = '/uploads/lemon.png';
const MISSING = '/uploads/missing.png';

/** Sunday 11/23/2026 3:30 PM in Los Angeles (PST, UTC-8). */
const PLAYED_AT = '2026-11-23T23:30:00Z';

function sampleModel(overrides: Partial<ReportModel> = {}): ReportModel {
  return {
    resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    status: 'Pass',
    rightAnswerCount: 4,
    cardCount: 5,
    playerName: 'Maria Gonzalez',
    playedAt: PLAYED_AT,
    kitName: 'Event2026',
    provider: { name: 'Bay Area ENT Clinic', address: '100 Market St, San Francisco, CA 94105', phone: '415-555-0100' },
    age: 67,
    gender: 'Female',
    race: 'Hispanic or Latino',
    disorders: ['Sino-nasal disease'],
    familyHistory: [],
    cards: [
      { position: 1, cardName: 'Card One', choiceName: 'Rose', picture: ROSE, right: true, intensity: 4 },
      { position: 2, cardName: 'Card Two', choiceName: 'Coffee', picture: COFFEE, right: true, intensity: 3 },
      { position: 3, cardName: 'Card Three', choiceName: 'Lemon', picture: LEMON, right: false, intensity: 2 },
      { position: 4, cardName: 'Card Four', choiceName: 'Smoke', picture: MISSING, right: true, intensity: 0 },
      { position: 5, cardName: 'Card Five', choiceName: 'Rose', picture: ROSE, right: true, intensity: 5 },
    ],
    verifyUrl: 'https://scentry.example.org/verify/6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    ...overrides,
  };
}

function failModel(): ReportModel {
  const base = sampleModel();
  return sampleModel({
    status: 'Fail',
    rightAnswerCount: 2,
    provider: null,
    age: null,
    gender: null,
    race: null,
    disorders: null,
    familyHistory: null,
    cards: base.cards.map((c) => ({ ...c, right: c.position <= 2 })),
  });
}

const pictures = (): ReportPictures =>
  new Map([
    [ROSE, demo('rose.png')],
    [COFFEE, demo('coffee.png')],
    [LEMON, demo('lemon.png')],
  ]);

const measurer = jsPdfMeasurer(new jsPDF({ unit: 'pt', format: 'letter' }));
const layout = (model: ReportModel, pics = pictures(), paper: 'letter' | 'a4' = 'letter') =>
  layoutReport(model, { ...EN, measurer, pictureSizes: pictureSizes(pics), paper });
const ops = (l: ReportLayout) => l.pages.flat();
/** The text operations, without the invisible bidi isolates that set names apart (text.ts isolate). */
const texts = (l: ReportLayout) =>
  ops(l).flatMap((op) => (op.kind === 'text' ? [{ ...op, text: op.text.replace(/[\u2066-\u2069]/g, '') }] : []));
const allText = (l: ReportLayout) => texts(l).map((t) => t.text);
/** The words of a text, so a wrapped sentence can be compared with its source. */
const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('report layout', () => {
  it('says PASS with the score, the details and every card; no advice after a Pass', () => {
    const l = layout(sampleModel());
    const t = allText(l);
    expect(l.pages).toHaveLength(1);
    expect(t).toContain('PASS');
    expect(t).not.toContain('FAIL');
    expect(t).toContain('4 of 5 scents named correctly');
    expect(t).toContain('4/5');
    expect(t).toContain('Maria Gonzalez');
    expect(t).toContain('11/23/2026');
    expect(t).toContain('3:30 PM PST');
    expect(t).toContain('6f1c2a9e');
    expect(t).toContain('Bay Area ENT Clinic \u00b7 100 Market St, San Francisco, CA 94105 \u00b7 415-555-0100');
    expect(t).toContain('Sino-nasal disease');
    expect(t).toContain(en('report.none'));
    expect(t).not.toContain(en('report.advice'));
    expect(t.join(' ')).not.toContain(words(en('report.failAdvice')).slice(0, 6).join(' '));
  });

  it('after a Fail shows FAIL in red and the advice box; "not given" for every missing field', () => {
    const l = layout(failModel());
    const t = allText(l);
    expect(l.pages).toHaveLength(1);
    expect(t).toContain('FAIL');
    expect(t).not.toContain('PASS');
    expect(t).toContain('2 of 5 scents named correctly');
    expect(t).toContain(en('report.advice'));
    expect(words(t.join(' ')).join(' ')).toContain(words(en('report.failAdvice')).join(' '));
    const fail = texts(l).find((x) => x.text === 'FAIL')!;
    expect(fail.color).toEqual([185, 28, 28]);
    // Age, gender, race, disorders and family history.
    expect(t.filter((x) => x === en('report.notGiven'))).toHaveLength(5);
    expect(t).not.toContain(en('report.provider'));
  });

  it('has one table row per card, each with its choice, Right/Wrong and intensity in words', () => {
    const model = sampleModel();
    const l = layout(model);
    const t = texts(l);
    for (const card of model.cards) {
      const num = t.find((x) => x.text === String(card.position) && x.bold && x.size === 9.5);
      expect(num, `row ${card.position}`).toBeDefined();
      const row = t.filter((x) => Math.abs(x.y - num!.y) < 8);
      expect(row.map((x) => x.text)).toEqual(
        expect.arrayContaining([
          card.cardName,
          card.choiceName,
          card.right ? 'Right' : 'Wrong',
          intensityWords(card.intensity),
        ]),
      );
    }
    expect(t.filter((x) => x.text === 'Right')).toHaveLength(4);
    expect(t.filter((x) => x.text === 'Wrong')).toHaveLength(1);
    // The three available pictures are drawn (rose twice); the missing one is a placeholder box.
    const images = ops(l).filter((op) => op.kind === 'image');
    expect(images.map((op) => (op.kind === 'image' ? op.picture : ''))).toEqual([ROSE, COFFEE, LEMON, ROSE]);
  });

  it('prints only the wording of texts.ts and the model: nothing else (no right answers) can appear', () => {
    const model = failModel();
    const sources = [
      'Scentry',
      ...Object.values(REPORT_BRAND),
      '#',
      ...Object.entries(enCatalogue).flatMap(([key, text]) => (key.startsWith('report.') ? [text] : [])),
      en('report.score', { right: model.rightAnswerCount, cards: model.cardCount }),
      en('report.page', { page: 1, pages: 1 }),
      scoreText(model.rightAnswerCount, model.cardCount),
      model.playerName,
      formatResultDate(model.playedAt),
      formatResultTime(model.playedAt),
      model.kitName,
      shortResultId(model.resultId),
      model.verifyUrl,
      `${model.playerName} - ${formatResultDate(model.playedAt)} - ${shortResultId(model.resultId)}`,
      ...model.cards.flatMap((c) => [String(c.position), c.cardName, c.choiceName, intensityWords(c.intensity, en)]),
    ];
    for (const t of allText(layout(model))) {
      expect(
        sources.some((s) => s.includes(t)),
        `unexpected text on the report: "${t}"`,
      ).toBe(true);
    }
  });

  it('wraps a long name inside its column and keeps every line within the page', () => {
    const long = 'Maximiliana Alexandrina Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';
    const l = layout(sampleModel({ playerName: long }));
    const nameLines = texts(l).filter((x) => x.bold && x.size === 9.5 && long.includes(x.text) && x.text.length > 3);
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.map((x) => x.text.replace(/ /g, '')).join('')).toBe(long.replace(/ /g, ''));
    for (const t of texts(l)) {
      const w = measurer.width(t.text, t.size, t.bold);
      const x0 = t.align === 'left' ? t.x : t.align === 'right' ? t.x - w : t.x - w / 2;
      expect(x0, t.text).toBeGreaterThanOrEqual(0);
      expect(x0 + w, t.text).toBeLessThanOrEqual(l.width + 0.01);
      expect(w, t.text).toBeLessThanOrEqual(t.maxWidth + 0.01);
    }
  });

  it('draws the QR code as vector rectangles, and lays A4 out on its own page size', () => {
    const l = layout(sampleModel(), pictures(), 'a4');
    expect(l.width).toBeCloseTo(595.28);
    expect(l.height).toBeCloseTo(841.89);
    expect(ops(l).filter((op) => op.kind === 'rect').length).toBeGreaterThan(100);
    for (const op of ops(l)) if ('y' in op && op.kind !== 'text') expect(op.y).toBeLessThanOrEqual(l.height);
  });

  it('goes on to a second page rather than overflowing, repeating the table header', () => {
    const model = sampleModel({
      cards: Array.from({ length: 14 }, (_, i) => ({
        position: i + 1,
        cardName: `Card ${i + 1}`,
        choiceName: 'Rose',
        picture: ROSE,
        right: i % 2 === 0,
        intensity: i % 6,
      })),
      cardCount: 14,
    });
    const l = layout(model);
    expect(l.pages.length).toBeGreaterThan(1);
    expect(allText(l)).toContain(en('report.page', { page: 2, pages: l.pages.length }));
    expect(texts(l).filter((x) => x.text === en('report.choice')).length).toBe(l.pages.length);
    for (const page of l.pages) for (const op of page) if (op.kind === 'text') expect(op.y).toBeLessThan(l.height - 10);
  });

  it('keeps the letters of every script, plain quotes and dashes, and wraps words longer than a line', () => {
    expect(toReportText('José “Pepe” Núñez – ok')).toBe('José "Pepe" Núñez - ok');
    expect(toReportText('Łukasz Dvořák')).toBe('Łukasz Dvořák');
    expect(toReportText('王芳\n\u0007')).toBe('王芳 ');
    // NFC: a decomposed "é" is one letter.
    expect(toReportText('Rene\u0301e')).toBe('Renée');
    expect(wrapText('a'.repeat(80), 100, 10, false, measurer).length).toBeGreaterThan(1);
    expect(wrapText('', 100, 10, false, measurer)).toEqual(['']);
  });

  it('names the file after the play date in Los Angeles', () => {
    expect(reportFileName(sampleModel(), 'pdf')).toBe('Scentry-result-11-23-2026.pdf');
    // 02:00 UTC on the 24th is still the 23rd in Los Angeles.
    expect(reportFileName({ playedAt: '2026-11-24T02:00:00Z' }, 'png')).toBe('Scentry-result-11-23-2026.png');
  });
});

function tool(name: string): string {
  const file = `/usr/bin/${name}`;
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: install Debian's poppler-utils (apt-get install -y poppler-utils) to test the PDF`,
    );
  return file;
}

describe('the PDF', () => {
  const out = process.env.REPORT_OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'scentry-report-'));
  mkdirSync(out, { recursive: true });

  async function writePdf(name: string, model: ReportModel, paper: 'letter' | 'a4' = 'letter', pics = pictures()) {
    const bytes = await renderReportPdfBytes(model, pics, { ...EN, paper });
    const file = path.join(out, name);
    writeFileSync(file, bytes);
    return { file, bytes };
  }
  const run = (name: string, args: string[]) => execFileSync(tool(name), args, { encoding: 'utf8' });
  /** The page as laid out: one table row per line. */
  const layoutText = (file: string) => run('pdftotext', ['-layout', file, '-']);
  /** The text in drawing order, spaces collapsed: the left column's paragraphs read whole. */
  const flatText = (file: string) => run('pdftotext', ['-raw', file, '-']).replace(/\s+/g, ' ');
  /** The line of the table row that starts with `position` and `card`, with the lines around it. */
  const rowText = (text: string, position: number, card: string) => {
    const lines = text.split('\n');
    const i = lines.findIndex((l) => new RegExp(`^\\s*${position}\\s+${card}\\s`).test(l));
    expect(i, `row ${position} ${card}`).toBeGreaterThanOrEqual(0);
    return { line: lines[i], around: lines.slice(i - 1, i + 2).join('\n') };
  };

  it('is a small one-page Letter PDF whose text holds the whole result', async () => {
    const model = sampleModel();
    const { file, bytes } = await writePdf('pass.pdf', model);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(100_000);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);

    const text = layoutText(file);
    for (const s of [
      'Scentry',
      en('report.title'),
      REPORT_BRAND.product,
      REPORT_BRAND.regulatory,
      'PASS',
      '4 of 5 scents named correctly',
      'Maria Gonzalez',
      '11/23/2026',
      '3:30 PM PST',
      'Event2026',
      '6f1c2a9e',
      'Bay Area ENT Clinic',
      '100 Market St, San Francisco, CA 94105',
      '415-555-0100',
      'Hispanic or Latino',
      'Sino-nasal disease',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('FAIL');
    for (const card of model.cards) {
      const { line, around } = rowText(text, card.position, card.cardName);
      expect(line).toMatch(new RegExp(`${card.choiceName}\\s+${card.right ? 'Right' : 'Wrong'}`));
      expect(around).toContain(intensityWords(card.intensity));
    }

    const flat = flatText(file);
    expect(flat).toContain(en('report.cardsNote'));
    expect(flat).toContain(en('report.explanation'));
    expect(flat).toContain(en('report.disclaimer'));
    expect(flat).toContain(en('report.verify'));
    // The link is printed in two pieces broken after a hyphen.
    expect(flat.replace(/- /g, '-')).toContain(model.verifyUrl);
    expect(flat).toContain('Powered by Scentry');
    expect(flat).toContain('Page 1 of 1');
    expect(flat).not.toContain(en('report.advice'));

    // Four pictures drawn (rose is chosen twice), three embedded (one object each), each with its alpha mask.
    const images = run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(/\s+/));
    const drawn = images.filter((cols) => cols[2] === 'image');
    expect(drawn).toHaveLength(4);
    expect(new Set(drawn.map((cols) => cols[10])).size).toBe(3);
    expect(images.filter((cols) => cols[2] === 'smask')).toHaveLength(4);
    for (const cols of images) expect([cols[3], cols[4]]).toEqual(['256', '256']);
  });

  it('says FAIL with the advice and "not given" after a Fail', async () => {
    const { file } = await writePdf('fail.pdf', failModel());
    const text = layoutText(file);
    expect(text).toContain('FAIL');
    expect(text).not.toContain('PASS');
    expect(text).toContain('2 of 5 scents named correctly');
    expect(text.match(/not given/g)).toHaveLength(5);
    expect(rowText(text, 3, 'Card Three').line).toMatch(/Lemon\s+Wrong/);
    expect(rowText(text, 1, 'Card One').line).toMatch(/Rose\s+Right/);
    const flat = flatText(file);
    expect(flat).toContain(`${en('report.advice')} ${en('report.failAdvice')}`);
    expect(flat).toContain(en('report.disclaimer'));
    expect(run('pdfinfo', [file])).toMatch(/Pages:\s+1\n/);
  });

  it('carries a QR code that scans to the verify link', async () => {
    const model = failModel();
    const { file } = await writePdf('qr.pdf', model);
    const base = path.join(out, 'qr-page');
    run('pdftoppm', ['-png', '-r', '100', '-singlefile', file, base]);
    const png = PNG.sync.read(readFileSync(`${base}.png`));
    const code = jsQR(
      new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      png.width,
      png.height,
    );
    expect(code?.data).toBe(model.verifyUrl);
  });

  it('prints on A4 when asked', async () => {
    const { file } = await writePdf('pass-a4.pdf', sampleModel(), 'a4');
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(layoutText(file)).toContain('Maria Gonzalez');
  });

  it('still makes the report with no pictures, or with a broken one', async () => {
    const broken = new Uint8Array(demo('rose.png').slice(0, 60));
    const { file } = await writePdf('no-pictures.pdf', sampleModel(), 'letter', new Map([[ROSE, broken]]));
    expect(layoutText(file)).toContain('Card Five');
    expect(
      run('pdfimages', ['-list', file])
        .split('\n')
        .slice(2)
        .filter((l) => l.trim()),
    ).toHaveLength(0);
  });
});
