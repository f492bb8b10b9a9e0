import { readJson, writeJson } from '../../../lib/storage';
import type { QuestionAnswer } from './flow';

/** The local-storage key of the answers the details page shows (one questionnaire: the stored result's). */
export const KEPT_ANSWERS_KEY = 'scentryQuestionnaire';

export interface KeptAnswers {
  testResultId: string;
  answers: QuestionAnswer[];
  /** ISO time of the last answer. */
  answeredAt: string;
}

export function keepAnswers(kept: KeptAnswers): void {
  writeJson(KEPT_ANSWERS_KEY, kept);
}

/** The answers kept on this device for this result, or null (none, another result's, or unreadable). */
export function keptAnswers(testResultId: string): KeptAnswers | null {
  const kept = readJson<KeptAnswers>(KEPT_ANSWERS_KEY);
  if (!kept || kept.testResultId !== testResultId || !Array.isArray(kept.answers) || kept.answers.length === 0)
    return null;
  if (typeof kept.answeredAt !== 'string' || Number.isNaN(Date.parse(kept.answeredAt))) return null;
  const ok = kept.answers.every(
    (a) => a && typeof a.question === 'string' && (a.answer === 'Yes' || a.answer === 'No'),
  );
  return ok ? kept : null;
}
