import { paperForLocale as paperFor } from '@scentry/shared-schema/result-document';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '../../../lib/player';
import { buildReportModel } from './build-model';

const stored: StoredResult = {
  testResultId: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  resultStatus: 'Fail',
  rightAnswerCount: 2,
  averageIntensity: 2.4,
  kitName: 'DEMO1',
  playedAt: '2026-11-23T23:30:00.000Z',
  organizationId: 4,
  cards: [
    { cardName: 'Card one', choiceName: 'Lemon', picture: '/uploads/a.png', right: true, intensity: 3 },
    { cardName: 'Card two', choiceName: 'Smoke', picture: null, right: false, intensity: 0 },
  ],
};

describe('buildReportModel', () => {
  it('reads the stored play, the placeholder name and "not given" until the medical form is filled', () => {
    const m = buildReportModel(
      stored,
      { FirstName: 'Guest', LastName: 'Player' },
      null,
      'https://scentry.example/',
      'en',
    );
    expect(m).toMatchObject({
      resultId: stored.testResultId,
      status: 'Fail',
      rightAnswerCount: 2,
      cardCount: 2,
      playerName: 'Guest Player',
      kitName: 'DEMO1',
      provider: null,
      age: null,
      gender: null,
      race: null,
      disorders: null,
      familyHistory: null,
      verifyUrl: `https://scentry.example/verify/${stored.testResultId}`,
    });
    expect(m.cards.map((c) => [c.position, c.cardName, c.choiceName, c.right])).toEqual([
      [1, 'Card one', 'Lemon', true],
      [2, 'Card two', 'Smoke', false],
    ]);
  });

  it('shows the medical answers the player gave: yes flags by name, "None" when all are no', () => {
    const m = buildReportModel(
      stored,
      {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Age: '42',
        Gender: 'Female',
        Race: 'Asian',
        IsAlzheimerDisease: false,
        IsParkinsonDisease: true,
        IsHeadInjuriesConcussion: false,
        IsSinoNasalDisease: true,
        IsOtherNeurologicalDisorder: false,
        IsAlzheimerDiseaseInFamily: false,
        IsParkinsonDiseaseInFamily: false,
        IsOtherNeurologicalDisorderInFamily: false,
      },
      { name: 'Valley Clinic', address: '1 Main St', phone: '5551234567' },
      'http://localhost:3000',
      'en',
    );
    expect(m.playerName).toBe('Ada Lovelace');
    expect(m.age).toBe(42);
    expect(m.disorders).toEqual(["Parkinson's disease", 'Sinus or nasal disease']);
    expect(m.familyHistory).toEqual(['None']);
    expect(m.provider?.name).toBe('Valley Clinic');
  });

  it('counts a kit of five when an older stored result has no card rows', () => {
    const { cards: _c, ...old } = stored;
    const m = buildReportModel(old, null, null, 'http://localhost:3000', 'en');
    expect(m.cards).toEqual([]);
    expect(m.cardCount).toBe(5);
    expect(m.age).toBeNull();
  });
});

describe('paperFor', () => {
  it('prints on Letter where that is the paper people have, A4 elsewhere', () => {
    expect(paperFor('en-US')).toBe('letter');
    expect(paperFor('fr-CA')).toBe('letter');
    expect(paperFor('en')).toBe('letter');
    expect(paperFor('en-GB')).toBe('a4');
    expect(paperFor('de-DE')).toBe('a4');
    expect(paperFor('fr')).toBe('a4');
  });
});
