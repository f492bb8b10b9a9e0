import type en from './en.json';

/**
 * A message's key in the catalogues (`en.json` is the reference: `es.json` holds exactly its keys,
 * checked by catalogue.test.ts). Keys are `<area>.<name>`; messages are ICU MessageFormat.
 */
export type MessageId = keyof typeof en;

export type MessageValues = Record<string, string | number | null | undefined>;

/** Gives a message in one language, its `{placeholders}` and plurals filled from `values`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A catalogue as written: key → ICU message. */
export type Catalogue = Record<MessageId, string>;

/**
 * The app receives a catalogue in two parts (pwa/src/i18n): `first`, the areas card 1 and the
 * player's frame need, which is all that /scent/<code> waits for (the first load after a printed QR
 * code); `rest`, every other area, fetched right after. Areas only the server says (the e-mails)
 * are in neither.
 */
export const FIRST_AREAS: readonly string[] = [
  'card',
  'frame',
  'intensity',
  'kit',
  'language',
  'location',
  'noConnection',
  'shell',
  'textSize',
  'update',
];
export const SERVER_AREAS: readonly string[] = ['mail'];
export type CataloguePart = 'first' | 'rest';

/** Which part of the app's catalogue a key is in; null for the server's own. */
export function cataloguePart(key: string): CataloguePart | null {
  const area = key.slice(0, key.indexOf('.'));
  if (SERVER_AREAS.includes(area)) return null;
  return FIRST_AREAS.includes(area) ? 'first' : 'rest';
}
