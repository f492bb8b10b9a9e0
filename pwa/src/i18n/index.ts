import { type Messages, setupI18n } from '@lingui/core';
import {
  type CataloguePart,
  isLanguage,
  LANGUAGE_KEY,
  LANGUAGE_LOCALES,
  type Language,
  type MessageId,
  type MessageValues,
  pickLanguage,
  type Translate,
} from '@scentry/shared-schema';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The player's language (DESIGN.md §5): Lingui's runtime with the one catalogue of the player's
 * language, compiled at build time (catalogues.vite.ts). The admin back office stays English.
 */
export const i18n = setupI18n();

// Each language in two chunks (shared-schema's cataloguePart): what card 1 and the frame need,
// then the rest. A player downloads only their own language's.
const PARTS: Record<Language, Record<CataloguePart, () => Promise<{ default: Messages }>>> = {
  en: {
    first: () => import('virtual:scentry-catalogue/en-first'),
    rest: () => import('virtual:scentry-catalogue/en-rest'),
  },
  es: {
    first: () => import('virtual:scentry-catalogue/es-first'),
    rest: () => import('virtual:scentry-catalogue/es-rest'),
  },
};

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Loads one part of a language's catalogue once (a failed fetch may be tried again). */
function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const key = `${language}-${part}`;
  let done = loading.get(key);
  if (!done) {
    done = PARTS[language][part]().then(
      ({ default: messages }) => {
        i18n.load(language, messages);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, done);
  }
  return done;
}

/** The choice kept on this device, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language to start in: the player's choice, else the device's languages (the first time). */
export function initialLanguage(): Language {
  return storedLanguage() ?? pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * Makes `language` the app's once its catalogue is loaded; `<html lang>` follows. With
 * `firstOnly` (card 1 of a printed QR code, the first load that counts) it loads only the first
 * part: the play screen asks for the rest a moment after card 1 is playable, and any other screen
 * waits for it (the root route's beforeLoad), so no screen ever shows a message's key.
 */
export async function activateLanguage(language: Language, { firstOnly = false } = {}): Promise<void> {
  await Promise.all([loadPart(language, 'first'), firstOnly ? null : loadPart(language, 'rest')]);
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** Whether the active language's whole catalogue is here (nothing to wait for). */
export const hasWholeCatalogue = (language: Language = currentLanguage()): boolean =>
  loaded.has(`${language}-first`) && loaded.has(`${language}-rest`);

/**
 * The whole catalogue of the active language (its rest after card 1). Never fails: without a
 * connection it tries again once back online, and the caller goes on.
 */
export function loadWholeCatalogue(language: Language = currentLanguage()): Promise<void> {
  return loadPart(language, 'rest').catch(() =>
    window.addEventListener('online', () => void loadWholeCatalogue(language), { once: true }),
  );
}

/** Loads `language` synchronously from messages already at hand (unit tests). */
export function loadMessages(language: Language, messages: Messages): void {
  i18n.load(language, messages);
  i18n.activate(language);
}

/**
 * The player's choice: kept on the device and in the `scentryLang` cookie (the server draws the
 * page's shell and card 1 in it), and shown at once.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // No storage (private mode): the choice holds for this visit.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox.
  document.cookie = `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  await activateLanguage(language);
}

/** Forgets the player's choice (the device's languages decide again), e.g. between event players. */
export function forgetLanguage(): void {
  try {
    localStorage.removeItem(LANGUAGE_KEY);
  } catch {
    // Nothing kept.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox.
  document.cookie = `${LANGUAGE_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The active language (English until a catalogue is active). */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/** The `Intl` locale of the active language. */
export const currentLocale = (): string => LANGUAGE_LOCALES[currentLanguage()];

/**
 * `t` of a language whole, for a document made in it (a report): the active one once its rest is
 * loaded, or another kept apart (the admin's English reports), so the app's language stays.
 */
export async function translatorFor(language: Language): Promise<Translate> {
  if (language === currentLanguage()) {
    await loadPart(language, 'rest');
    return t;
  }
  const [first, rest] = await Promise.all([PARTS[language].first(), PARTS[language].rest()]);
  const other = setupI18n({ locale: language, messages: { [language]: { ...first.default, ...rest.default } } });
  return (id, values) => other._(id, values);
}

/** A message in the active language, outside React (a toast's text, a document's title). */
export const t: Translate = (id: MessageId, values?: MessageValues) => i18n._(id, values);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language; the component re-renders when the player switches. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** `t` for a component: it re-renders in the new language when the player switches. */
export function useT(): Translate {
  const language = useLanguage();
  // A new function per language, so memoised children that take `t` re-render too.
  return useMemo<Translate>(() => {
    void language;
    return (id, values) => i18n._(id, values);
  }, [language]);
}
