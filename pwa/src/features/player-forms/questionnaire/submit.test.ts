import { QUESTIONNAIRE_QUESTIONS } from '@scentry/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../lib/api';
import { getStoredResult, setStoredResult } from '../../../lib/player';
import type { QuestionAnswer } from './flow';
import { KEPT_ANSWERS_KEY, keptAnswers } from './kept';

const offlineState = vi.hoisted(() => ({ syncState: 'uploaded' as string | null }));
const queueFormLocally = vi.hoisted(() => vi.fn(async () => {}));
const callPlayer = vi.hoisted(() => vi.fn());

vi.mock('../../../offline/store', () => ({
  resultSyncState: vi.fn(async () => offlineState.syncState),
  resultWriteKey: vi.fn(async () => 'the-results-own-write-key'),
  takeDeviceMark: vi.fn(async () => ({ deviceId: '6f1d2c3b-0000-4000-8000-000000000001', seq: 4 })),
  queueFormLocally,
}));
vi.mock('../../../offline/sync', () => ({ requestSync: vi.fn(async () => {}) }));
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  callPlayer,
}));

const { submitQuestionnaire } = await import('./submit');

const RESULT_ID = '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41';
const ANSWERS: QuestionAnswer[] = QUESTIONNAIRE_QUESTIONS.map((question, i) => ({
  question,
  answer: i === 0 ? 'Yes' : 'No',
}));
const NOW = new Date('2026-11-23T23:45:00Z');

const failure = (httpStatus: number, status: 'Failure' | 'Warning', message = 'refused') =>
  new ApiFailure(httpStatus, { status, message, error: null, data: null });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  localStorage.clear();
  setStoredResult({
    testResultId: RESULT_ID,
    resultStatus: 'Pass',
    rightAnswerCount: 4,
    averageIntensity: 3,
    kitName: 'DEMO1',
    playedAt: '2026-11-23T23:30:00Z',
  });
  offlineState.syncState = 'uploaded';
  setOnline(true);
  callPlayer.mockReset();
  queueFormLocally.mockClear();
});
afterEach(() => setOnline(true));

describe('submitting the questionnaire', () => {
  it('sends the five answers when the result is on the server, then marks it completed and keeps the answers', async () => {
    callPlayer.mockResolvedValue(null);
    expect(await submitQuestionnaire(RESULT_ID, ANSWERS, () => NOW)).toBe('sent');
    expect(callPlayer).toHaveBeenCalledTimes(1);
    expect(callPlayer).toHaveBeenCalledWith('saveQuestionnaireResult', {
      body: {
        TestResultId: RESULT_ID,
        QuestionnaireListDetails: ANSWERS.map((a) => ({ Question: a.question, Answer: a.answer })),
        // The result's write key, from where the device keeps it (API.md "Writing to a result").
        WriteKey: 'the-results-own-write-key',
        // The device's number for it (API.md "Devices").
        DeviceId: '6f1d2c3b-0000-4000-8000-000000000001',
        Seq: 4,
      },
    });
    expect(queueFormLocally).not.toHaveBeenCalled();
    expect(getStoredResult()?.questionnaireCompleted).toBe(true);
    expect(keptAnswers(RESULT_ID)).toEqual({
      testResultId: RESULT_ID,
      answers: ANSWERS,
      answeredAt: NOW.toISOString(),
    });
    expect(JSON.parse(localStorage.getItem(KEPT_ANSWERS_KEY) ?? '{}').testResultId).toBe(RESULT_ID);
  });

  it('keeps them on the device under a new id when offline', async () => {
    setOnline(false);
    expect(await submitQuestionnaire(RESULT_ID, ANSWERS, () => NOW)).toBe('queued');
    expect(callPlayer).not.toHaveBeenCalled();
    expect(queueFormLocally).toHaveBeenCalledTimes(1);
    const form = (queueFormLocally.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(form).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      testResultId: RESULT_ID,
      kind: 'questionnaire',
      doc: { answers: ANSWERS },
      deviceId: '6f1d2c3b-0000-4000-8000-000000000001',
      seq: 4,
    });
    expect(getStoredResult()?.questionnaireCompleted).toBe(true);
    expect(keptAnswers(RESULT_ID)?.answers).toEqual(ANSWERS);
  });

  it('keeps them on the device when the network fails mid-way', async () => {
    callPlayer.mockRejectedValue(failure(0, 'Failure', 'Network error'));
    expect(await submitQuestionnaire(RESULT_ID, ANSWERS)).toBe('queued');
    expect(queueFormLocally).toHaveBeenCalledTimes(1);
  });

  it('says "completed" on the server\'s 400 Warning: marked completed, nothing kept', async () => {
    callPlayer.mockRejectedValue(failure(400, 'Warning', 'Questionnaire is already completed'));
    expect(await submitQuestionnaire(RESULT_ID, ANSWERS)).toBe('completed');
    expect(getStoredResult()?.questionnaireCompleted).toBe(true);
    expect(keptAnswers(RESULT_ID)).toBeNull();
    expect(queueFormLocally).not.toHaveBeenCalled();
  });

  it('on a 400 Warning carrying the stored answers (the key holder), keeps those, never the refused ones', async () => {
    const storedRows = ANSWERS.map((a) => ({ question: a.question, answer: 'Yes' }));
    callPlayer.mockRejectedValue(
      new ApiFailure(400, {
        status: 'Warning',
        message: 'Questionnaire is already completed',
        error: null,
        data: { answers: storedRows },
      }),
    );
    expect(await submitQuestionnaire(RESULT_ID, ANSWERS, () => NOW)).toBe('completed');
    expect(keptAnswers(RESULT_ID)).toEqual({
      testResultId: RESULT_ID,
      answers: storedRows,
      answeredAt: NOW.toISOString(),
    });
  });

  it('throws any other refusal, and marks nothing', async () => {
    callPlayer.mockRejectedValue(failure(404, 'Failure', 'No result with this id has reached the server yet.'));
    await expect(submitQuestionnaire(RESULT_ID, ANSWERS)).rejects.toBeInstanceOf(ApiFailure);
    expect(getStoredResult()?.questionnaireCompleted).toBeUndefined();
    expect(keptAnswers(RESULT_ID)).toBeNull();
  });
});

describe('kept answers', () => {
  it('are read only for their own result, and only when well formed', () => {
    localStorage.setItem(
      KEPT_ANSWERS_KEY,
      JSON.stringify({ testResultId: RESULT_ID, answers: ANSWERS, answeredAt: NOW.toISOString() }),
    );
    expect(keptAnswers(RESULT_ID)?.answers).toHaveLength(5);
    expect(keptAnswers('another-result')).toBeNull();
    localStorage.setItem(
      KEPT_ANSWERS_KEY,
      JSON.stringify({ testResultId: RESULT_ID, answers: [{ question: 'Q', answer: 'Maybe' }], answeredAt: 'x' }),
    );
    expect(keptAnswers(RESULT_ID)).toBeNull();
    localStorage.setItem(KEPT_ANSWERS_KEY, '{not json');
    expect(keptAnswers(RESULT_ID)).toBeNull();
  });
});
