import {
  escapeHtml,
  firstCardHtml,
  KIT_NAME_RE,
  type KitDoc,
  kitCode,
  LANGUAGES,
  type Language,
  type MessageId,
  success,
  type Translate,
} from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import type { Db } from '../db/database';
import { pullKits } from './sync';

/**
 * Where the server writes into the built index.html (pwa/index.html holds the markers): the kit's
 * pull reply in the head, before the boot script that would otherwise ask for it; the way back in
 * the shell's bar; card 1 in place of the shell's "Loading your scent kit…".
 */
export const PAGE_MARKERS = {
  kit: '<!--scentry:kit-->',
  back: '<!--scentry:back-->',
  mainStart: '<!--scentry:main-->',
  mainEnd: '<!--/scentry:main-->',
} as const;

/** The header's way back to the start, as the app's player frame draws it (ui/player-page.tsx). */
const backLink = (t: Translate) =>
  `<a class="icon-button player-back" aria-label="${escapeHtml(t('frame.back'))}" href="/home">←</a>`;

/**
 * An element of the shell whose words are the catalogue's: `data-i18n="<key>"` on it, its text
 * last (after at most one input, as in a radio's label), its placeholders' values in
 * `data-i18n-<name>` attributes.
 */
const TRANSLATABLE = /(<([a-z]+)\b([^>]*\sdata-i18n="([\w.]+)"[^>]*)>(?:<input\b[^>]*>)?)([^<]*)(<\/\2>)/g;
/** An element whose `aria-label` is the catalogue's: `data-i18n-label="<key>"`. */
const LABELLED = /<[a-z]+\b[^>]*\sdata-i18n-label="([\w.]+)"[^>]*>/g;

/**
 * The built page in one language: `<html lang>` and every marked word of the static shell (brand
 * bar, "Loading your scent kit…", footer) from the catalogue, escaped. Made once per language
 * when the server starts; a request then costs a look-up.
 */
export function pageIn(page: string, language: Language): string {
  const t = translator(language);
  return page
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(
      TRANSLATABLE,
      (_m, open: string, _tag: string, attrs: string, key: string, _text: string, close: string) => {
        const values = Object.fromEntries(
          [...attrs.matchAll(/\sdata-i18n-(\w+)="([^"]*)"/g)].filter((a) => a[1] !== 'label').map((a) => [a[1], a[2]]),
        );
        return `${open}${escapeHtml(t(key as MessageId, values))}${close}`;
      },
    )
    .replace(LABELLED, (tag: string, key: string) =>
      tag.replace(/\saria-label="[^"]*"/, '').replace(/>$/, ` aria-label="${escapeHtml(t(key as MessageId))}">`),
    );
}

/** The built page in every language the player's path speaks. */
export const pagesByLanguage = (page: string): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((l) => [l, pageIn(page, l)])) as Record<Language, string>;

/** The kit code of a `/scent/<code>` path (the app's play route), else null. */
export function scentCodeOf(pathname: string): string | null {
  const m = /^\/scent\/([^/]+)\/?$/i.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** Whether the built page carries every marker (a page built before them is sent as it is). */
export const hasPageMarkers = (page: string): boolean => Object.values(PAGE_MARKERS).every((m) => page.includes(m));

/**
 * JSON inside a `<script type="application/json">`: `<` written as its escape, so no text of a
 * name (`</script>`, `<!--`) can end the element.
 */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page for /scent/<code> with card 1 drawn from the kit's current version (the same read as the
 * kit pull), or null when there is no playable kit under that code (the plain shell is sent then).
 * `page` is the built page in the request's language (pageIn), `language` that language: the card
 * says it too. The caller has already taken the read token.
 */
export async function scentPage(db: Db, page: string, code: string, language: Language = 'en'): Promise<string | null> {
  if (!KIT_NAME_RE.test(kitCode(code))) return null;
  const data = await pullKits(db, { codes: [code], checkpoint: null, batchSize: 1 });
  const kit = data.documents.find((d): d is KitDoc => d.id === kitCode(code) && !d._deleted);
  if (!kit || kit.cards.length === 0) return null;
  const start = page.indexOf(PAGE_MARKERS.mainStart);
  const end = page.indexOf(PAGE_MARKERS.mainEnd);
  if (start < 0 || end < start) return null;
  const t = translator(language);
  return (
    page
      .slice(0, start)
      .replace(
        PAGE_MARKERS.kit,
        `<script type="application/json" id="scentry-kit" data-code="${escapeHtml(code)}">${jsonInHtml(success(data))}</script>`,
      )
      .replace(PAGE_MARKERS.back, backLink(t)) +
    firstCardHtml(kit, t, language) +
    page.slice(end + PAGE_MARKERS.mainEnd.length)
  );
}
