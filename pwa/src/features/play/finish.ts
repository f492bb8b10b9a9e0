import {
  averageIntensity,
  type KitDoc,
  makeWriteKey,
  playName,
  type ResultDoc,
  scorePlay,
} from '@scentry/shared-schema';
import { eventOrganizationId } from '../../lib/event-mode';
import { record as recordHistory } from '../../lib/history';
import { clearProgress } from '../../lib/play-progress';
import { getPlayer, type StoredCard, type StoredResult, setStoredResult } from '../../lib/player';
import { requestSync } from '../../offline/sync';
import type { Position } from '../location/location';

export interface PlayedAnswer {
  scentCardId: number;
  scentOptionId: number;
  smellIntensity: number;
}

export type { Position } from '../location/location';

/**
 * Ends a play: scores it on the device (the shared rule, the kit's answer key), keeps it locally
 * for upload, remembers the summary for the screens after play, and asks for a sync. Works with no
 * network at all. `position` is whatever is known when the result is saved (never waited for).
 */
export async function finishPlay(
  kit: KitDoc,
  answers: PlayedAnswer[],
  position: Position | null,
): Promise<StoredResult> {
  const player = getPlayer();
  const score = scorePlay(kit, answers);
  const doc: ResultDoc = {
    id: crypto.randomUUID(),
    // Kept with the result, sent with it and with every later write about it; never shown.
    writeKey: makeWriteKey(),
    testKitId: kit.kitId,
    kitVersion: kit.version,
    // The provider the player chose; else, in event mode, the event's organization.
    organizationId: typeof player?.organizationId === 'number' ? player.organizationId : eventOrganizationId(),
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    // API.md "People's names": a name that breaks the rule goes as empty, never refused.
    firstName: playName(player?.FirstName),
    lastName: playName(player?.LastName),
    playedAt: new Date().toISOString(),
    answers,
    resultStatus: score.resultStatus,
    rightAnswerCount: score.rightAnswerCount,
  };
  const summary: StoredResult = {
    testResultId: doc.id,
    resultStatus: score.resultStatus,
    rightAnswerCount: score.rightAnswerCount,
    averageIntensity: averageIntensity(answers),
    kitName: kit.name,
    playedAt: doc.playedAt,
    cards: playedCards(kit, answers),
    organizationId: doc.organizationId,
  };
  const store = await import('../../offline/store');
  await store.saveResultLocally({
    ...doc,
    syncState: 'pending',
    kitName: kit.name,
    averageIntensity: summary.averageIntensity,
  });
  setStoredResult(summary);
  clearProgress(kit.id); // saved: nothing left to resume, and nothing for the next player to inherit
  recordHistory(summary); // only when the player opted in to keeping results on this phone
  void requestSync();
  return summary;
}

/** Each card as played, in card order: its name, the option chosen (name, picture), right or not, intensity. */
export function playedCards(kit: KitDoc, answers: PlayedAnswer[]): StoredCard[] {
  const byCard = new Map(answers.map((a) => [a.scentCardId, a]));
  return [...kit.cards]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((card) => {
      const answer = byCard.get(card.id);
      if (!answer) return [];
      const choice = card.options.find((o) => o.scentOptionId === answer.scentOptionId);
      return [
        {
          cardName: card.name,
          choiceName: choice?.name ?? '',
          cardNames: card.names ?? {},
          choiceNames: choice?.names ?? {},
          picture: choice?.storedPath ?? null,
          right: card.correctScentOptionId === answer.scentOptionId,
          intensity: answer.smellIntensity,
        },
      ];
    });
}
