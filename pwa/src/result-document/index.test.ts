// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import en from '@scentry/shared-schema/i18n/en.json';
import es from '@scentry/shared-schema/i18n/es.json';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n';
import { type ReportModel, renderQuestionnairePdf, renderReportPdf } from './index';

const MODEL: ReportModel = {
  resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
  status: 'Pass',
  rightAnswerCount: 4,
  cardCount: 5,
  playerName: 'Maria Gonzalez',
  playedAt: '2026-11-23T23:30:00Z',
  kitName: 'Event2026',
  provider: null,
  age: null,
  gender: null,
  race: null,
  disorders: null,
  familyHistory: null,
  cards: [],
  verifyUrl: 'https://scentry.example.org/verify/6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
};

/** The text of a PDF Blob, by poppler's pdftotext (as the layout's own tests read it). */
async function pdfText(blob: Blob): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scentry-device-report-')), 'report.pdf');
  writeFileSync(file, new Uint8Array(await blob.arrayBuffer()));
  return execFileSync('/usr/bin/pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

type Messages = Parameters<typeof loadMessages>[1];

// The layout and its PDF are tested where they live (shared-schema/src/report); this is the device's wrapper.
describe('the device report entry', () => {
  afterEach(() => loadMessages('en', en as unknown as Messages));

  it('gives the shared layout as PDF Blobs', async () => {
    const report = await renderReportPdf(MODEL, new Map());
    const questionnaire = await renderQuestionnairePdf({
      resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
      playerName: 'Maria Gonzalez',
      answeredAt: '2026-11-23T23:45:00Z',
      kitName: 'Event2026',
      answers: [{ question: 'Fever?', answer: 'No' }],
    });
    for (const blob of [report, questionnaire]) {
      expect(blob.type).toBe('application/pdf');
      expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    }
    expect(await pdfText(report)).toContain('4 of 5 scents named correctly');
  });

  it("writes the report in the player's language; a caller that names English (the admin) gets English", async () => {
    loadMessages('es', es as unknown as Messages);
    const spanish = await pdfText(await renderReportPdf(MODEL, new Map()));
    expect(spanish).toContain('Resultado de la prueba de olfato');
    expect(spanish).toContain('4 de 5 aromas acertados');
    expect(spanish).toContain('23 de noviembre de 2026');
    expect(spanish).not.toContain('scents named correctly');

    const english = await pdfText(await renderReportPdf(MODEL, new Map(), { language: 'en' }));
    expect(english).toContain('4 of 5 scents named correctly');
    expect(english).toContain('11/23/2026');
    expect(english).not.toContain('aromas');
  });
});
