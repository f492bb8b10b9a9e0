import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type CataloguePart, cataloguePart } from '../../../shared-schema/src/i18n/catalogue';
// By path, not by package: the config is bundled, and Node cannot load the package's TypeScript.
import { compileCatalogue } from '../../../shared-schema/src/i18n/compile';

const CATALOGUES = path.resolve(__dirname, '../../../shared-schema/src/i18n');
const CATALOGUE = /[\\/]shared-schema[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;
/** `virtual:scentry-catalogue/es-first`: a part of one language's catalogue, as the app imports it. */
export const CATALOGUE_PART = /^\0?virtual:scentry-catalogue\/([a-z]{2})-(first|rest)$/;

/**
 * The message catalogues (shared-schema/src/i18n/<language>.json) reach the app compiled: ICU
 * messages become Lingui's runtime form at build time, so the browser carries no message parser.
 * The app imports each language in two parts (`virtual:scentry-catalogue/<language>-first` and
 * `-rest`, see shared-schema's cataloguePart); a whole catalogue imported as JSON (unit tests) is
 * compiled too.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'scentry-compiled-catalogues',
    enforce: 'pre',
    resolveId(id) {
      return CATALOGUE_PART.test(id) ? `\0${id}` : null;
    },
    load(id) {
      const part = CATALOGUE_PART.exec(id);
      if (part) {
        const file = path.join(CATALOGUES, `${part[1]}.json`);
        this.addWatchFile(file);
        const all: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));
        const wanted = part[2] as CataloguePart;
        const messages = Object.fromEntries(Object.entries(all).filter(([key]) => cataloguePart(key) === wanted));
        return `export default ${JSON.stringify(compileCatalogue(messages))};`;
      }
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      this.addWatchFile(file);
      return JSON.stringify(compileCatalogue(JSON.parse(readFileSync(file, 'utf8'))));
    },
  };
}
