import { escapeHtml, firstCardHtml, KIT_NAME_RE, type KitDoc, kitCode, success } from '@scentry/shared-schema';
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
const BACK_LINK = '<a class="icon-button player-back" aria-label="Back to the start" href="/home">←</a>';

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
 * The caller has already taken the read token.
 */
export async function scentPage(db: Db, page: string, code: string): Promise<string | null> {
  if (!KIT_NAME_RE.test(kitCode(code))) return null;
  const data = await pullKits(db, { codes: [code], checkpoint: null, batchSize: 1 });
  const kit = data.documents.find((d): d is KitDoc => d.id === kitCode(code) && !d._deleted);
  if (!kit || kit.cards.length === 0) return null;
  const start = page.indexOf(PAGE_MARKERS.mainStart);
  const end = page.indexOf(PAGE_MARKERS.mainEnd);
  if (start < 0 || end < start) return null;
  return (
    page
      .slice(0, start)
      .replace(
        PAGE_MARKERS.kit,
        `<script type="application/json" id="scentry-kit" data-code="${escapeHtml(code)}">${jsonInHtml(success(data))}</script>`,
      )
      .replace(PAGE_MARKERS.back, BACK_LINK) +
    firstCardHtml(kit) +
    page.slice(end + PAGE_MARKERS.mainEnd.length)
  );
}
