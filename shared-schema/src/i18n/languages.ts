/**
 * The languages the player's path speaks (DESIGN.md §5): one catalogue each (en.json, es.json).
 * The admin back office and the API's messages stay English.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Where the player's choice is kept: the device's local storage and a cookie of the same name, so
 * the server draws the page's shell and card 1 in it (else the browser's `Accept-Language`).
 */
export const LANGUAGE_KEY = 'scentryLang';

/** Each language named in itself, as the language control shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale `Intl` formats dates and numbers with: US events, so the US variants. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of a person's preferred languages (BCP 47 tags, most wanted first: `navigator.languages`
 * or a parsed `Accept-Language`) that the product speaks, by its primary subtag; English when none.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * An `Accept-Language` header's tags, most wanted first (by `q`, then by order); `*` and tags with
 * `q=0` dropped. Tolerant: an attacker's header gives at most the default.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => LANGUAGE_TAG.test(l.tag) && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

/** A `Cookie` header's `scentryLang`, when it names a language the product speaks. */
export function cookieLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_KEY && isLanguage(value)) return value;
  }
  return null;
}

/** The language a request's page is drawn in: the player's choice (cookie), else the browser's. */
export const requestLanguage = (headers: { cookie?: string; 'accept-language'?: string }): Language =>
  cookieLanguage(headers.cookie) ?? pickLanguage(acceptedLanguages(headers['accept-language']));
