/**
 * The play's rules (zod-free: the player's first load reads them): its limits, messages and write
 * key. What a play must be and its score are in play.ts, which reads the play's types.
 */

import { isPersonName } from '../common/names';

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

/**
 * A name carried with a play (API.md "People's names"), as it is stored: trimmed and composed
 * (NFC) when it passes the name rule, else empty — a play is never refused over its names. The
 * device applies it when it makes the play (cut to PLAYER_NAME_MAX characters first), the server
 * to what arrives.
 */
export function playName(value: string | null | undefined): string {
  const name = [...(value ?? '').trim().normalize('NFC')].slice(0, PLAYER_NAME_MAX).join('').trimEnd();
  return isPersonName(name) ? name : '';
}

/**
 * The player's name as a document prints it (report, e-mail, wallet pass, questionnaire): the
 * parts that pass the name rule, "Guest Player" when none does. Names stored before the rule stay
 * in the database but are never printed (API.md "People's names").
 */
export function printedName(first: string | null | undefined, last: string | null | undefined): string {
  const parts = [first, last].map((v) => (v ?? '').trim().normalize('NFC')).filter((v) => v && isPersonName(v));
  return parts.length ? parts.join(' ') : `${GUEST_NAME.firstName} ${GUEST_NAME.lastName}`;
}

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

/** Random bytes drawn 4 KB at a time: one call to the system's source for 256 keys (the server
 * makes a key with each result it stores without one). Each key takes bytes no other key took. */
const keyBytes = { pool: new Uint8Array(4096), next: 4096 };

/** A new write key: 128 random bits (Web Crypto, in browsers and Node alike), base64url. */
export function makeWriteKey(): string {
  if (keyBytes.next + 16 > keyBytes.pool.length) {
    globalThis.crypto.getRandomValues(keyBytes.pool);
    keyBytes.next = 0;
  }
  const bytes = keyBytes.pool.subarray(keyBytes.next, keyBytes.next + 16);
  keyBytes.next += 16;
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** How many leading characters of a result id the report prints and the staff's list shows. */
export const SHORT_RESULT_ID_LENGTH = 8;

/** The short form of a result id: what the report prints ("Result id 0f0e1849") and the list's Id column shows. */
export const shortResultId = (id: string): string => id.slice(0, SHORT_RESULT_ID_LENGTH);
