import { QUESTIONNAIRE_QUESTIONS, questionnaireDocSchema, questionnaireRequest } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  answerQuestion,
  completeAnswers,
  type FlowState,
  goBack,
  initialFlow,
  knownCompleted,
  questionNumber,
  toQueuedDoc,
  toSaveRequest,
} from './flow';

const RESULT_ID = '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41';

/** Answers the questions in turn; returns the last step. */
function answerAll(values: Answer[], from: FlowState = initialFlow()) {
  let state = from;
  let step = answerQuestion(state, values[0]);
  for (const v of values.slice(1)) {
    expect(step.done).toBe(false);
    state = step.state;
    step = answerQuestion(state, v);
  }
  return step;
}

describe('questionnaire flow', () => {
  it('starts on question 1 of 5 with nothing answered', () => {
    const s = initialFlow();
    expect(s.index).toBe(0);
    expect(questionNumber(s)).toBe(1);
    expect(s.answers).toEqual([null, null, null, null, null]);
  });

  it('advances the question index on each answer and submits all five after the last', () => {
    let s = initialFlow();
    for (let i = 0; i < 4; i++) {
      const step = answerQuestion(s, i % 2 ? 'No' : 'Yes');
      expect(step.done).toBe(false);
      s = step.state;
      expect(s.index).toBe(i + 1);
      expect(questionNumber(s)).toBe(i + 2);
    }
    const last = answerQuestion(s, 'No');
    expect(last.done).toBe(true);
    if (!last.done) throw new Error('not done');
    expect(last.answers).toEqual(
      QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ question, answer: ['Yes', 'No', 'Yes', 'No', 'No'][i] })),
    );
  });

  it('goes back to the previous question, shows the earlier answer, and takes a new one', () => {
    let s = answerQuestion(initialFlow(), 'Yes').state;
    s = answerQuestion(s, 'Yes').state;
    expect(s.index).toBe(2);
    s = goBack(s);
    expect(s.index).toBe(1);
    expect(s.answers[1]).toBe('Yes');
    s = answerQuestion(s, 'No').state;
    expect(s.index).toBe(2);
    expect(s.answers.slice(0, 2)).toEqual(['Yes', 'No']);
    const step = answerAll(['No', 'No', 'Yes'], s);
    expect(step.done && step.answers.map((a) => a.answer)).toEqual(['Yes', 'No', 'No', 'No', 'Yes']);
  });

  it('stays on the first question when going back from it', () => {
    const s = initialFlow();
    expect(goBack(s)).toBe(s);
  });

  it('refuses to complete with an unanswered question', () => {
    expect(() => completeAnswers({ index: 4, answers: ['Yes', null, 'No', 'No', 'No'] })).toThrow(/Question 2/);
  });

  it('maps the answers to the SaveQuestionnaireResult body and the queued document, both valid by the contract', () => {
    const step = answerAll(['Yes', 'No', 'No', 'Yes', 'No']);
    if (!step.done) throw new Error('not done');
    const body = toSaveRequest(RESULT_ID, step.answers);
    expect(body).toEqual({
      TestResultId: RESULT_ID,
      QuestionnaireListDetails: QUESTIONNAIRE_QUESTIONS.map((q, i) => ({
        Question: q,
        Answer: ['Yes', 'No', 'No', 'Yes', 'No'][i],
      })),
    });
    expect(questionnaireRequest.safeParse(body).success).toBe(true);
    const doc = { id: crypto.randomUUID(), testResultId: RESULT_ID, ...toQueuedDoc(step.answers) };
    expect(doc.answers[3]).toEqual({ question: QUESTIONNAIRE_QUESTIONS[3], answer: 'Yes' });
    expect(questionnaireDocSchema.safeParse(doc).success).toBe(true);
  });

  it('knows a completed questionnaire from the stored result', () => {
    const stored = {
      testResultId: RESULT_ID,
      resultStatus: 'Pass' as const,
      rightAnswerCount: 4,
      averageIntensity: 3,
      kitName: 'DEMO1',
      playedAt: '2026-11-23T23:30:00Z',
    };
    expect(knownCompleted(null)).toBe(false);
    expect(knownCompleted(stored)).toBe(false);
    expect(knownCompleted({ ...stored, questionnaireCompleted: true })).toBe(true);
  });
});
