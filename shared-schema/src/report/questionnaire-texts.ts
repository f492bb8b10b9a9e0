/** The questionnaire document's wording (PDF), beside the result report's (texts.ts). */
export const QUESTIONNAIRE_TEXT = {
  title: 'COVID-19 questionnaire',
  heading: 'Answers to the COVID-19 questions',
  intro: 'The optional COVID-19 questions asked after the smell screening, with the answers as they were given.',
  note:
    'The answers are as the player gave them and were not checked. They are not a diagnosis: if you think you ' +
    'may have COVID-19, follow the advice of your doctor or your local health authority.',
} as const;

export const QUESTIONNAIRE_LABELS = {
  player: 'Player',
  answered: 'Answered',
  questions: 'Questions and answers',
  number: '#',
  question: 'Question',
  answer: 'Answer',
} as const;

/** An answer as printed: Yes or No whatever its letter case; anything else as it is. */
export function answerText(answer: string): string {
  const t = answer.trim();
  if (/^yes$/i.test(t)) return 'Yes';
  if (/^no$/i.test(t)) return 'No';
  return t;
}
