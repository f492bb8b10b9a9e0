import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RawBuilder, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { titleKey } from '../repositories/scent-options';
import { sharedGeocoder } from '../services/geocoder';
import { makeTempDir } from '../test/helpers';
import { type Db, openDatabase } from './database';
import { dialectOf } from './dialect';
import { migrateTo, migrateToLatest } from './migrate';

// The schema a fresh database got from the migrations as they were when 0710 and 0800 still
// imported live code (captured before they were given their own copies): editing a migration must
// not change what it makes. Later migrations are checked by their own tests below.
const FIXTURE_AT = '2026-11-23T0800-scent-option-names';
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fresh-schema.fixture.json');

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDb(): Db {
  const dir = makeTempDir('scentry-migrations-');
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'scentry.db'));
  dbs.push(db);
  return db;
}

const schemaOf = async (db: Db) =>
  (await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db)).rows;

describe('migrations', () => {
  it('give a fresh database exactly the schema recorded in the fixture', async () => {
    const db = freshDb();
    await migrateTo(db, FIXTURE_AT);
    expect(await schemaOf(db)).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  });

  it('the schema check sees a difference', async () => {
    const db = freshDb();
    await migrateTo(db, FIXTURE_AT);
    await sql`CREATE INDEX probe ON scent_options (title)`.execute(db);
    expect(await schemaOf(db)).not.toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  });

  it('2000 adds the write key hash to results, keeping the results stored before it keyless', async () => {
    const db = freshDb();
    await migrateTo(db, FIXTURE_AT);
    const before = await schemaOf(db);
    await migrateTo(db, '2026-11-25T2000-write-keys');
    const columns = (await sql<{ name: string }>`pragma table_info(test_results)`.execute(db)).rows.map((r) => r.name);
    expect(columns).toContain('write_key_hash');
    // Nothing else of the landed schema changed but that table's definition.
    const after = (await schemaOf(db)) as { name: string }[];
    expect(after.filter((r) => r.name !== 'test_results')).toEqual(
      (before as { name: string }[]).filter((r) => r.name !== 'test_results'),
    );
  });

  it('2100 adds the hashed client key to e-mails and the indexes of the caps, keeping the e-mails sent before it', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-25T2000-write-keys');
    await sql`insert into emails (id, kind, recipient, content_hash, delivered)
      values ('e1', 'result', 'pat@example.com', 'h', 'smtp')`.execute(db);
    const before = (await schemaOf(db)) as { name: string }[];
    await migrateTo(db, '2026-11-25T2100-email-caps');
    const columns = (await sql<{ name: string }>`pragma table_info(emails)`.execute(db)).rows.map((r) => r.name);
    expect(columns).toContain('client_key');
    const after = (await schemaOf(db)) as { name: string }[];
    const added = ['emails_client_at', 'emails_result_kind'];
    expect(after.map((r) => r.name).filter((n) => !before.some((b) => b.name === n))).toEqual(added);
    // Nothing else changed but the emails table's definition.
    expect(after.filter((r) => r.name !== 'emails' && !added.includes(r.name))).toEqual(
      before.filter((r) => r.name !== 'emails'),
    );
    const { rows } = await sql<{ id: string; clientKey: string | null }>`select id, client_key from emails`.execute(db);
    expect(rows).toEqual([{ id: 'e1', clientKey: null }]);
  });

  it('0500 (results search index) indexes the names of the results stored before it, and adds only its table and triggers', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-25T2100-email-caps');
    await sql`insert into test_kits (name, name_key) values ('K1', 'k1')`.execute(db);
    for (const [id, first, last] of [
      ['r1', 'Ann', 'Lee'],
      ['r2', 'Guest', 'Player'],
    ])
      await sql`insert into test_results (id, test_kit_id, kit_version, first_name, last_name, played_at, result_status,
        right_answer_count, play_hash) values (${id}, 1, 1, ${first}, ${last}, '2026-01-01T00:00:00.000Z', 'Pass', 5, 'h')`.execute(
        db,
      );
    const before = (await schemaOf(db)) as { name: string }[];
    await migrateTo(db, '2026-11-26T0500-results-search-index');
    const after = (await schemaOf(db)) as { name: string; type: string }[];
    const added = after.filter((r) => !before.some((b) => b.name === r.name));
    expect(
      added
        .filter((r) => r.type === 'trigger')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['test_results_names_fts_delete', 'test_results_names_fts_insert', 'test_results_names_fts_update']);
    expect(added.every((r) => r.name.startsWith('test_results_names_fts'))).toBe(true);
    expect(after.filter((r) => !added.includes(r))).toEqual(before);
    const found = async (q: string) =>
      (
        await sql<{ id: string }>`select r.id from test_results_names_fts f join test_results r on r.rowid = f.rowid
          where test_results_names_fts match ${q}`.execute(db)
      ).rows.map((r) => r.id);
    expect(await found('"n l"')).toEqual(['r1']);
    expect(await found('"pla"')).toEqual(['r2']);
    // And back: the table and its triggers go; results are still stored.
    await migrateTo(db, '2026-11-25T2100-email-caps');
    expect(await schemaOf(db)).toEqual(before);
  });

  it('0520 (kit insights) adds up the answers by Los Angeles day, results and answers too, kept by triggers', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-25T2100-email-caps');
    const before = await schemaOf(db);
    await sql`insert into test_kits (name, name_key) values ('K1', 'k1')`.execute(db);
    await sql`insert into organizations (name) values ('O1'), ('O2')`.execute(db);
    // Instants either side of every daylight-saving change of 2007–2030, and of midnight in LA.
    const instants: string[] = [];
    const la = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const offset = (t: number) => {
      const d = new Date(t);
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/Los_Angeles',
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        })
          .formatToParts(d)
          .map((x) => [x.type, x.value]),
      );
      return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(t / 1000) * 1000;
    };
    for (let year = 2007; year <= 2030; year++) {
      // The changes fall in March and November (so says Intl): found day by day, then hour by hour.
      for (const [month, days] of [
        [2, 15],
        [10, 8],
      ]) {
        for (let day = 1; day < days; day++) {
          const t0 = Date.UTC(year, month, day);
          if (offset(t0) === offset(t0 + 86_400_000)) continue;
          for (let t = t0; t < t0 + 86_400_000; t += 3_600_000)
            if (offset(t) !== offset(t + 3_600_000))
              for (const dt of [-1, 0, 999, 3_600_000 - 1, 3_600_000]) instants.push(new Date(t + dt).toISOString());
          // Midnight in Los Angeles (07:00 or 08:00 UTC) the day of the change and the days around it:
          // what decides the day is which offset holds there.
          for (const d of [-1, 0, 1])
            for (const h of [7, 8])
              for (const dt of [-1, 0]) instants.push(new Date(Date.UTC(year, month, day + d, h) + dt).toISOString());
        }
      }
      // And around midnight in Los Angeles, in both offsets.
      for (const month of [0, 6, 11])
        for (const h of [7, 8]) {
          instants.push(new Date(Date.UTC(year, month, 15, h, 0, 0) - 1).toISOString());
          instants.push(new Date(Date.UTC(year, month, 15, h, 0, 0)).toISOString());
        }
    }
    let n = 0;
    const store = async (playedAt: string, organizationId: number | null, status = 'Pass', option = 7) => {
      const id = `r${String(n++).padStart(5, '0')}`;
      await sql`insert into test_results (id, test_kit_id, kit_version, organization_id, first_name, last_name,
        played_at, result_status, right_answer_count, play_hash)
        values (${id}, 1, 1, ${organizationId}, 'A', 'B', ${playedAt}, ${status}, 1, 'h')`.execute(db);
      await sql`insert into test_result_details (test_result_id, scent_card_id, scent_card_name, card_sort_order,
        scent_option_id, answer_name, correct_scent_option_id, smell_intensity, is_correct)
        values (${id}, 3, 'C', 1, ${option}, 'X', 7, 4, ${option === 7 ? 1 : 0})`.execute(db);
      return id;
    };
    // Stored before the migration: added up by it.
    await sql`begin`.execute(db);
    for (const [i, at] of instants.entries()) await store(at, i % 3 === 0 ? null : 1 + (i % 2));
    await sql`commit`.execute(db);
    await migrateTo(db, '2026-11-26T0520-kit-answer-tallies');
    // Stored after: added up by the trigger.
    const later = instants.slice(0, 60);
    for (const at of later) await store(at, 2, 'Fail', 8);

    type Row = {
      orgKey: number;
      day: string;
      scentOptionId: number;
      passed: number;
      answers: number;
      intensitySum: number;
    };
    const tallies = async () =>
      (
        await sql<Row>`select org_key, day, scent_option_id, passed, answers, intensity_sum from kit_answer_tallies
          where answers <> 0 order by org_key, day, scent_option_id, passed`.execute(db)
      ).rows;
    const expected = async () => {
      const { rows } = await sql<{
        organizationId: number | null;
        playedAt: string;
        resultStatus: string;
        scentOptionId: number;
        intensity: number;
      }>`
        select r.organization_id, r.played_at, r.result_status, d.scent_option_id, d.smell_intensity as intensity
        from test_results r join test_result_details d on d.test_result_id = r.id
        union all
        -- The results themselves: option (and card) 0, no intensity.
        select organization_id, played_at, result_status, 0, 0 from test_results`.execute(db);
      const sums = new Map<string, Row>();
      for (const r of rows) {
        const day = la.format(new Date(r.playedAt));
        for (const orgKey of r.organizationId === null ? [0] : [r.organizationId, 0]) {
          const key = JSON.stringify([orgKey, day, r.scentOptionId, r.resultStatus]);
          const row = sums.get(key) ?? {
            orgKey,
            day,
            scentOptionId: r.scentOptionId,
            passed: r.resultStatus === 'Pass' ? 1 : 0,
            answers: 0,
            intensitySum: 0,
          };
          row.answers += 1;
          row.intensitySum += r.intensity;
          sums.set(key, row);
        }
      }
      const cmp = (a: Row, b: Row) =>
        a.orgKey - b.orgKey ||
        (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
        a.scentOptionId - b.scentOptionId ||
        a.passed - b.passed;
      return [...sums.values()].sort(cmp);
    };
    expect(instants.length).toBe(24 * (2 * (5 + 12) + 12));
    expect(await tallies()).toEqual(await expected());

    // A result given an organization later, its status and time changed: its answers move.
    const moved = await store('2024-03-10T09:59:59.000Z', null);
    await sql`update test_results set organization_id = 1 where id = ${moved}`.execute(db);
    await sql`update test_results set first_name = 'Z' where id = ${moved}`.execute(db);
    await sql`update test_results set played_at = '2024-03-10T10:00:00.000Z', result_status = 'Fail' where id = ${moved}`.execute(
      db,
    );
    expect(await tallies()).toEqual(await expected());
    // An answer deleted (and its result): taken away.
    await sql`delete from test_result_details where test_result_id = ${moved}`.execute(db);
    await sql`delete from test_results where id = ${moved}`.execute(db);
    expect(await tallies()).toEqual(await expected());

    // And back.
    await migrateTo(db, '2026-11-25T2100-email-caps');
    expect(await schemaOf(db)).toEqual(before);
  });

  it("1800–1820 keep a result's answers in one row, tally them once, index names by the batch, and go back", async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-28T1710-names-table');
    const before = await schemaOf(db);
    await sql`insert into test_kits (name, name_key) values ('K1', 'k1')`.execute(db);
    await sql`insert into organizations (name) values ('O1')`.execute(db);
    // Read as the readers read them: the results still pending tallied first (from 2026-11-29T0200 on).
    const tallies = async () => {
      const batched = await sql`select 1 from sqlite_master where name = 'kit_tallies_flushes'`.execute(db);
      if (batched.rows.length) await sql`insert into kit_tallies_flushes (n) values (1)`.execute(db);
      return (
        await sql<Record<string, unknown>>`select * from kit_answer_tallies order by 1, 2, 3, 4, 5, 6, 7`.execute(db)
      ).rows;
    };
    const details = async () =>
      (
        await sql<
          Record<string, unknown>
        >`select test_result_id, scent_card_id, scent_card_name, card_sort_order, scent_option_id, answer_name,
          answer_stored_path, correct_scent_option_id, smell_intensity, is_correct
          from test_result_details order by test_result_id, card_sort_order, id`.execute(db)
      ).rows;
    // Three results before: answers stored out of card order, one with a picture, one in an organization.
    for (const [k, org] of [
      [0, null],
      [1, 1],
      [2, null],
    ] as const) {
      const id = `r${k}`;
      await sql`insert into test_results (id, test_kit_id, kit_version, organization_id, first_name, last_name,
        played_at, result_status, right_answer_count, play_hash)
        values (${id}, 1, 1, ${org}, 'Ann', ${`Lee${k}`}, ${`2026-03-0${k + 1}T12:00:00.000Z`}, 'Pass', 4, 'h')`.execute(
        db,
      );
      for (const card of [3, 1, 2])
        await sql`insert into test_result_details (test_result_id, scent_card_id, scent_card_name, card_sort_order,
          scent_option_id, answer_name, answer_stored_path, correct_scent_option_id, smell_intensity, is_correct)
          values (${id}, ${card}, ${`Card ${card}`}, ${card}, ${10 * card + k}, ${`Opt ${k}`},
            ${card === 2 ? 'scent-options/a.webp' : null}, ${10 * card}, ${card + k}, ${k === 0 ? 1 : 0})`.execute(db);
    }
    const talliesBefore = await tallies();
    const detailsBefore = await details();
    const detailColumns = (
      await sql`select name, type, "notnull", pk from pragma_table_info('test_result_details')`.execute(db)
    ).rows;

    await migrateToLatest(db);
    const rows = (
      await sql<{ testResultId: string; answers: string; intensitySum: number }>`select * from test_result_answers
        order by test_result_id`.execute(db)
    ).rows;
    expect(rows.map((r) => [r.testResultId, r.intensitySum])).toEqual([
      ['r0', 6],
      ['r1', 9],
      ['r2', 12],
    ]);
    expect(JSON.parse(rows[0].answers)).toEqual(
      [1, 2, 3].map((card) => ({
        scentCardId: card,
        scentCardName: `Card ${card}`,
        cardSortOrder: card,
        scentOptionId: 10 * card,
        answerName: 'Opt 0',
        answerStoredPath: card === 2 ? 'scent-options/a.webp' : null,
        correctScentOptionId: 10 * card,
        smellIntensity: card,
        isCorrect: true,
      })),
    );
    expect(await tallies()).toEqual(talliesBefore);
    // The forms' id indexes hold only the results that have one.
    const index = (name: string) =>
      sql<{ sql: string }>`select sql from sqlite_master where name = ${name}`.execute(db).then((r) => r.rows[0].sql);
    expect(await index('test_results_medical_doc')).toMatch(/WHERE medical_doc_id IS NOT NULL$/);
    expect(await index('test_results_questionnaire_doc')).toMatch(/WHERE questionnaire_doc_id IS NOT NULL$/);

    // A result stored now: its answers tallied once, as the old triggers added them answer by answer;
    // moved to an organization and deleted, taken back out.
    const store = async (id: string, org: number | null) => {
      await sql`insert into test_results (id, test_kit_id, kit_version, organization_id, first_name, last_name,
        played_at, result_status, right_answer_count, play_hash)
        values (${id}, 1, 1, ${org}, 'Bo', 'Nguyen', '2026-03-01T20:00:00.000Z', 'Fail', 1, 'h')`.execute(db);
      const answers = [1, 2].map((card) => ({
        scentCardId: card,
        scentCardName: `Card ${card}`,
        cardSortOrder: card,
        scentOptionId: 10 * card,
        answerName: 'Opt',
        answerStoredPath: null,
        correctScentOptionId: 10 * card + (card === 2 ? 1 : 0),
        smellIntensity: 5,
        isCorrect: card === 1,
      }));
      await sql`insert into test_result_answers (test_result_id, answers, intensity_sum)
        values (${id}, ${JSON.stringify(answers)}, 10)`.execute(db);
    };
    await store('n1', null);
    const withNew = await tallies();
    expect(withNew).not.toEqual(talliesBefore);
    await sql`update test_results set organization_id = 1 where id = 'n1'`.execute(db);
    await sql`delete from test_result_answers where test_result_id = 'n1'`.execute(db);
    await sql`delete from test_results where id = 'n1'`.execute(db);
    expect((await tallies()).filter((t) => Number(t.answers) !== 0 || Number(t.intensitySum) !== 0)).toEqual(
      talliesBefore,
    );
    // The same while the result is still pending (2026-11-29T0200): its move and deletion touch no tally.
    await store('n2', null);
    await sql`update test_results set organization_id = 1 where id = 'n2'`.execute(db);
    expect(
      Number((await sql<{ n: number }>`select count(*) as n from kit_tallies_pending`.execute(db)).rows[0].n),
    ).toBe(1);
    await sql`delete from test_result_answers where test_result_id = 'n2'`.execute(db);
    await sql`delete from test_results where id = 'n2'`.execute(db);
    expect((await tallies()).filter((t) => Number(t.answers) !== 0 || Number(t.intensitySum) !== 0)).toEqual(
      talliesBefore,
    );

    // Names: indexed 64 at a time, the pending ones searched too, never in both.
    const pending = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from test_results_names_pending`.execute(db)).rows[0].n);
    const indexed = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from test_results_names_fts`.execute(db)).rows[0].n);
    expect(await indexed()).toBe(3);
    for (let k = 0; k < 70; k++) await store(`m${String(k).padStart(2, '0')}`, null);
    const results = Number((await sql<{ n: number }>`select count(*) as n from test_results`.execute(db)).rows[0].n);
    expect(await pending()).toBeLessThan(64);
    expect(await pending()).toBeGreaterThan(0);
    // Tallies too take results 64 at a time: the 64th flushed the batch, 6 wait for the next. A batch
    // reads its 64 results and their answers by key, never the whole tables (SQLite's planner did).
    const flush = (
      await sql<{ sql: string }>`select sql from sqlite_master where name = 'kit_tallies_flush'`.execute(db)
    ).rows[0].sql;
    const body = flush.slice(flush.indexOf('BEGIN') + 5, flush.lastIndexOf('END'));
    for (const statement of body.split(';').filter((t) => /INSERT/i.test(t))) {
      const plan = (await sql<{ detail: string }>`explain query plan ${sql.raw(statement)}`.execute(db)).rows
        .map((r) => r.detail)
        .join('\n');
      expect(plan).toMatch(/SCAN p\b/);
      expect(plan).toMatch(/SEARCH r USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN (ta|test_result_answers|test_results)\b|SCAN r USING/);
    }
    expect(
      Number((await sql<{ n: number }>`select count(*) as n from kit_tallies_pending`.execute(db)).rows[0].n),
    ).toBe(6);
    expect((await indexed()) + (await pending())).toBe(results);
    // Names changed while pending go in with their batch; changed once indexed, at once.
    const lastPending = (
      await sql<{ id: string }>`select r.id from test_results_names_pending p
      join test_results r on r.rowid = p.rid order by p.rid desc limit 1`.execute(db)
    ).rows[0].id;
    await sql`update test_results set last_name = 'Pending' where id = ${lastPending}`.execute(db);
    await sql`update test_results set last_name = 'Indexed' where id = 'r1'`.execute(db);
    expect((await indexed()) + (await pending())).toBe(results);
    const match = async (text: string) =>
      (
        await sql<{ rowid: number }>`select rowid from test_results_names_fts where names match ${`"${text}"`}`.execute(
          db,
        )
      ).rows.length;
    expect(await match('Indexed')).toBe(1);
    expect(await match('Pending')).toBe(0);
    // The search reads the short pending list and looks each result up, never the other way round
    // (without statistics SQLite read every result and looked each up in the list: 190 ms at 1 M).
    const search = dialectOf(db).namesContaining('Pending') as RawBuilder<unknown>;
    const found = await sql<{ rowid: number }>`${search}`.execute(db);
    expect(found.rows).toHaveLength(1);
    const plan = (await sql<{ detail: string }>`explain query plan ${search}`.execute(db)).rows.map((r) => r.detail);
    expect(plan).toContain('SCAN p');
    expect(plan.join(' | ')).not.toMatch(/SCAN r\b/);

    // And back: the detail rows as they were, the old triggers, the pending names indexed.
    await migrateTo(db, '2026-11-28T1710-names-table');
    // The same tables, indexes and triggers (the statements written anew), the detail table's columns.
    const names = (schema: unknown[]) => (schema as { type: string; name: string }[]).map((r) => `${r.type} ${r.name}`);
    expect(names(await schemaOf(db))).toEqual(names(before));
    const columns = async () =>
      (await sql`select name, type, "notnull", pk from pragma_table_info('test_result_details')`.execute(db)).rows;
    expect(await columns()).toEqual(detailColumns);
    expect((await details()).filter((d) => ['r0', 'r1', 'r2'].includes(String(d.testResultId)))).toEqual(detailsBefore);
    expect(await indexed()).toBe(results);
    expect(await match('Pending')).toBe(1);
  });

  it('0510 (11-26) adds the organization-kit index of the dashboard and changes nothing else', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-26T0500-results-search-index');
    const before = (await schemaOf(db)) as { name: string }[];
    await migrateTo(db, '2026-11-26T0510-org-kit-index');
    const after = (await schemaOf(db)) as { name: string; sql: string }[];
    const added = after.filter((r) => !before.some((b) => b.name === r.name));
    expect(added.map((r) => [r.name, r.sql])).toEqual([
      [
        'test_results_org_kit_played',
        'CREATE INDEX test_results_org_kit_played ON test_results (organization_id, test_kit_id, played_at)',
      ],
    ]);
    expect(after.filter((r) => r.name !== 'test_results_org_kit_played')).toEqual(before);
  });

  it('0600 (11-26) adds the password reset links table, keyed by the token hash, and changes nothing else', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-26T0520-kit-answer-tallies');
    const before = (await schemaOf(db)) as { name: string }[];
    await migrateTo(db, '2026-11-26T0600-password-reset-tokens');
    const after = (await schemaOf(db)) as { name: string }[];
    const added = after.filter((r) => !before.some((b) => b.name === r.name)).map((r) => r.name);
    expect(added.sort()).toEqual([
      'password_reset_tokens',
      'password_reset_tokens_expires',
      'password_reset_tokens_user',
    ]);
    expect(after.filter((r) => !added.includes(r.name))).toEqual(before);
    const columns = (await sql<{ name: string }>`pragma table_info(password_reset_tokens)`.execute(db)).rows;
    expect(columns.map((c) => c.name)).toEqual(['token_hash', 'user_id', 'password_stamp', 'created_at', 'expires_at']);
    await migrateTo(db, '2026-11-26T0520-kit-answer-tallies');
    expect(await schemaOf(db)).toEqual(before);
  });

  it('0610 (TOTP) adds the four TOTP columns of users (empty for users stored before), the recovery codes and the challenges', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-26T0600-password-reset-tokens');
    await sql`insert into users (first_name, last_name, email, password_hash, role_id) values ('A', 'B', 'a@b.co', 'h', 1)`.execute(
      db,
    );
    const before = (await schemaOf(db)) as { name: string }[];
    await migrateTo(db, '2026-11-26T0610-totp');
    const columns = (await sql<{ name: string }>`pragma table_info(users)`.execute(db)).rows.map((r) => r.name);
    expect(columns).toEqual(
      expect.arrayContaining(['totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step']),
    );
    const { rows } =
      await sql`select totp_secret, totp_pending_secret, totp_enabled_at, totp_last_step from users`.execute(db);
    expect(rows).toEqual([{ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }]);
    const after = (await schemaOf(db)) as { name: string }[];
    const added = [
      'sqlite_autoindex_totp_challenges_1',
      'totp_challenges',
      'totp_challenges_expires',
      'totp_recovery_codes',
      'totp_recovery_codes_user_hash',
    ];
    expect(
      after
        .map((r) => r.name)
        .filter((n) => !before.some((b) => b.name === n))
        .sort(),
    ).toEqual(added);
    // Nothing else changed but the users table's definition.
    expect(after.filter((r) => r.name !== 'users' && !added.includes(r.name))).toEqual(
      before.filter((r) => r.name !== 'users'),
    );
  });

  it('0800 keys the scent options already stored as the live titleKey does, the oldest of a name first', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-23T0720-filter-indexes');
    const titles = [
      'Lemon',
      '  lemon ',
      'Rose\u00a0 Petal',
      'rose petal',
      'ÉCLAIR',
      'éclair',
      'E\u0301clair', // decomposed: NFC makes it the one above
      'Straße',
      'STRASSE',
      'Mint\tLeaf',
      'Gone',
    ];
    for (const [i, title] of titles.entries()) {
      await sql`insert into scent_options (title, stored_path, deleted_at) values (${title}, ${`p${i}.png`}, ${
        title === 'Gone' ? '2026-01-01T00:00:00.000Z' : null
      })`.execute(db);
    }
    await migrateToLatest(db);
    const { rows } = await sql<{
      title: string;
      titleKey: string | null;
    }>`select title, title_key from scent_options order by id`.execute(db);
    const taken = new Set<string>();
    const expected = titles.map((title) => {
      if (title === 'Gone') return { title, titleKey: null };
      const key = titleKey(title);
      if (taken.has(key)) return { title, titleKey: null };
      taken.add(key);
      return { title, titleKey: key };
    });
    expect(rows).toEqual(expected);
    // The sample holds twins and keys beyond ASCII (what makes the test able to fail).
    expect(rows.filter((r) => r.titleKey === null)).toHaveLength(5);
    expect(rows.map((r) => r.titleKey)).toContain('éclair');
  });

  it('0710 gives results stored without a place the place the live geocoder finds', async () => {
    const db = freshDb();
    await migrateTo(db, '2026-11-23T0700-results-indexes');
    await sql`insert into test_kits (name, name_key) values ('K1', 'k1')`.execute(db);
    const positions: [number, number][] = [
      [37.7749, -122.4194], // San Francisco
      [48.8566, 2.3522], // Paris
      [40.7128, -74.006], // New York
      [33.4251, -94.0477], // Texarkana, by a state line
      [38.5, -116.5], // Nevada, no city within 50 km
      [0, -30], // open sea
      [51.5074, -0.1278], // London
      [-33.8688, 151.2093], // Sydney
      [35.6762, 139.6503], // Tokyo
      [-22.9068, -43.1729], // Rio, by the coast
      [64.1466, -21.9426], // Reykjavík
      [42.6629, 21.1655], // Pristina (Kosovo: no ISO numeric code)
      [35.1856, 33.3823], // Nicosia
      [-0.2, -78.5], // Quito
      [71.2906, -156.7886], // Utqiaġvik
      [-54.8019, -68.303], // Ushuaia
      [1.3521, 103.8198], // Singapore
      [19.8968, -155.5828], // Hawaii
      [-17.7134, 178.065], // Fiji, by the antimeridian
      [90, 0], // a pole
    ];
    // And a spread of positions over the whole globe, the same every run.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 400; i++)
      positions.push([Number((next() * 150 - 60).toFixed(4)), Number((next() * 360 - 180).toFixed(4))]);
    for (const [i, [latitude, longitude]] of positions.entries()) {
      await sql`insert into test_results (id, test_kit_id, kit_version, latitude, longitude, first_name, last_name,
        played_at, result_status, right_answer_count, play_hash)
        values (${`r${String(i).padStart(4, '0')}`}, 1, 1, ${latitude}, ${longitude}, 'A', 'B',
        '2026-01-01T00:00:00.000Z', 'Pass', 5, 'h')`.execute(db);
    }
    // One already placed and one without a position: both left as they are.
    await sql`insert into test_results (id, test_kit_id, kit_version, latitude, longitude, country, state, city,
      first_name, last_name, played_at, result_status, right_answer_count, play_hash)
      values ('s-placed', 1, 1, 48.8566, 2.3522, 'Elsewhere', 'Kept', 'Kept', 'A', 'B', '2026-01-01T00:00:00.000Z',
      'Pass', 5, 'h'), ('s-none', 1, 1, null, null, null, null, null, 'A', 'B', '2026-01-01T00:00:00.000Z', 'Pass', 5,
      'h')`.execute(db);
    await migrateToLatest(db);
    const { rows } = await sql<{
      country: string | null;
      state: string | null;
      city: string | null;
    }>`select country, state, city from test_results order by id`.execute(db);
    const geocoder = sharedGeocoder();
    const expected = positions.map(([latitude, longitude]) => {
      const place = geocoder.locate(latitude, longitude);
      // A position at sea stays without a place (the migration writes only a found country).
      return place.country ? place : { country: null, state: null, city: null };
    });
    expect(rows).toEqual([
      ...expected,
      { country: null, state: null, city: null },
      { country: 'Elsewhere', state: 'Kept', city: 'Kept' },
    ]);
    // The sample reaches states and cities in and out of the US, and the sea.
    expect(rows.filter((r) => r.city).length).toBeGreaterThan(20);
    expect(rows.filter((r) => r.state && r.country !== 'United States').length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.country).length).toBeGreaterThan(20);
  });
});
