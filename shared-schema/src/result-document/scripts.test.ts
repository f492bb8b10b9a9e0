// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translator';
import { type FontSource, fontKeyOf, fontsNeeded, loadReportFonts, textRuns } from './fonts';
import { renderQuestionnairePdfBytes, renderReportPdfBytes } from './index';
import { jsPdfMeasurer } from './measure';
import type { ReportModel } from './model';
import { nodeFontSource } from './node-fonts';

const en = translator('en');
const EN = { t: en, language: 'en' } as const;

/*
 * Every script in the report: names of eight scripts are printed in their own fonts (shaped where
 * the script needs it) and come back from the PDF's text as written; without a font they print
 * as code points with a note, never "?".
 */

const NAMES = ['李雷', 'Ольга-Łucja', 'עברית', 'محمد العربي', 'देवनागरी', '김민준', '山田太郎', 'Ελένη'];

function model(playerName: string, overrides: Partial<ReportModel> = {}): ReportModel {
  return {
    resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    status: 'Fail',
    rightAnswerCount: 2,
    cardCount: 5,
    playerName,
    playedAt: '2026-11-23T23:30:00Z',
    kitName: 'Event2026',
    provider: { name: 'Клиника «Здоровье»', address: 'שדרות רוטשילד 1, תל אביב', phone: '415-555-0100' },
    age: 40,
    gender: null,
    race: null,
    disorders: null,
    familyHistory: null,
    cards: [
      { position: 1, cardName: 'Card One', choiceName: 'गुलाब', picture: null, right: true, intensity: 4 },
      { position: 2, cardName: 'Card Two', choiceName: 'قهوة', picture: null, right: false, intensity: 3 },
      { position: 3, cardName: 'Card Three', choiceName: '레몬', picture: null, right: false, intensity: 2 },
    ],
    verifyUrl: 'https://scentry.example.org/verify/6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    ...overrides,
  };
}

function tool(name: string): string {
  const file = `/usr/bin/${name}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: install Debian's poppler-utils to test the PDF`);
  return file;
}
const out = process.env.REPORT_OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'scentry-scripts-'));
mkdirSync(out, { recursive: true });
const run = (name: string, args: string[]) => execFileSync(tool(name), args, { encoding: 'utf8' });
/**
 * The PDF's text as pdftotext gives it, NFC, without the bidi embedding marks poppler puts around
 * right-to-left words (U+202A-U+202E: hints for display, not letters).
 */
const pdfText = (file: string) =>
  run('pdftotext', [file, '-'])
    .normalize('NFC')
    .replace(/[\u202a-\u202e]/g, '');
const write = (name: string, bytes: Uint8Array) => {
  const file = path.join(out, name);
  writeFileSync(file, bytes);
  return file;
};

describe('fonts of other scripts', () => {
  it('gives each script its font file: Latin-1 none, Han and Hangul by slice', () => {
    expect(fontsNeeded(['Maria Gonzalez, Renée'])).toEqual(new Set());
    expect(fontKeyOf('Ł'.codePointAt(0)!)).toBe('latin');
    expect(fontKeyOf('ע'.codePointAt(0)!)).toBe('hebrew');
    expect(fontKeyOf('م'.codePointAt(0)!)).toBe('arabic');
    expect(fontKeyOf('द'.codePointAt(0)!)).toBe('devanagari');
    expect(fontKeyOf('李'.codePointAt(0)!)).toBe('han-12');
    expect(fontKeyOf('김'.codePointAt(0)!)).toBe('hangul-01');
    expect(fontKeyOf('😀'.codePointAt(0)!)).toBeNull();
  });

  it('measures a script with its shaped advances, not Helvetica', async () => {
    const fonts = await loadReportFonts(['محمد', 'देवनागरी'], nodeFontSource(), jsPDF);
    const m = jsPdfMeasurer(new jsPDF({ unit: 'pt' }), fonts);
    const joined = m.width('محمد', 10, false);
    // Joined Arabic letters: the shaped advances, not four isolated forms side by side nor Helvetica's "?".
    const [arabic] = textRuns('محمد', fonts);
    expect(joined).toBeCloseTo(((arabic.glyphs ?? []).reduce((s, g) => s + g.advance, 0) / 1000) * 10, 5);
    const isolated = [...'محمد'].reduce((sum, ch) => sum + m.width(ch, 10, false), 0);
    expect(Math.abs(joined - isolated)).toBeGreaterThan(0.5);
    expect(joined).not.toBeCloseTo(m.width('????', 10, false), 1);
    // Devanagari is shaped: the glyphs are fewer than the letters (conjunct and vowel signs).
    const [devanagari] = textRuns('देवनागरी', fonts);
    expect(devanagari.font).toBe('devanagari');
    expect(devanagari.glyphs?.length).toBeLessThanOrEqual([...'देवनागरी'].length);
  });

  it('puts a right-to-left name in display order, its letters in logical order', async () => {
    const fonts = await loadReportFonts(['Dr עברית כהן'], nodeFontSource(), jsPDF);
    const runs = textRuns('Dr עברית כהן', fonts).filter((r) => r.font !== 'base');
    expect(runs.map((r) => r.original)).toEqual(['כהן', 'עברית']);
    expect(runs.every((r) => r.rtl)).toBe(true);
  });
});

