/** What a play must be, and its score (zod-free like rules.ts: the player's first load reads them). */
import type { ResultStatus } from '../common/enums';
import { CARDS_PER_KIT } from '../kits/rules';
import type { KitDoc } from '../sync/replies';
import { INTENSITY_MAX, INTENSITY_MIN, PLAY_MSG } from './rules';
import type { Answer, ResultDoc } from './schemas';

/** Why a play does not fit the kit version it names; null when it fits. */
export function playProblem(kit: Pick<KitDoc, 'cards'>, answers: Answer[]): string | null {
  const cards = new Map(kit.cards.map((c) => [c.id, c]));
  const seen = new Set<number>();
  for (const a of answers) {
    const card = cards.get(a.scentCardId);
    if (!card) return PLAY_MSG.unknownCard;
    if (seen.has(a.scentCardId)) return PLAY_MSG.cardTwice;
    seen.add(a.scentCardId);
    if (!card.options.some((o) => o.scentOptionId === a.scentOptionId)) return PLAY_MSG.answerNotOption;
    if (!Number.isInteger(a.smellIntensity) || a.smellIntensity < INTENSITY_MIN || a.smellIntensity > INTENSITY_MAX) {
      return PLAY_MSG.intensityRange;
    }
  }
  if (seen.size !== kit.cards.length) return PLAY_MSG.cardMissing;
  return null;
}

export interface Score {
  rightAnswerCount: number;
  resultStatus: ResultStatus;
}

/** The pass rule (DESIGN.md §7): correct identifications ≥ the kit's pass threshold. */
export function scorePlay(kit: Pick<KitDoc, 'cards' | 'passThreshold'>, answers: Answer[]): Score {
  const correct = new Map(kit.cards.map((c) => [c.id, c.correctScentOptionId]));
  const rightAnswerCount = answers.filter((a) => correct.get(a.scentCardId) === a.scentOptionId).length;
  return { rightAnswerCount, resultStatus: rightAnswerCount >= kit.passThreshold ? 'Pass' : 'Fail' };
}

/** Average smell intensity per kit: the sum divided by 5 (spec §2, DESIGN.md §7). */
export const averageIntensity = (answers: Pick<Answer, 'smellIntensity'>[]): number =>
  answers.reduce((sum, a) => sum + a.smellIntensity, 0) / CARDS_PER_KIT;

/**
 * The identity of a play: what must match for a resend to be "the same" (API.md): kit, version,
 * answers and play time. Names, location and organization are not part of it.
 */
export function playKey(doc: Pick<ResultDoc, 'testKitId' | 'kitVersion' | 'answers' | 'playedAt'>): string {
  const answers = [...doc.answers]
    .sort((a, b) => a.scentCardId - b.scentCardId)
    .map((a) => [a.scentCardId, a.scentOptionId, a.smellIntensity]);
  return JSON.stringify([doc.testKitId, doc.kitVersion, new Date(doc.playedAt).toISOString(), answers]);
}
