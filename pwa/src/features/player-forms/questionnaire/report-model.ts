import { printedName } from '@scentry/shared-schema';
import type { QuestionnaireReportModel } from '@scentry/shared-schema/result-document';
import type { PlayerData, StoredResult } from '../../../lib/player';
import type { KeptAnswers } from './kept';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The questionnaire document of the kept answers: the player's names as stored now, the result's kit. */
export function buildQuestionnaireModel(
  result: StoredResult,
  kept: KeptAnswers,
  player: PlayerData | null,
): QuestionnaireReportModel {
  return {
    resultId: result.testResultId,
    playerName: printedName(player?.FirstName, player?.LastName),
    answeredAt: kept.answeredAt,
    kitName: text(result.kitName),
    answers: kept.answers.map((a) => ({ question: a.question, answer: a.answer })),
  };
}
