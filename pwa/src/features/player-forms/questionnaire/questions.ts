import { type MessageId, QUESTIONNAIRE_QUESTIONS, type Translate } from '@scentry/shared-schema';

/*
 * The questionnaire as players read it. The server stores each question's English text with its
 * answer (API.md SaveQuestionnaireResult: {Question, Answer}, "Yes" | "No"), so what is sent and
 * kept stays QUESTIONNAIRE_QUESTIONS and ANSWERS; only what is shown is translated.
 */

/** The five questions' keys, in QUESTIONNAIRE_QUESTIONS' order. */
const QUESTION_KEYS = [
  'questionnaire.q1',
  'questionnaire.q2',
  'questionnaire.q3',
  'questionnaire.q4',
  'questionnaire.q5',
] as const satisfies readonly MessageId[];

/** A stored question (English) in the player's language; a question of another wording as stored. */
export function questionText(t: Translate, question: string): string {
  const i = (QUESTIONNAIRE_QUESTIONS as readonly string[]).indexOf(question);
  return i >= 0 && i < QUESTION_KEYS.length ? t(QUESTION_KEYS[i]) : question;
}

/** "Yes" / "No" (ANSWERS) as the player reads them; anything else as stored. */
export const answerText = (t: Translate, answer: string): string =>
  answer === 'Yes' ? t('forms.yes') : answer === 'No' ? t('forms.no') : answer;
