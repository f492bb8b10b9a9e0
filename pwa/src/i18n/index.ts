import { type Messages, setupI18n } from '@lingui/core';
import {
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

// One chunk per language: a player downloads only their own.
const CATALOGUES: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('@scentry/shared-schema/i18n/en.json'),
  es: () => import('@scentry/shared-schema/i18n/es.json'),
};

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

/** Makes `language` the app's (loading its catalogue when needed); `<html lang>` follows. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!i18n.messages[language] || Object.keys(i18n.messages[language]).length === 0) {
    const { default: messages } = await CATALOGUES[language]();
    i18n.load(language, messages);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
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
