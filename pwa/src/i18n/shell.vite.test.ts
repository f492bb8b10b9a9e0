import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_SCRIPT_KEYS, shellTexts } from './shell.vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const INDEX = readFileSync(path.resolve(HERE, '../../index.html'), 'utf8');
/** A catalogue as written (the app's import compiles it). */
const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(HERE, `../../../shared-schema/src/i18n/${language}.json`), 'utf8'));

/*
 * index.html's card script speaks before the app has loaded (issue 40): a pick's confirmation and
 * "No connection" on the server's drawing of card 1, in the page's language, from the shell's
 * texts the build writes into it.
 */
describe("the card script's words", () => {
  it('are exactly the keys the card script says, in every language, from its catalogue', () => {
    const said = [...new Set([...INDEX.matchAll(/\bsay\('([\w.]+)'/g)].map((m) => m[1]))].sort();
    expect(said).toEqual([...CARD_SCRIPT_KEYS].sort());
    const texts = shellTexts(INDEX, ['en', 'es']);
    for (const language of ['en', 'es'])
      for (const key of CARD_SCRIPT_KEYS) expect(texts[language][key]).toBe(catalogue(language)[key]);
    expect(texts.es['card.gotIt'].replace('{name}', 'Limón')).toBe('Limón: anotado');
  });
});
