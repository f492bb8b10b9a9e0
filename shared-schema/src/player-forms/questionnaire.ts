/**
 * The optional COVID-19 questionnaire (spec §1): five yes/no questions, one at a time. Zod-free:
 * the player's screens read it.
 */
export const QUESTIONNAIRE_QUESTIONS = [
  'Have you noticed a change in your sense of smell or taste?',
  'Have you tested positive for COVID-19 recently?',
  'Are you waiting for the result of a COVID-19 test?',
  'Has a doctor told you that you have COVID-19?',
  'Have you been advised by contact tracing to isolate or get tested?',
] as const;

export const QUESTIONNAIRE_LENGTH = 5;
export const QUESTION_MAX = 200;
export const ANSWERS = ['Yes', 'No'] as const;

export const QUESTIONNAIRE_MSG = {
  // spec §2 (exact)
  completed: 'Questionnaire is already completed',
  // ours
  saved: 'Questionnaire saved',
  exactlyFive: `The questionnaire has exactly ${QUESTIONNAIRE_LENGTH} questions`,
  question: `Each question must be 1 to ${QUESTION_MAX} characters`,
  answer: 'Each answer must be Yes or No',
  resultUnknown: 'No result with this id has reached the server yet.',
} as const;
