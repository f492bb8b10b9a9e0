import type { AnswerDetailRow, TestResultRow } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import { adminReportFileName, buildAdminReportModel, NAME_HIDDEN, reportedLabels, verifyUrlFor } from './report-model';

const ROW: TestResultRow = {
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  shortId: '1a2b3c4d',
  firstName: 'Ann',
  lastName: 'Lee',
  testKitId: 1,
  testKitName: 'DEMO1',
  resultStatus: 'Pass',
  answerStatus: 4,
  created: '2026-03-14T22:07:00.000Z',
  organizationId: 5,
  organizationName: 'Wombat Clinic',
  age: 42,
  gender: 'Female',
  race: 'Asian',
  userDisease: "Alzheimer's disease, Head injury or concussion",
  userFamilyDisease: '',
  country: 'United States',
  state: 'California',
  city: 'Fresno',
  questionnaireCompleted: false,
};

const answer = (order: number, right: boolean): AnswerDetailRow => ({
  scentCardName: `Card ${order}`,
  cardSortOrder: order,
  answerName: right ? 'Lemon' : 'Rose',
  answerStoredPath: `/uploads/${order}.png`,
  correctAnswerName: 'Lemon',
  smellIntensity: order - 1,
  smellIntensityText: 'x',
  answerStatus: right ? 'Right' : 'Wrong',
});

describe("the admin's result report", () => {
  it('is the report of the row and its answers, cards in kit order', () => {
    const answers = [answer(2, false), answer(1, true), answer(5, true), answer(3, true), answer(4, true)];
    const model = buildAdminReportModel(ROW, answers, { provider: null, publicUrl: 'https://scentry.example/' });
    expect(model).toEqual({
      resultId: ROW.id,
      status: 'Pass',
      rightAnswerCount: 4,
      cardCount: 5,
      playerName: 'Ann Lee',
      playedAt: ROW.created,
      kitName: 'DEMO1',
      provider: { name: 'Wombat Clinic', address: null, phone: null },
      age: 42,
      gender: 'Female',
      race: 'Asian',
      disorders: ["Alzheimer's disease", 'Head injury or concussion'],
      familyHistory: ['None'],
      cards: [1, 2, 3, 4, 5].map((n) => ({
        position: n,
        cardName: `Card ${n}`,
        choiceName: n === 2 ? 'Rose' : 'Lemon',
        picture: `/uploads/${n}.png`,
        right: n !== 2,
        intensity: n - 1,
      })),
      verifyUrl: `https://scentry.example/verify/${ROW.id}`,
    });
  });

  it('prefers the provider card fetched for it', () => {
    const provider = { name: 'Wombat Clinic', address: '1 Main St', phone: '555' };
    expect(buildAdminReportModel(ROW, [], { provider, publicUrl: 'http://x' }).provider).toBe(provider);
    expect(
      buildAdminReportModel({ ...ROW, organizationId: null, organizationName: null }, [], {
        provider: null,
        publicUrl: 'http://x',
      }).provider,
    ).toBeNull();
  });

  it('says the name is not disclosed where the server removed it', () => {
    const hidden = { ...ROW, firstName: null, lastName: null };
    const model = buildAdminReportModel(hidden, [], { provider: null, publicUrl: 'http://x' });
    expect(model.playerName).toBe(NAME_HIDDEN);
    expect(model.cardCount).toBe(5);
    expect(adminReportFileName(model)).toBe('Scentry-result-03-14-2026-1a2b3c4d.pdf');
  });

  it('tells "none reported" from "never asked"', () => {
    expect(reportedLabels(null, { age: null, gender: null, race: null })).toBeNull();
    expect(reportedLabels('', { age: 30, gender: 'Male', race: 'White' })).toEqual(['None']);
    expect(reportedLabels("Parkinson's disease; Other neurological disorder", ROW)).toEqual([
      "Parkinson's disease",
      'Other neurological disorder',
    ]);
  });

  it('names each file by the day played, the player and the result', () => {
    const model = buildAdminReportModel({ ...ROW, lastName: "O'Neil-Smith" }, [], {
      provider: null,
      publicUrl: 'http://x',
    });
    expect(adminReportFileName(model)).toBe('Scentry-result-03-14-2026-Ann-O-Neil-Smith-1a2b3c4d.pdf');
  });
});

describe('verifyUrlFor', () => {
  it('is the public address, /verify/ and the whole id, as the report prints it', () => {
    expect(verifyUrlFor('https://scentry.example.org/', ROW.id)).toBe(`https://scentry.example.org/verify/${ROW.id}`);
    const model = buildAdminReportModel(ROW, [], { provider: null, publicUrl: 'https://scentry.example.org' });
    expect(model.verifyUrl).toBe(verifyUrlFor('https://scentry.example.org', ROW.id));
  });
});
