// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translator';
import { QUESTIONNAIRE_QUESTIONS } from '../player-forms/questionnaire';
import { questionnaireFileName, renderQuestionnairePdfBytes } from './index';
import { jsPdfMeasurer } from './measure';
import { layoutQuestionnaire } from './questionnaire-layout';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { answerText } from './questionnaire-texts';
import { REPORT_BRAND } from './texts';

const en = translator('en');
const EN = { t: en, language: 'en' } as const;

/** Sunday 11/23/2026 3:45 PM in Los Angeles (PST, UTC-8). */
const ANSWERED_AT = '2026-11-23T23:45:00Z';
const ANSWERS = ['Yes', 'No', 'No', 'yes', 'NO'];

function sampleModel(overrides: Partial<QuestionnaireReportModel> = {}): QuestionnaireReportModel {
  return {
    resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    playerName: 'Maria Gonzalez',
    answeredAt: ANSWERED_AT,
    kitName: 'Event2026',
    answers: QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ question, answer: ANSWERS[i] })),
    ...overrides,
  };
}

const measurer = jsPdfMeasurer(new jsPDF({ unit: 'pt', format: 'letter' }));
const texts = (model: QuestionnaireReportModel) =>
  layoutQuestionnaire(model, { ...EN, measurer })
    .pages.flat()
    // Without the invisible bidi isolates that set names apart (text.ts isolate).
    .flatMap((op) => (op.kind === 'text' ? [{ ...op, text: op.text.replace(/[\u2066-\u2069]/g, '') }] : []));

describe('questionnaire layout', () => {
  it('prints every question with its answer as Yes or No, on one row', () => {
    const t = texts(sampleModel());
    for (const [i, question] of QUESTIONNAIRE_QUESTIONS.entries()) {
      const num = t.find((x) => x.text === String(i + 1) && x.bold && x.size === 9.5);
      expect(num, `row ${i + 1}`).toBeDefined();
      const row = t.filter((x) => Math.abs(x.y - num!.y) < 12).map((x) => x.text);
      expect(row).toContain(answerText(ANSWERS[i], en));
      expect(t.map((x) => x.text).join(' ')).toContain(question);
    }
    expect(t.filter((x) => x.text === 'Yes')).toHaveLength(2);
    expect(t.filter((x) => x.text === 'No')).toHaveLength(3);
  });

  it('says who, when (Los Angeles) and which kit; "not given" without a kit', () => {
    const t = texts(sampleModel()).map((x) => x.text);
    for (const s of [
      'Maria Gonzalez',
      '11/23/2026',
      '3:45 PM PST',
      'Event2026',
      '6f1c2a9e',
      en('questionnaireReport.title'),
    ])
      expect(t).toContain(s);
    expect(texts(sampleModel({ kitName: null })).map((x) => x.text)).toContain(en('report.notGiven'));
  });

  it('keeps every text inside the page, even with a very long name and long questions', () => {
    const long = sampleModel({
      playerName: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh',
      answers: QUESTIONNAIRE_QUESTIONS.map((q) => ({ question: `${q} ${'and more words '.repeat(12)}`, answer: 'No' })),
    });
    const l = layoutQuestionnaire(long, { ...EN, measurer });
    for (const op of l.pages.flat()) {
      if (op.kind !== 'text') continue;
      const w = measurer.width(op.text, op.size, op.bold);
      const x0 = op.align === 'left' ? op.x : op.align === 'right' ? op.x - w : op.x - w / 2;
      expect(x0, op.text).toBeGreaterThanOrEqual(0);
      expect(x0 + w, op.text).toBeLessThanOrEqual(l.width + 0.5);
      expect(op.y).toBeLessThan(l.height);
    }
  });

  it('names the file by the date it was answered', () => {
    expect(questionnaireFileName({ answeredAt: ANSWERED_AT })).toBe('Scentry-questionnaire-11-23-2026.pdf');
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

describe('the questionnaire PDF', () => {
  const out = process.env.REPORT_OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'scentry-questionnaire-'));
  mkdirSync(out, { recursive: true });
  const run = (name: string, args: string[]) => execFileSync(tool(name), args, { encoding: 'utf8' });

  it('is a small one-page PDF whose text holds the five questions and answers', async () => {
    const model = sampleModel();
    const bytes = await renderQuestionnairePdfBytes(model, EN);
    const file = path.join(out, 'questionnaire.pdf');
    writeFileSync(file, bytes);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(30_000);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect(info).toMatch(/Subject:\s+COVID-19 questionnaire/);

    const text = run('pdftotext', ['-layout', file, '-']);
    const lines = text.split('\n');
    for (const [i, question] of QUESTIONNAIRE_QUESTIONS.entries()) {
      const line = lines.find((l) => l.includes(question));
      expect(line, question).toBeDefined();
      expect(line).toMatch(new RegExp(`^\\s*${i + 1}\\s+.*\\s${answerText(ANSWERS[i], en)}\\s*$`));
    }
    for (const s of [
      'Scentry',
      REPORT_BRAND.product,
      'Maria Gonzalez',
      '11/23/2026',
      '3:45 PM PST',
      'Event2026',
      en('questionnaireReport.question'),
      en('questionnaireReport.answer'),
    ])
      expect(text).toContain(s);
    const flat = run('pdftotext', ['-raw', file, '-']).replace(/\s+/g, ' ');
    expect(flat).toContain(en('questionnaireReport.intro'));
    expect(flat).toContain(en('questionnaireReport.note'));
    expect(flat).toContain(en('report.disclaimer'));
    expect(flat).toContain('Powered by Scentry');
    expect(flat).toContain('Page 1 of 1');
    expect(run('pdfimages', ['-list', file]).split('\n').slice(2).filter(Boolean)).toHaveLength(0);

    run('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.join(out, 'questionnaire')]);
    expect(existsSync(path.join(out, 'questionnaire.png'))).toBe(true);
  });

  it('prints on A4 when asked', async () => {
    const file = path.join(out, 'questionnaire-a4.pdf');
    writeFileSync(file, await renderQuestionnairePdfBytes(sampleModel(), { ...EN, paper: 'a4' }));
    expect(run('pdfinfo', [file])).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });
});
