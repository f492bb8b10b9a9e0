// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import type { Language } from '../i18n/languages';
import { translator } from '../i18n/translator';
import { QUESTIONNAIRE_QUESTIONS } from '../player-forms/questionnaire';
import {
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTime,
  formatResultDate,
  formatResultTime,
  intensityWords,
} from './format';
import { renderQuestionnairePdfBytes, renderReportPdfBytes, reportFileName } from './index';
import { layoutReport, type ReportLayout } from './layout';
import { jsPdfMeasurer } from './measure';
import type { ReportModel, ReportPictures } from './model';
import { pictureSizes } from './pdf';
import { layoutQuestionnaire } from './questionnaire-layout';
import type { QuestionnaireReportModel } from './questionnaire-model';

/*
 * The reports in Spanish (issue 23): every word of the layout from the Spanish catalogue, the
 * product labels as they are, the record's date in Spanish and Los Angeles time; Spanish runs
 * longer, so nothing may be wider than its room.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = (name: string) => new Uint8Array(readFileSync(path.resolve(here, '../../../sync-server/demo', name)));
const words = (language: Language) => ({ t: translator(language), language });
const ES = words('es');

/** Sunday 11/23/2026 3:30 PM in Los Angeles (PST, UTC-8): already the 24th in UTC... not yet: 23:30Z. */
const PLAYED_AT = '2026-11-23T23:30:00Z';

function model(overrides: Partial<ReportModel> = {}): ReportModel {
  return {
    resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    status: 'Fail',
    rightAnswerCount: 2,
    cardCount: 5,
    playerName: 'María José Fernández de la Peña',
    playedAt: PLAYED_AT,
    kitName: 'Event2026',
    provider: { name: 'Clínica Otorrino del Valle', address: '100 Market St, San Francisco, CA 94105', phone: null },
    age: 67,
    gender: 'Female',
    race: 'Hispanic or Latino',
    disorders: ["Alzheimer's disease", 'Head injury or concussion'],
    familyHistory: null,
    cards: [
      {
        position: 1,
        cardName: 'Card One',
        choiceName: 'Rose',
        picture: '/uploads/rose.png',
        right: true,
        intensity: 4,
      },
      { position: 2, cardName: 'Card Two', choiceName: 'Coffee', picture: null, right: true, intensity: 3 },
      { position: 3, cardName: 'Card Three', choiceName: 'Lemon', picture: null, right: false, intensity: 2 },
      { position: 4, cardName: 'Card Four', choiceName: 'Smoke', picture: null, right: false, intensity: 0 },
      { position: 5, cardName: 'Card Five', choiceName: 'Rose', picture: null, right: false, intensity: 5 },
    ],
    verifyUrl: 'https://scentry.example.org/verify/6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    ...overrides,
  };
}

const questionnaire = (): QuestionnaireReportModel => ({
  resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
  playerName: 'María José Fernández',
  answeredAt: '2026-11-23T23:45:00Z',
  kitName: null,
  answers: QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ question, answer: i === 0 ? 'yes' : 'No' })),
});

const pictures = (): ReportPictures => new Map([['/uploads/rose.png', demo('rose.png')]]);
const measurer = jsPdfMeasurer(new jsPDF({ unit: 'pt', format: 'letter' }));

/** Every text wider than the room the layout gave it, or running off the page. */
function overflowing(layout: ReportLayout): string[] {
  const out: string[] = [];
  for (const op of layout.pages.flat()) {
    if (op.kind !== 'text') continue;
    const w = measurer.width(op.text, op.size, op.bold);
    const x0 = op.align === 'left' ? op.x : op.align === 'center' ? op.x - w / 2 : op.x - w;
    if (w > op.maxWidth + 0.5 || x0 < 0 || x0 + w > layout.width)
      out.push(`${op.text} (${Math.round(w)} > ${op.maxWidth})`);
  }
  return out;
}

describe('dates in the language', () => {
  it("gives the record's date and time in Los Angeles, MM/DD/YYYY in English and in words in Spanish", () => {
    // 02:00 UTC on the 24th is still the 23rd in Los Angeles.
    const iso = '2026-11-24T02:00:00Z';
    expect(formatResultDate(iso)).toBe('11/23/2026');
    expect(formatResultDate(iso, 'en')).toBe('11/23/2026');
    expect(formatResultDate(iso, 'es')).toBe('23 de noviembre de 2026');
    expect(formatResultTime(iso, 'en')).toBe('6:00 PM PST');
    expect(formatResultTime(iso, 'es')).toMatch(/^6:00 p\.\s?m\. PST$/);
    // Summer: daylight time.
    expect(formatResultDate('2026-07-04T19:00:00Z', 'es')).toBe('4 de julio de 2026');
    expect(formatResultTime('2026-07-04T19:00:00Z', 'en')).toBe('12:00 PM PDT');
  });

  it("gives the device's own clock in the language (players' screens)", () => {
    const iso = '2026-11-24T02:00:00Z';
    // The zone of the test run (TZ), whatever it is: the same day and time in both languages.
    const [month, day, year] = formatLocalDate(iso, 'en').split('/');
    expect(formatLocalDate(iso, 'es')).toBe(`${day}/${month}/${year}`);
    expect(formatLocalDate(iso)).toBe(formatLocalDate(iso, 'en'));
    expect(formatLocalTime(iso, 'en')).toMatch(/\d{1,2}:\d\d\s[AP]M/);
    expect(formatLocalTime(iso, 'es')).toMatch(/\d{1,2}:\d\d\s[ap]\.\s?m\./);
    expect(formatLocalDateTime(iso, 'es')).toBe(`${formatLocalDate(iso, 'es')}, ${formatLocalTime(iso, 'es')}`);
  });

  it('words intensity in the language; the file name stays one form for every language', () => {
    expect(intensityWords(3, ES.t)).toBe('Moderado');
    expect(intensityWords(3, words('en').t)).toBe('Moderate');
    expect(intensityWords(0)).toBe('No smell');
    expect(reportFileName(model(), 'pdf')).toBe('Scentry-result-11-23-2026.pdf');
  });
});

