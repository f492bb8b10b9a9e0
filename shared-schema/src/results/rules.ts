/** The play's rules (zod-free: the player's first load reads them): what a play must be, and its score. */
import type { ResultStatus } from '../common/enums';
import { CARDS_PER_KIT } from '../kits/rules';
import type { KitDoc } from '../sync/replies';
import type { Answer, ResultDoc } from './schemas';

export const INTENSITY_MIN = 0;
export const INTENSITY_MAX = 5;
/** Rows per push: a device sends its waiting results in batches of at most this many. */
export const PUSH_MAX_ROWS = 100;

/** Player names are under 25 characters (DESIGN.md §7). */
export const PLAYER_NAME_MAX = 24;
/**
 * The placeholder a result carries until the player gives their names in the medical form
 * (DESIGN.md §5): set on the device by Start Game and on the server for a result sent without names.
 */
export const GUEST_NAME = { firstName: 'Guest', lastName: 'Player' } as const;

export const PLAY_MSG = {
  // spec §8 (exact)
  invalidKit: 'Invalid Secret / QR code scanned, Please try again!',
  somethingWrong: 'Something went wrong. Please try again!',
  // ours
  unknownKitVersion: 'This result names a play kit version the server does not know',
  unknownCard: 'An answer names a scent card that is not in this play kit',
  answerNotOption: "An answer is not one of its scent card's options",
  cardTwice: 'A scent card is answered twice',
  cardMissing: 'Every scent card of the play kit must be answered',
  intensityRange: 'Smell intensity must be a whole number from 0 to 5',
  resultConflict: 'A different result is already stored under this id',
  invalidId: 'The result id must be a UUID',
  invalidPlayedAt: 'PlayedAt must be an ISO date-time, not in the future',
  resultNotFound: 'Result not found',
  kitVersionNotPlayable: 'This result names a play kit version that could not be played',
  tooManyResults: `At most ${PUSH_MAX_ROWS} results can be pushed at once`,
  namesTooLong: `Names must be under ${PLAYER_NAME_MAX + 1} characters`,
  resultSaved: 'Test result saved',
  // API.md "Writing to a result"
  notAllowedForResult: 'Not allowed for this result',
  resultIdInUse: 'This result id is already in use',
  invalidWriteKey: 'The write key must be 22 to 64 characters of base64url',
} as const;

/**
 * A result's write key (API.md "Writing to a result"): made by the device with each result, at
 * least 128 random bits in base64url. The result id is public; the key is what allows later writes.
 */
export const WRITE_KEY_RE = /^[A-Za-z0-9_-]{22,64}$/;

/** A new write key: 128 random bits (Web Crypto, in browsers and Node alike), base64url. */
export function makeWriteKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

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

/** How many leading characters of a result id the report prints and the staff's list shows. */
export const SHORT_RESULT_ID_LENGTH = 8;

/** The short form of a result id: what the report prints ("Result id 0f0e1849") and the list's Id column shows. */
export const shortResultId = (id: string): string => id.slice(0, SHORT_RESULT_ID_LENGTH);

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
