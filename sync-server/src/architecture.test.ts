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