describe('the report in Spanish', () => {
  const out = process.env.REPORT_OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'scentry-spanish-'));
  mkdirSync(out, { recursive: true });
  const pdfText = (file: string) => {
    if (!existsSync('/usr/bin/pdftotext')) throw new Error('install poppler-utils (apt-get install -y poppler-utils)');
    return execFileSync('/usr/bin/pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };
  const write = (name: string, bytes: Uint8Array) => {
    const file = path.join(out, name);
    writeFileSync(file, bytes);
    return file;
  };

  it('fits: no text wider than its room, Pass and Fail, Letter and A4 (the English too)', () => {
    for (const language of ['es', 'en'] as const)
      for (const paper of ['letter', 'a4'] as const)
        for (const m of [model(), model({ status: 'Pass', rightAnswerCount: 5, provider: null, disorders: null })]) {
          const l = layoutReport(m, { ...words(language), measurer, pictureSizes: pictureSizes(pictures()), paper });
          expect(l.pages, `${language} ${paper} ${m.status}`).toHaveLength(1);
          expect(overflowing(l), `${language} ${paper} ${m.status}`).toEqual([]);
        }
    for (const language of ['es', 'en'] as const) {
      const l = layoutQuestionnaire(questionnaire(), { ...words(language), measurer });
      expect(overflowing(l), `${language} questionnaire`).toEqual([]);
    }
  });

  it("is Spanish: the catalogue's words, the date in Spanish, the product labels as they are, no English", async () => {
    const file = write('resultado.pdf', await renderReportPdfBytes(model(), pictures(), ES));
    const text = pdfText(file);
    for (const s of [
      'Resultado de la prueba de olfato',
      'NO APROBADO',
      '2 de 5 aromas acertados',
      'Puntuación',
      'Hora del Pacífico',
      '23 de noviembre de 2026',
      'Información de salud',
      'Antecedentes familiares',
      'no indicado',
      // The record's English words in Spanish.
      'Femenino',
      'Hispana o latina',
      'Enfermedad de Alzheimer, Lesión en la cabeza o conmoción cerebral',
      'Tarjetas de aroma',
      'Su elección',
      'Acierto',
      'Error',
      'Muy fuerte',
      'Sin olor',
      'Qué hacer ahora',
      'Verifique este informe',
      'Página 1 de 1',
      'Con la tecnología de Scentry',
      // Not translated: the brand, the product line, the kit and option names, the names.
      'OLFACTORY TEST KIT',
      'FDA Registered Class II (510K Exempt) Medical Device',
      'Event2026',
      'Rose',
      'María José Fernández de la Peña',
    ])
      expect(text, s).toContain(s);
    for (const english of [
      'Smell screening result',
      'scents named correctly',
      'Pacific Time',
      'Health information',
      'not given',
      'Your choice',
      'What to do next',
      'Check this report',
      'Page 1',
      'Powered by',
      'Very strong',
      ' FAIL',
      'Female',
      'Hispanic',
      "Alzheimer's",
    ])
      expect(text, english).not.toContain(english);
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toContain('Title:           Scentry - Resultado de la prueba de olfato - María José');
    // The document's language, for screen readers.
    expect(readFileSync(file).toString('latin1')).toContain('/Lang (es)');
  });

  it("prints the record's placeholder name and its None in Spanish; names and other values as stored", async () => {
    const file = write(
      'invitado.pdf',
      await renderReportPdfBytes(
        model({
          playerName: 'Guest Player',
          disorders: ['None'],
          familyHistory: ['Sino-nasal disease'],
          race: 'Asian',
        }),
        pictures(),
        ES,
      ),
    );
    const text = pdfText(file);
    for (const s of ['Participante invitado', 'Ninguno', 'Sino-nasal disease', 'Asiática'])
      expect(text, s).toContain(s);
    for (const s of ['Guest', 'None']) expect(text, s).not.toContain(s);
    expect(execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' })).toContain('Participante invitado');
  });

  it('keeps English as English (the language tag too)', async () => {
    const file = write('result-en.pdf', await renderReportPdfBytes(model(), pictures(), words('en')));
    const text = pdfText(file);
    expect(text).toContain('2 of 5 scents named correctly');
    expect(text).toContain('11/23/2026');
    expect(text).not.toContain('aromas');
    expect(readFileSync(file).toString('latin1')).toContain('/Lang (en-US)');
  });

  it('prints the questionnaire in Spanish: the five questions, Sí and No, the date in words', async () => {
    const file = write('cuestionario.pdf', await renderQuestionnairePdfBytes(questionnaire(), ES));
    const text = pdfText(file);
    for (const s of [
      'Cuestionario de COVID-19',
      'Respuestas a las preguntas sobre COVID-19',
      'Participante',
      'Respondido',
      '23 de noviembre de 2026',
      'Preguntas y respuestas',
      '¿Ha notado un cambio en su sentido del olfato o del gusto?',
      '¿Está esperando el resultado de una prueba de COVID-19?',
      'Sí',
      'no indicado',
      'No son un diagnóstico',
    ])
      expect(text, s).toContain(s);
    for (const english of [...QUESTIONNAIRE_QUESTIONS, 'Questions and answers', 'Yes', 'Answered', 'not given'])
      expect(text, english).not.toContain(english);
  });
});
