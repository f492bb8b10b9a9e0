import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The tokens index.html's inline scripts hold where the build writes what they need. */
export const CATALOGUE_CHUNKS_TOKEN = '{"%CATALOGUE_CHUNKS%":""}';
export const SHELL_TEXTS_TOKEN = '{"%SHELL_TEXTS%":""}';

const CATALOGUES = path.resolve(__dirname, '../../../shared-schema/src/i18n');
/** The first part of a language's catalogue (catalogues.vite.ts): what the page preloads. */
const FIRST_PART = /virtual:scentry-catalogue\/([a-z]{2})-first$/;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  moduleIds?: string[];
}

/** Each language's first catalogue chunk (as an `/assets/...` URL), by language. */
export function catalogueChunks(bundle: Record<string, ChunkLike>): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (const c of Object.values(bundle)) {
    if (c.type !== 'chunk') continue;
    const ids = [c.facadeModuleId ?? '', ...(c.moduleIds ?? [])].map((id) => id.split('?')[0]);
    const language = ids.map((id) => FIRST_PART.exec(id)?.[1]).find(Boolean);
    if (language) chunks[language] = `/${c.fileName}`;
  }
  return chunks;
}

/**
 * The words index.html's card script says on the server's drawing of card 1 before the app has
 * started: a pick's confirmation, and why the next card waits when the app cannot arrive.
 */
export const CARD_SCRIPT_KEYS = ['card.gotIt', 'kit.noConnection', 'shell.cardKept'];

/**
 * The words of the page's static shell: every `data-i18n` / `data-i18n-label` key index.html names,
 * and the card script's (CARD_SCRIPT_KEYS).
 */
export function shellTexts(html: string, languages: string[]): Record<string, Record<string, string>> {
  const named = [...html.matchAll(/data-i18n(?:-label)?="([\w.]+)"/g)].map((m) => m[1]);
  const keys = [...new Set([...named, ...CARD_SCRIPT_KEYS])];
  const texts: Record<string, Record<string, string>> = {};
  for (const language of languages) {
    const catalogue = JSON.parse(readFileSync(path.join(CATALOGUES, `${language}.json`), 'utf8'));
    texts[language] = Object.fromEntries(
      keys.map((key) => {
        if (typeof catalogue[key] !== 'string') throw new Error(`index.html names ${key}, not in ${language}.json`);
        return [key, catalogue[key]];
      }),
    );
  }
  return texts;
}

/** JSON inside an inline script: no text of it can end the element. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Writes into index.html's inline scripts what they need of the languages: the catalogue chunk of
 * each language (the page's loader preloads the player's only, so the app's first render never
 * waits a round trip for it) and the shell's words in every language (a page from the service
 * worker's cache is put in the player's language before it paints). The shell's messages are plain
 * text with at most `{name}` placeholders, filled from the element's `data-i18n-<name>`.
 */
export function shellLanguages(languages = ['en', 'es']): Plugin {
  return {
    name: 'scentry-shell-languages',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        for (const token of [CATALOGUE_CHUNKS_TOKEN, SHELL_TEXTS_TOKEN]) {
          if (!html.includes(token)) throw new Error(`index.html's scripts lost their ${token}`);
        }
        const chunks = ctx.bundle ? catalogueChunks(ctx.bundle as unknown as Record<string, ChunkLike>) : {};
        if (ctx.bundle && languages.some((l) => !chunks[l])) {
          throw new Error(`catalogue chunks not found: ${JSON.stringify(chunks)}`);
        }
        return html
          .replace(CATALOGUE_CHUNKS_TOKEN, jsonInScript(chunks))
          .replace(SHELL_TEXTS_TOKEN, jsonInScript(shellTexts(html, languages)));
      },
    },
  };
}
