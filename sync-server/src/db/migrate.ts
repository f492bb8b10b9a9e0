import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import { dialectOf } from './dialect';
import * as initial from './migrations/2026-11-22T1830-initial';
import * as kitVersionCode from './migrations/2026-11-23T0200-kit-version-code';
import * as hardening from './migrations/2026-11-23T0300-hardening';
import * as auditLog from './migrations/2026-11-23T0400-audit-log';
import * as emails from './migrations/2026-11-23T0500-emails';
import * as playerForms from './migrations/2026-11-23T0600-player-forms';
import * as resultsIndexes from './migrations/2026-11-23T0700-results-indexes';
import * as reportIndexes from './migrations/2026-11-23T0710-report-indexes';
import * as filterIndexes from './migrations/2026-11-23T0720-filter-indexes';
import * as scentOptionNames from './migrations/2026-11-23T0800-scent-option-names';
import * as writeKeys from './migrations/2026-11-25T2000-write-keys';
import * as emailCaps from './migrations/2026-11-25T2100-email-caps';
import * as resultsSearchIndex from './migrations/2026-11-26T0500-results-search-index';
import * as orgKitIndex from './migrations/2026-11-26T0510-org-kit-index';
import * as kitAnswerTallies from './migrations/2026-11-26T0520-kit-answer-tallies';
import * as passwordResetTokens from './migrations/2026-11-26T0600-password-reset-tokens';
import * as totp from './migrations/2026-11-26T0610-totp';
import * as rateCounters from './migrations/2026-11-27T0100-rate-counters';
import * as localNames from './migrations/2026-11-28T0100-local-names';
import * as resultCounts from './migrations/2026-11-28T1700-result-counts';
import * as namesTable from './migrations/2026-11-28T1710-names-table';
import * as answersRow from './migrations/2026-11-28T1800-answers-row';
import * as namesBatched from './migrations/2026-11-28T1810-names-batched';
import * as docIndexesPartial from './migrations/2026-11-28T1820-doc-indexes-partial';
import * as devices from './migrations/2026-11-28T2300-devices';
import * as webhooks from './migrations/2026-11-29T0100-webhooks';
import * as talliesBatched from './migrations/2026-11-29T0200-tallies-batched';
import * as pgBaseline from './migrations-pg/baseline';

/** Listed explicitly (not read from disk) so the same code runs under tsx, a bundle or a test. */
const migrations: Record<string, Migration> = {
  '2026-11-22T1830-initial': initial,
  '2026-11-23T0200-kit-version-code': kitVersionCode,
  '2026-11-23T0300-hardening': hardening,
  '2026-11-23T0400-audit-log': auditLog,
  '2026-11-23T0500-emails': emails,
  '2026-11-23T0600-player-forms': playerForms,
  '2026-11-23T0700-results-indexes': resultsIndexes,
  '2026-11-23T0710-report-indexes': reportIndexes,
  '2026-11-23T0720-filter-indexes': filterIndexes,
  '2026-11-23T0800-scent-option-names': scentOptionNames,
  '2026-11-25T2000-write-keys': writeKeys,
  '2026-11-25T2100-email-caps': emailCaps,
  '2026-11-26T0500-results-search-index': resultsSearchIndex,
  '2026-11-26T0510-org-kit-index': orgKitIndex,
  '2026-11-26T0520-kit-answer-tallies': kitAnswerTallies,
  '2026-11-26T0600-password-reset-tokens': passwordResetTokens,
  '2026-11-26T0610-totp': totp,
  '2026-11-27T0100-rate-counters': rateCounters,
  '2026-11-28T0100-local-names': localNames,
  '2026-11-28T1700-result-counts': resultCounts,
  '2026-11-28T1710-names-table': namesTable,
  '2026-11-28T1800-answers-row': answersRow,
  '2026-11-28T1810-names-batched': namesBatched,
  '2026-11-28T1820-doc-indexes-partial': docIndexesPartial,
  '2026-11-28T2300-devices': devices,
  '2026-11-29T0100-webhooks': webhooks,
  '2026-11-29T0200-tallies-batched': talliesBatched,
};

/** The last migration whose schema migrations-pg/baseline.ts holds. */
export const PG_BASELINE_THROUGH = '2026-11-26T0610-totp';

/** What the landed names but the first are on PostgreSQL: their work is in the baseline. */
const IN_BASELINE: Migration = { up: async () => {} };

/**
 * PostgreSQL's versions of the migrations added after the baseline, by the same names as their
 * SQLite versions above (each new migration has both from issue 26 on).
 */
const postgresMigrations: Record<string, Migration> = {
  '2026-11-27T0100-rate-counters': rateCounters.postgres,
  '2026-11-28T0100-local-names': localNames.postgres,
  '2026-11-28T1700-result-counts': resultCounts.postgres,
  '2026-11-28T1710-names-table': namesTable.postgres,
  '2026-11-28T1800-answers-row': answersRow.postgres,
  '2026-11-28T1810-names-batched': namesBatched.postgres,
  '2026-11-28T1820-doc-indexes-partial': docIndexesPartial.postgres,
  '2026-11-28T2300-devices': devices.postgres,
  '2026-11-29T0100-webhooks': webhooks.postgres,
  '2026-11-29T0200-tallies-batched': talliesBatched.postgres,
};

/**
 * PostgreSQL's set: the same names as SQLite's, so `kysely_migration` reads the same on both (and
 * db:copy copies it as it is). The first landed name makes the whole schema as of
 * PG_BASELINE_THROUGH (migrations-pg/baseline.ts); the other names up to it do nothing there.
 */
function pgMigrationSet(): Record<string, Migration> {
  const names = Object.keys(migrations);
  return Object.fromEntries(
    names.map((name, i) => {
      if (i === 0) return [name, pgBaseline];
      if (name <= PG_BASELINE_THROUGH) return [name, IN_BASELINE];
      const pg = postgresMigrations[name];
      if (!pg) throw new Error(`migration ${name} has no PostgreSQL version (db/migrate.ts postgresMigrations)`);
      return [name, pg];
    }),
  );
}

const providerFor = (db: Kysely<any>): MigrationProvider => {
  const set = dialectOf(db).name === 'postgres' ? pgMigrationSet() : migrations;
  return { getMigrations: async () => set };
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: providerFor(db) });
  return applied(await migrator.migrateToLatest());
}

/** Migrates up (or down) to the named migration: tests put data where an older schema held it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`no migration ${name}`);
  const migrator = new Migrator({ db, provider: providerFor(db) });
  return applied(await migrator.migrateTo(name));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
