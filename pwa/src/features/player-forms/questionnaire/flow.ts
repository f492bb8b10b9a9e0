import { type ANSWERS, QUESTIONNAIRE_QUESTIONS, type QuestionnaireRequest } from '@scentry/shared-schema';
import type { StoredResult } from '../../../lib/player';

/*
 * The questionnaire's rules (spec §2, §4), apart from the screen: one question at a time, the
 * index advancing on each answer, a way back to the previous question, and the last answer
 * submitting all five.
 */

export type Answer = (typeof ANSWERS)[number];

export interface QuestionAnswer {
  question: string;
  answer: Answer;
}

export interface FlowState {
  /** The question shown, 0-based. */
  index: number;
  /** One slot per question: the answer given, or null. Going back keeps them (the earlier choice shows). */
  answers: Array<Answer | null>;
}

export const QUESTION_COUNT = QUESTIONNAIRE_QUESTIONS.length;

export const initialFlow = (): FlowState => ({ index: 0, answers: QUESTIONNAIRE_QUESTIONS.map(() => null) });

export type FlowStep = { done: false; state: FlowState } | { done: true; state: FlowState; answers: QuestionAnswer[] };

/** Records the answer to the question shown: the next question, or, after the last, all five answers. */
export function answerQuestion(state: FlowState, answer: Answer): FlowStep {
  const answers = state.answers.map((a, i) => (i === state.index ? answer : a));
  if (state.index + 1 < QUESTION_COUNT) return { done: false, state: { index: state.index + 1, answers } };
  const next = { index: state.index, answers };
  return { done: true, state: next, answers: completeAnswers(next) };
}

/** The previous question (its answer still shown); the first stays the first. */
export const goBack = (state: FlowState): FlowState =>
  state.index === 0 ? state : { ...state, index: state.index - 1 };

/** "n of 5": the question shown, 1-based. */
export const questionNumber = (state: FlowState): number => state.index + 1;

/** All five as {question, answer}, in order; throws if any is missing (never the case after the last answer). */
export function completeAnswers(state: FlowState): QuestionAnswer[] {
  return QUESTIONNAIRE_QUESTIONS.map((question, i) => {
    const answer = state.answers[i];
    if (answer !== 'Yes' && answer !== 'No') throw new Error(`Question ${i + 1} is not answered`);
    return { question, answer };
  });
}

/** SaveQuestionnaireResult's body (API.md): the result id and the five {Question, Answer}. */
export function toSaveRequest(testResultId: string, answers: QuestionAnswer[]): QuestionnaireRequest {
  return {
    TestResultId: testResultId,
    QuestionnaireListDetails: answers.map((a) => ({ Question: a.question, Answer: a.answer })),
  };
}

/** The queued document's fields (API.md "Sync": QuestionnaireDoc, without its id and testResultId). */
export const toQueuedDoc = (answers: QuestionAnswer[]): { answers: QuestionAnswer[] } => ({
  answers: answers.map((a) => ({ question: a.question, answer: a.answer })),
});

/** Whether the device already knows this result's questionnaire is done. */
export const knownCompleted = (result: StoredResult | null): boolean => result?.questionnaireCompleted === true;
