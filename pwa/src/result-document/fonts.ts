import type { FontSource } from '@scentry/shared-schema/result-document';

/*
 * The report's fonts of other scripts on the device: Vite emits each of shared-schema/fonts/*.ttf
 * as an asset and this map holds only their URLs (a few kB in the report's own chunk, which is
 * loaded only when a report is made). A font is fetched the first time a report has a letter of
 * its script (Han and Hangul by slice of 512 code points): never on the player's first load, never
 * precached. The service worker keeps a fetched font (runtime cache, vite.config.ts), so a report
 * made offline later has it; one never fetched falls back to code points with a note on the report.
 */
const URLS = import.meta.glob<string>('../../../shared-schema/fonts/*.ttf', {
  query: '?url',
  import: 'default',
  eager: true,
});
const byFile = new Map(Object.entries(URLS).map(([p, url]) => [p.slice(p.lastIndexOf('/') + 1), url]));

/** Fonts fetched in this visit: the PDF and then the image of one report fetch each once. */
const fetched = new Map<string, Promise<Uint8Array | null>>();

async function fetchFont(url: string): Promise<Uint8Array | null> {
  try {
    const res = await fetch(url);
    return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** The file's bytes, or null when it is not one of the fonts or cannot be fetched (offline: tried again next time). */
export const deviceFontSource: FontSource = async (file) => {
  const url = byFile.get(file);
  if (!url) return null;
  let bytes = fetched.get(file);
  if (!bytes) {
    bytes = fetchFont(url);
    fetched.set(file, bytes);
  }
  const result = await bytes;
  if (!result) fetched.delete(file);
  return result;
};
