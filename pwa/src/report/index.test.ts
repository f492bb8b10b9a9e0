// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderQuestionnairePdf, renderReportPdf } from './index';

// The layout and its PDF are tested where they live (shared-schema/src/report); this is the device's wrapper.
describe('the device report entry', () => {
  it('gives the shared layout as PDF Blobs', async () => {
    const report = await renderReportPdf(
      {
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
      },
      new Map(),
    );
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
  });
});
