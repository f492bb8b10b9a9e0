import {
  CARDS_PER_KIT,
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  flaggedLabels,
  type Language,
  nameIn,
  printedName,
} from '@scentry/shared-schema';
import type { ReportModel, ReportProvider } from '@scentry/shared-schema/result-document';
import type { PlayerData, StoredResult } from '../../../lib/player';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The player's age as the medical form stored it (a number or its text), or null. */
function age(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The report of the stored result: the play as the device scored it, the player's names and
 * medical answers as stored on the device ("not given" until the medical form fills them), and
 * the provider when one is linked; the cards' and choices' names in `language` when staff gave them.
 */
export function buildReportModel(
  result: StoredResult,
  player: PlayerData | null,
  provider: ReportProvider | null,
  publicUrl: string,
  language: Language,
): ReportModel {
  const p: Partial<PlayerData> = player ?? {};
  const cards = result.cards ?? [];
  return {
    resultId: result.testResultId,
    status: result.resultStatus,
    rightAnswerCount: result.rightAnswerCount,
    cardCount: cards.length || CARDS_PER_KIT,
    playerName: printedName(p.FirstName, p.LastName),
    playedAt: result.playedAt,
    kitName: result.kitName,
    provider,
    age: age(p.Age),
    gender: text(p.Gender),
    race: text(p.Race),
    disorders: flaggedLabels(p, DISORDER_FLAGS),
    familyHistory: flaggedLabels(p, FAMILY_FLAGS),
    cards: cards.map(({ cardNames, choiceNames, ...c }, i) => ({
      position: i + 1,
      ...c,
      cardName: nameIn(language, c.cardName, cardNames),
      choiceName: nameIn(language, c.choiceName, choiceNames),
    })),
    verifyUrl: `${publicUrl.replace(/\/+$/, '')}/verify/${result.testResultId}`,
  };
}
