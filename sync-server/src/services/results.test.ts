import path from 'node:path';
import { type KitDoc, PLAY_MSG, playKey, type ResultDoc } from '@scentry/shared-schema';
import SQLite from 'better-sqlite3';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { loadSnapshot } from '../repositories/kit-versions';
import { testDatabaseUrl, useTestApp } from '../test/helpers';
import { answersFor, DEMO_ENV, liveKit, resultDoc, resultRows } from '../test/play';
import { submitResult } from './results';

/**
 * A view of the app's database that lets another connection write a result right after this
 * transaction has looked its id up and found nothing: the race of two devices (or two servers)
 * storing the same id at once.
 */
function racingDb(db: Db, file: string, rival: () => unknown[]) {
  const other = new SQLite(file);
  let raced = false;
  // Just before this writer inserts the result, another connection stores the same id.
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      if (!raced && JSON.stringify(args.node).includes('insert into test_results')) {
        raced = true;
        other
          .prepare(
            `insert into test_results (id, test_kit_id, kit_version, first_name, last_name, played_at,
               result_status, right_answer_count, play_hash) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(...rival());
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), raced: () => raced, close: () => other.close() };
}

describe('submitResult', () => {
  const t = useTestApp({ env: DEMO_ENV });
  let demo: KitDoc;

  beforeAll(async () => {
    demo = await liveKit(t.app, 'DEMO1');
  });

  it('stores once, then answers duplicate (with the stored score) and conflict', async () => {
    const doc = resultDoc(demo, answersFor(demo, 4), { resultStatus: 'Fail', rightAnswerCount: 1 });
    const stored = await submitResult(t.app.db, doc);
    expect(stored).toEqual({
      outcome: 'stored',
      stored: { ...doc, resultStatus: 'Pass', rightAnswerCount: 4 },
      holdsKey: false,
    });
    const again = await submitResult(t.app.db, { ...doc, firstName: 'Other', id: doc.id.toUpperCase() });
    expect(again.outcome).toBe('duplicate');
    expect(again.stored).toMatchObject({ id: doc.id, firstName: 'Pat', resultStatus: 'Pass', rightAnswerCount: 4 });
    const clash = await submitResult(t.app.db, { ...doc, answers: answersFor(demo, 0) });
    expect(clash.outcome).toBe('conflict');
    expect(clash.stored).toMatchObject({ id: doc.id, answers: doc.answers, resultStatus: 'Pass' });
  });

  it('gives a keyed result\'s record back only to its key\'s holder (API.md "Writing to a result")', async () => {
    const key = 'the-device-made-this-key_1';
    const doc = resultDoc(demo, answersFor(demo, 4), {
      writeKey: key,
      firstName: 'Dana',
      latitude: 40.7128,
      longitude: -74,
    });
    expect((await submitResult(t.app.db, doc)).outcome).toBe('stored');
    const other = { ...doc, answers: answersFor(demo, 1) };
    // Without the key, or with another one: only that the id is taken, nothing of the record.
    for (const writeKey of [undefined, null, 'a-guessed-key-of-22-chars']) {
      expect(await submitResult(t.app.db, { ...other, writeKey })).toEqual({
        outcome: 'rejected',
        reason: PLAY_MSG.resultIdInUse,
      });
    }
    // An invalid document under the id is refused the same way.
    expect(await submitResult(t.app.db, { ...other, answers: [], writeKey: undefined })).toEqual({
      outcome: 'rejected',
      reason: PLAY_MSG.resultIdInUse,
    });
    const mine = await submitResult(t.app.db, { ...other, writeKey: key });
    expect(mine).toMatchObject({
      outcome: 'conflict',
      holdsKey: true,
      stored: { firstName: 'Dana', latitude: 40.7128 },
    });
    // The same play again is a no-op whoever sends it, and the key stays the first one.
    expect(await submitResult(t.app.db, { ...doc, writeKey: 'a-guessed-key-of-22-chars' })).toMatchObject({
      outcome: 'duplicate',
      holdsKey: false,
    });
    expect((await submitResult(t.app.db, { ...doc, writeKey: undefined })).holdsKey).toBe(false);
    expect((await submitResult(t.app.db, doc)).holdsKey).toBe(true);
  });

  it('a keyless result (stored before the keys) answers a conflict with its record, as before', async () => {
    const doc = resultDoc(demo, answersFor(demo, 4));
    await submitResult(t.app.db, doc);
    const clash = await submitResult(t.app.db, {
      ...doc,
      answers: answersFor(demo, 2),
      writeKey: 'some-later-key-22-chars',
    });
    expect(clash).toMatchObject({ outcome: 'conflict', holdsKey: false, stored: { id: doc.id } });
  });

  it('rejects with the reason and writes nothing', async () => {
    const before = await resultRows(t.app);
    const result = await submitResult(t.app.db, resultDoc(demo, answersFor(demo).slice(0, 3)));
    expect(result).toEqual({ outcome: 'rejected', reason: PLAY_MSG.cardMissing });
    expect(await resultRows(t.app)).toEqual(before);
  });

  it('keeps parsed snapshots in memory, per database', async () => {
    const a = await loadSnapshot(t.app.db, demo.kitId, demo.version);
    expect(a).toEqual(demo);
    expect(await loadSnapshot(t.app.db, demo.kitId, demo.version)).toBe(a);
    expect(await loadSnapshot(t.app.db, demo.kitId, demo.version + 99)).toBeUndefined();
  });

  const rivalRow = (doc: ResultDoc, hash: string) => () => [
    doc.id,
    doc.testKitId,
    doc.kitVersion,
    'Rival',
    'Writer',
    doc.playedAt,
    'Fail',
    0,
    hash,
  ];

  // The rival writes through a second SQLite connection to the file; PostgreSQL's races: route tests.
  it.skipIf(testDatabaseUrl())(
    'a rival storing the same play between validation and insert: theirs stands, answered as a duplicate',
    async () => {
      const doc = resultDoc(demo, answersFor(demo, 5));
      const race = racingDb(t.app.db, path.join(t.dataDir, 'scentry.db'), rivalRow(doc, playKey(doc)));
      try {
        const result = await submitResult(race.db, doc);
        expect(race.raced()).toBe(true);
        expect(result.outcome).toBe('duplicate');
        expect(result.stored).toMatchObject({ id: doc.id, firstName: 'Rival', resultStatus: 'Fail' });
      } finally {
        race.close();
      }
      const rows = await t.app.db.selectFrom('testResults').selectAll().where('id', '=', doc.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].firstName).toBe('Rival');
    },
  );

  // The rival writes through a second SQLite connection to the file; PostgreSQL's races: route tests.
  it.skipIf(testDatabaseUrl())(
    'a rival storing another play between validation and insert: a conflict, nothing overwritten',
    async () => {
      const doc = resultDoc(demo, answersFor(demo, 5));
      const race = racingDb(t.app.db, path.join(t.dataDir, 'scentry.db'), rivalRow(doc, 'another play'));
      try {
        const result = await submitResult(race.db, doc);
        expect(race.raced()).toBe(true);
        expect(result.outcome).toBe('conflict');
        expect(result.stored).toMatchObject({ id: doc.id, firstName: 'Rival', answers: [] });
      } finally {
        race.close();
      }
      const answers = await t.app.db
        .selectFrom('testResultAnswers')
        .select('answers')
        .where('testResultId', '=', doc.id)
        .execute();
      expect(answers).toEqual([]);
    },
  );
});
