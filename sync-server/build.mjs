// `pnpm --filter @scentry/sync-server build`: src/server.ts, with the TypeScript of this package and
// of @scentry/shared-schema, bundled into dist/server.mjs for `node dist/server.mjs` (no tsx at run
// time). npm packages stay external, imported from node_modules as they are (kysely aside, below):
// the native ones (better-sqlite3, @node-rs/argon2) must, and the others then load exactly as under
// tsx (one zod for the contract and the Fastify provider; lazily imported ones such as
// passkit-generator and nodemailer stay lazy). Migrations are listed by static
// imports in src/db/migrate.ts, so they are in the bundle. The work thread (wallet passes, report
// PDFs) is a second entry, dist/work-thread.mjs, beside the server, which starts it as a worker
// thread from there (src/services/work-thread.ts).
// The bundle is written aside and renamed, so a server starting meanwhile (e.g. two browser
// journeys building at once) never reads half a file. scripts/lib/bootstrap.mjs (ensureServerBuilt)
// runs this when the sources changed.
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
/**
 * Bundled rather than imported: the workspace's own TypeScript packages, and kysely (pure ESM,
 * no file access, imported by nothing else external): its ~280 module files cost more to resolve
 * and load at start than the rest of the server's own code.
 */
const BUNDLED = (name) => name.startsWith('@scentry/') || name === 'kysely';
export const OUT_FILE = path.join(here, 'dist/server.mjs');

/**
 * Bundles the server into `outDir` (dist/ by default). `plugins` are esbuild's: a test builds a
 * variant of the same sources beside it (the rolling-restart test's "next release").
 */
export async function buildServer({ outDir = path.dirname(OUT_FILE), plugins = [] } = {}) {
  const result = await build({
    entryPoints: {
      server: path.join(here, 'src/server.ts'),
      'work-thread': path.join(here, 'src/services/work-thread-entry.ts'),
      // The server's configuration and database code for the operator's scripts (src/db/tools.ts).
      tools: path.join(here, 'src/db/tools.ts'),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The Node of the root package.json's engines.
    target: 'node24',
    // Every npm dependency (and its subpaths) stays an import; only the workspace's are bundled.
    external: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !BUNDLED(name)),
    // Readable output with its map beside it (`node --enable-source-maps` shows src/ lines).
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    metafile: true,
    plugins,
  });

  // An import left external must be a declared dependency (else it would fail only at run time).
  const declared = new Set(Object.keys(pkg.dependencies));
  for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
    for (const { path: specifier, external } of imports) {
      if (!external || specifier.startsWith('node:')) continue;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      if (!declared.has(name)) throw new Error(`${output} imports ${specifier}, not in dependencies`);
    }
  }

  mkdirSync(outDir, { recursive: true });
  // The report's fonts of other scripts, beside the work thread that reads them (work-thread-entry.ts):
  // copied aside and renamed, as the bundle is.
  const fontsTmp = path.join(outDir, `fonts.${process.pid}.tmp`);
  cpSync(path.join(here, '../shared-schema/fonts'), fontsTmp, { recursive: true });
  rmSync(path.join(outDir, 'fonts'), { recursive: true, force: true });
  renameSync(fontsTmp, path.join(outDir, 'fonts'));
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