describe('the PDF in every script', () => {
  it.each(NAMES)('prints %s so that pdftotext gives it back, with the provider and option names', async (name) => {
    const file = write(
      `name-${[...name][0].codePointAt(0)!.toString(16)}.pdf`,
      await renderReportPdfBytes(model(name), new Map(), { ...EN, fonts: nodeFontSource() }),
    );
    const text = pdfText(file);
    expect(text).toContain(name.normalize('NFC'));
    for (const s of ['Клиника', '«Здоровье»', 'שדרות', 'רוטשילד', 'תל', 'אביב', 'गुलाब', 'قهوة', '레몬'])
      expect(text).toContain(s);
    expect(text).not.toContain('?');
    expect(text).not.toContain('U+');
    expect(text).not.toContain(en('report.fontNotice').slice(0, 20));
    const info = run('pdfinfo', [file]);
    expect(info).toContain(`Title:           Scentry - ${en('report.title')} - ${name}`);
    const fonts = run('pdffonts', [file]);
    expect(fonts).toMatch(/ScentryNoto-\S+\s+CID TrueType\s+Identity-H\s+yes/);
  });

  it('embeds no font for a Latin-1 report (it looks as it always did)', async () => {
    const file = write(
      'latin1.pdf',
      await renderReportPdfBytes(model('Renée Müller', { provider: null, cards: [] }), new Map(), {
        ...EN,
        fonts: nodeFontSource(),
      }),
    );
    expect(run('pdffonts', [file])).not.toContain('ScentryNoto');
    expect(pdfText(file)).toContain('Renée Müller');
  });

  it('prints the questionnaire with the name in its script', async () => {
    const bytes = await renderQuestionnairePdfBytes(
      {
        resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
        playerName: 'محمد 李雷',
        answeredAt: '2026-11-23T23:30:00Z',
        kitName: 'Набор',
        answers: [{ question: 'Do you have a fever?', answer: 'No' }],
      },
      { ...EN, fonts: nodeFontSource() },
    );
    const text = pdfText(write('questionnaire.pdf', bytes));
    for (const s of ['محمد', '李雷', 'Набор']) expect(text).toContain(s);
  });
});

describe('without the font (offline, never downloaded)', () => {
  const offline: FontSource = async () => null;

  it('prints the letters as code points and says why, never "?"', async () => {
    const file = write('offline.pdf', await renderReportPdfBytes(model('李雷'), new Map(), { ...EN, fonts: offline }));
    const text = pdfText(file).replace(/\s+/g, ' ');
    expect(text).toContain('U+674E U+96F7');
    expect(text).toContain(en('report.fontNotice'));
    expect(text).not.toContain('?');
  });

  it('prints only the scripts it has, and the note for the one it lacks', async () => {
    const partial: FontSource = async (file) => (file.startsWith('han-') ? null : nodeFontSource()(file));
    const file = write(
      'partial.pdf',
      await renderReportPdfBytes(model('Ольга 李雷'), new Map(), { ...EN, fonts: partial }),
    );
    const text = pdfText(file).replace(/\s+/g, ' ');
    expect(text).toContain('Ольга');
    expect(text).toContain('U+674E U+96F7');
    expect(text).toContain(en('report.fontNotice'));
  });
});
