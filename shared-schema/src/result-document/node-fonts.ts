import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontSource } from './fonts';

/** shared-schema/fonts/, seen from this file in the sources. */
export const FONTS_DIR = fileURLToPath(new URL('../../fonts/', import.meta.url));

/** The report's fonts from a folder (Node: the server's work thread, tests); null for a file that is not there. */
export function nodeFontSource(dir: string = FONTS_DIR): FontSource {
  return async (file) => {
    if (!/^[a-z]+(-\d+)?\.ttf$/.test(file)) return null;
    try {
      return new Uint8Array(await readFile(path.join(dir, file)));
    } catch {
      return null;
    }
  };
}
