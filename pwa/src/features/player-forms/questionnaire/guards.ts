import { redirect } from '@tanstack/react-router';
import { getStoredResult } from '../../../lib/player';
import { keptAnswers } from './kept';

/*
 * The questionnaire's route guards, kept apart from its screens (guards run in the router's own
 * chunk, which must not carry the screens).
 */

/** beforeLoad of /additionalQuestion: no stored result → /home (spec §4). */
export function requireResultForQuestionnaire() {
  if (!getStoredResult()) throw redirect({ to: '/home', replace: true });
}

/** beforeLoad of /additionalQuestionDetails: no stored result → /home; no answers kept for it → /result. */
export function requireKeptAnswers() {
  const result = getStoredResult();
  if (!result) throw redirect({ to: '/home', replace: true });
  if (!keptAnswers(result.testResultId)) throw redirect({ to: '/result', replace: true });
}
