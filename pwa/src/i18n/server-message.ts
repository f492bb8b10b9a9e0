import { MEDICAL_MSG, type MessageId, MSG, PLAY_MSG, QUESTIONNAIRE_MSG, REPORT_MSG } from '@scentry/shared-schema';
import { i18n, t } from './index';

/**
 * Reasons the device itself gives a waiting upload it had to give up on (offline/sync.ts,
 * form-push.ts, email-push.ts), shown beside the server's own refusals.
 */
export const DEVICE_MSG = {
  refused: 'Refused by the server',
  resultNotUploaded: 'Its result could not be uploaded',
  answersNotUploaded: 'Its answers could not be uploaded',
} as const;

type Messages = Readonly<Record<string, unknown>>;

/**
 * The message constants a player can meet (the API's replies to the player's calls, the shared
 * validation the forms run on the device, the device's own upload reasons), each with how its
 * keys are named in the catalogue. Staff-only constants (USER_MSG, ORG_MSG, …) are not here: the
 * admin stays English. Where two constants share a text, the first one's key gives its translation.
 */
const SOURCES: ReadonlyArray<[Messages, (key: string) => string]> = [
  [MSG, (key) => `msg.${key}`],
  [REPORT_MSG, (key) => `msg.report.${key}`],
  [PLAY_MSG, (key) => `msg.play.${key}`],
  [QUESTIONNAIRE_MSG, (key) => `msg.questionnaire.${key}`],
  [MEDICAL_MSG, (key) => `msg.medical.${key}`],
  [DEVICE_MSG, (key) => `msg.device.${key}`],
];

let byText: Map<string, string> | null = null;

/** English text → catalogue key, made on first use. */
function keys(): Map<string, string> {
  if (byText) return byText;
  byText = new Map();
  for (const [messages, keyOf] of SOURCES) {
    for (const [key, text] of Object.entries(messages)) {
      if (typeof text === 'string' && !byText.has(text)) byText.set(text, keyOf(key));
    }
  }
  return byText;
}

// REPORT_MSG.sentToMany(n): the one message with a number in it.
const SENT_TO_MANY = /^This result was already sent to (\d+) addresses$/;

/** The catalogue key of a message (English, as the API or the shared rules give it), if it has one. */
export function messageKey(message: string): MessageId | null {
  const key = keys().get(message) ?? (SENT_TO_MANY.test(message) ? 'msg.report.sentToMany' : undefined);
  // Only a key the catalogue holds: staff-only MSG entries (sign-in, passwords) have none.
  return key && key in (i18n.messages ?? {}) ? (key as MessageId) : null;
}

/**
 * A message of the server (or of the shared rules run on the device) in the player's language:
 * the API speaks English (its contract); the player reads the catalogue's `msg.*` translation of
 * the matching shared constant. A message no constant has (a newer server's, a proxy's) is shown
 * as sent rather than hidden.
 */
export function serverMessage(message: string): string {
  const key = messageKey(message);
  if (!key) return message;
  const count = SENT_TO_MANY.exec(message)?.[1];
  return t(key, count ? { count: Number(count) } : undefined);
}
