import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@scentry/sync-server';

/**
 * The sync-server package directory (the one holding its package.json), found by walking up from
 * this module: src/ when run through tsx or vitest, dist/ when run as the built bundle. Every file
 * the server reads from its own package (demo pictures, the version, the PWA's default dist) is
 * resolved from here, so the same code works from either place.
 */
export const PACKAGE_ROOT: string = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).name === PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: no package.json above ${from}`);
  }
}

/** A path inside the sync-server package, e.g. `packagePath('demo', 'lemon.png')`. */
export const packagePath = (...parts: string[]): string => path.join(PACKAGE_ROOT, ...parts);
