import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredResult } from '../../../lib/player';
import { requireKeptAnswers, requireResultForQuestionnaire } from './guards';
import { keepAnswers } from './kept';

const RESULT_ID = '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41';

/** Where a guard sends the player: the redirect's target, or null when it lets them in. */
function target(guard: () => void): string | null {
  try {
    guard();
    return null;
  } catch (thrown) {
    return (thrown as { options?: { to?: string } }).options?.to ?? 'not a redirect';
  }
}

const store = () =>
  setStoredResult({
    testResultId: RESULT_ID,
    resultStatus: 'Pass',
    rightAnswerCount: 4,
    averageIntensity: 3,
    kitName: 'DEMO1',
    playedAt: '2026-11-23T23:30:00Z',
  });

describe('questionnaire guards', () => {
  beforeEach(() => localStorage.clear());

  it('send a player without a stored result to /home', () => {
    expect(target(requireResultForQuestionnaire)).toBe('/home');
    expect(target(requireKeptAnswers)).toBe('/home');
  });

  it('open the questions with a stored result, and the details only with answers kept for it', () => {
    store();
    expect(target(requireResultForQuestionnaire)).toBeNull();
    expect(target(requireKeptAnswers)).toBe('/result');
    keepAnswers({
      testResultId: 'another',
      answers: [{ question: 'Q', answer: 'Yes' }],
      answeredAt: '2026-11-23T23:45:00Z',
    });
    expect(target(requireKeptAnswers)).toBe('/result');
    keepAnswers({
      testResultId: RESULT_ID,
      answers: [{ question: 'Q', answer: 'Yes' }],
      answeredAt: '2026-11-23T23:45:00Z',
    });
    expect(target(requireKeptAnswers)).toBeNull();
  });
});
