import type { Language } from '@scentry/shared-schema';
import { setLanguage as setAppLanguage } from '../../i18n';
import { EVENT_KEY, type EventState, updateEvent } from '../../lib/event-mode';
import { setActiveGame } from '../../lib/play-progress';
import { chooseTextSize, TEXT_SIZES, type TextSize } from '../../ui/text-size';

/**
 * What stays on the device from one player to the next: the event itself and what belongs to the
 * device, not to a person (its sign-in tokens per account, the install hint, the storage ask, the
 * providers list, the public address, the sync's last time and the local database's marker, the
 * admin's rows per page). Every other key of this site's localStorage is the player's (their names
 * and answers under the spec's keys, the play in progress, the stored result, the questionnaire's
 * kept answers, the history and its opt-in, the language and text size they chose, their answer to
 * "Share your location?", which in event mode each player gives) and goes: a key added later is
 * cleared by default, never left for the next player by mistake.
 *
 * What waits to upload (results, forms, e-mails) is in the local database (IndexedDB), which this
 * never touches: it still goes out. So is the device's identity and counter (`deviceId`,
 * `deviceKey`, `seq`: offline/device.ts), kept with the documents it numbers: every player of an
 * event is one device.
 */
export const DEVICE_KEYS: ReadonlySet<string> = new Set([
  EVENT_KEY,
  'scentryDeviceTokens',
  'scentryInstallHintShown',
  'scentryPersistAsked',
  'scentryOrganizations',
  'scentryProviders',
  'scentryPublicUrl',
  'scentryLastSync',
  'scentryLocalDb',
  'rowsPerPage',
]);

const isTextSize = (n: number): n is TextSize => (TEXT_SIZES as readonly number[]).includes(n);

/**
 * Clears the player from the device (Next player, the idle reset, any way back to the start):
 * their localStorage keys and this tab's sessionStorage, the game on screen; language and text
 * size go back to the event's. `setLanguage` is the app's (a test passes its own).
 */
export function clearPlayer(
  event: Pick<EventState, 'textSize' | 'language'>,
  setLanguage: (language: Language) => unknown = setAppLanguage,
): void {
  const local = localStorage;
  const keys: string[] = [];
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (key !== null && !DEVICE_KEYS.has(key)) keys.push(key);
  }
  for (const key of keys) local.removeItem(key);
  sessionStorage.clear();
  setActiveGame(null);
  const size = isTextSize(event.textSize) ? event.textSize : 100;
  chooseTextSize(size);
  void setLanguage(event.language);
  updateEvent({ playerActive: false });
}
