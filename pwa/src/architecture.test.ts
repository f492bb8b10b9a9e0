import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The PWA's layering (issue #20): `lib/`, `ui/` and `i18n/` are shared by every screen, so they import no
 * feature; a feature (`features/<name>/`, its sub-folders included) imports no other feature, so
 * each can be read, moved or dropped alone. Two documented exceptions: the play screen shows the
 * location step and reads the position it records (`play` → `location`); the result screen shows
 * what the player's forms hold for the result, the medical record (sent, waiting, as stored) and
 * the questionnaire's kept answers (`play` → `player-forms`), so the page never says what the
 * record does not.
 */
const ALLOWED_FEATURE_IMPORTS: ReadonlySet<string> = new Set(['play -> location', 'play -> player-forms']);

const SRC = path.dirname(fileURLToPath(import.meta.url));

interface SourceFile {
  /** Relative to src/, with forward slashes. */
  path: string;
  source: string;
}

/** Every relative module a file names: imports, re-exports, import() and vi.mock() (types too). */
function relativeImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** `features/<name>/…` → name; anything else → null. */
const featureOf = (file: string): string | null => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The rules' breaks in these files, one line each ("<file> imports <target>: <why>"). */
function layeringViolations(files: SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = featureOf(file.path);
    const shared = /^(lib|ui|i18n)\//.test(file.path);
    for (const spec of relativeImports(file.source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec));
      const to = featureOf(target);
      if (!to) continue;
      if (shared) out.push(`${file.path} imports ${target}: lib/, ui/ and i18n/ import no feature`);
      else if (from && from !== to && !ALLOWED_FEATURE_IMPORTS.has(`${from} -> ${to}`))
        out.push(`${file.path} imports ${target}: feature ${from} imports feature ${to}`);
    }
  }
  return out;
}

function sourceFiles(dir = SRC): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!/\.(ts|tsx)$/.test(entry.name)) return [];
    return [{ path: path.relative(SRC, full).split(path.sep).join('/'), source: readFileSync(full, 'utf8') }];
  });
}

describe('architecture: how the PWA layers import each other', () => {
  it('catches each kind of break (self-check on a made-up tree)', () => {
    const sample: SourceFile[] = [
      { path: 'lib/player.ts', source: "import { clearAllProgress } from '../features/play/progress';" },
      { path: 'ui/page.tsx', source: "import type { X } from '../features/kits/api';" },
      { path: 'ui/lazy.tsx', source: "const m = () => import('../features/reports/map-view');" },
      { path: 'features/results/list.tsx', source: "export { UserTable } from '../users/user-table';" },
      { path: 'features/play/result/screen.tsx', source: "vi.mock('../../../features/kits/queries');" },
      // Allowed: inside one feature, to lib/ui, and the documented exception.
      { path: 'features/play/result/outcome.tsx', source: "import { x } from '../play-screen';" },
      { path: 'features/users/user-list.tsx', source: "import { Field } from '../../ui/field';" },
      {
        path: 'features/play/play-screen.tsx',
        source: "import { LocationStep } from '../location/location-step';",
      },
      { path: 'routes/user.tsx', source: "import { UserList } from '../features/users/user-list';" },
    ];
    expect(layeringViolations(sample)).toEqual([
      'lib/player.ts imports features/play/progress: lib/, ui/ and i18n/ import no feature',
      'ui/page.tsx imports features/kits/api: lib/, ui/ and i18n/ import no feature',
      'ui/lazy.tsx imports features/reports/map-view: lib/, ui/ and i18n/ import no feature',
      'features/results/list.tsx imports features/users/user-table: feature results imports feature users',
      'features/play/result/screen.tsx imports features/kits/queries: feature play imports feature kits',
    ]);
  });

  it('reads the real tree (lib, ui and the features are all there)', () => {
    const paths = sourceFiles().map((f) => f.path);
    expect(paths.filter((p) => p.startsWith('lib/')).length).toBeGreaterThan(5);
    expect(paths.filter((p) => p.startsWith('ui/')).length).toBeGreaterThan(5);
    expect(paths.filter((p) => featureOf(p)).length).toBeGreaterThan(50);
  });

  it('lib/, ui/ and i18n/ import no feature; features import no other feature (but play → location, player-forms)', () => {
    expect(layeringViolations(sourceFiles())).toEqual([]);
  });
});
