import type { MessageId, Translate } from '../i18n/catalogue';
import { QUESTIONNAIRE_QUESTIONS } from '../player-forms/questionnaire';

/** The five questions' messages, in QUESTIONNAIRE_QUESTIONS' order. */
const QUESTION_KEYS = [
  'questionnaire.q1',
  'questionnaire.q2',
  'questionnaire.q3',
  'questionnaire.q4',
  'questionnaire.q5',
] as const satisfies readonly MessageId[];

/**
 * A question as printed: one of the five (stored in English, the record's words) in the report's
 * language; any other text as it was stored.
 */
export function questionText(question: string, t: Translate): string {
  const i = (QUESTIONNAIRE_QUESTIONS as readonly string[]).indexOf(question.trim());
  return i >= 0 ? t(QUESTION_KEYS[i]) : question;
}

/** Whether an answer is Yes or No, whatever its letter case; null for anything else. */
export function yesNo(answer: string): 'yes' | 'no' | null {
  const a = answer.trim();
  if (/^yes$/i.test(a)) return 'yes';
  if (/^no$/i.test(a)) return 'no';
  return null;
}

/** An answer as printed: Yes or No in the report's language whatever its letter case; anything else as it is. */
export function answerText(answer: string, t: Translate): string {
  const known = yesNo(answer);
  if (known === 'yes') return t('forms.yes');
  if (known === 'no') return t('forms.no');
  return answer.trim();
}
