import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
// By path, not by package: the config is bundled, and Node cannot load the package's TypeScript.
import { compileCatalogue } from '../../../shared-schema/src/i18n/compile';

const CATALOGUE = /[\\/]shared-schema[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;

/**
 * The message catalogues (shared-schema/src/i18n/<language>.json) reach the app compiled: ICU
 * messages become Lingui's runtime form at build time, so the browser carries no message parser.
 * The result is still JSON, which Vite's own JSON handling then turns into a module.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'scentry-compiled-catalogues',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      this.addWatchFile(file);
      return JSON.stringify(compileCatalogue(JSON.parse(readFileSync(file, 'utf8'))));
    },
  };
}
