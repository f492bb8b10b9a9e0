import { type I18n, setupI18n } from '@lingui/core';
import type { MessageId, MessageValues, Translate } from './catalogue';
import { compileCatalogue } from './compile';
import en from './en.json';
import es from './es.json';
import type { Language } from './languages';

const CATALOGUES: Record<Language, Record<string, string>> = { en, es };
const instances = new Map<Language, I18n>();

/**
 * The messages of one language for code that runs outside the player's app: the server (e-mails,
 * the page's shell and card 1, report attachments) and tests. Both catalogues are bundled here;
 * the app loads only its player's (pwa/src/i18n).
 */
export function translator(language: Language): Translate {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: compileCatalogue(CATALOGUES[language]) } });
    instances.set(language, i18n);
  }
  const bound = i18n;
  return (id: MessageId, values?: MessageValues) => bound._(id, values);
}
