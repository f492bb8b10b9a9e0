import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isKitPlayable } from '@scentry/shared-schema';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPng } from '../lib/png';
import { loadKitCards } from '../repositories/kits';
import { expectReply } from '../test/catalogue';
import { makeTempDir, makeTestApp, type TestApp } from '../test/helpers';
import { DEMO_KIT_CODE } from './demo-seed';

const counts = async (t: TestApp) => {
  const one = async (table: 'testKits' | 'scentOptions' | 'scentCards' | 'scentCardOptions' | 'kitVersions') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    kits: await one('testKits'),
    options: await one('scentOptions'),
    cards: await one('scentCards'),
    cardOptions: await one('scentCardOptions'),
    versions: await one('kitVersions'),
  };
};

describe('demo seed (SEED_DEMO)', () => {
  const dataDir = makeTempDir('scentry-seed-');
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ dataDir, env: { SEED_DEMO: '1' } });
  });
  afterAll(async () => {
    await t?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds an active, playable kit DEMO1 of 5 cards × 5 options and 10 scent options', async () => {
    // Seeded as one change: version 1, with its cards.
    expect(await counts(t)).toEqual({ kits: 1, options: 10, cards: 5, cardOptions: 25, versions: 1 });
    expect(t.logs()).toContain(`demo kit ${DEMO_KIT_CODE} seeded`);
    const kit = await t.app.db.selectFrom('testKits').selectAll().executeTakeFirstOrThrow();
    expect(kit).toMatchObject({
      name: DEMO_KIT_CODE,
      nameKey: 'demo1',
      isActive: 1,
      passThreshold: 4,
      version: 1,
      deletedAt: null,
    });
    const cards = await loadKitCards(t.app.db, kit.id);
    expect(cards.map((c) => c.sortOrder)).toEqual([1, 2, 3, 4, 5]);
    for (const c of cards) {
      expect(c.options.map((o) => o.sortOrder)).toEqual([1, 2, 3, 4, 5]);
      expect(c.options.map((o) => o.scentOptionId)).toContain(c.correctScentOptionId);
    }
    expect(isKitPlayable(cards)).toBe(true);
    const snapshot = await t.app.db
      .selectFrom('kitVersions')
      .select('snapshot')
      .where('testKitId', '=', kit.id)
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.snapshot)).toMatchObject({ id: 'demo1', version: 1, cards });
  });

  it('is playable through the public API at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/SentCard/GetSentCardDetails?testKitName=demo1` });
    const body = expectReply<{ scentCardOptionsName: string }[]>(res, 200, 'Success');
    expect(body.data).toHaveLength(25);
    expect(new Set(body.data.map((r) => r.scentCardOptionsName)).size).toBe(10);
  });

  it('stores the 10 pictures under DATA_DIR/uploads as valid PNGs, served as image/png', async () => {
    const options = await t.app.db.selectFrom('scentOptions').selectAll().execute();
    expect(new Set(options.map((o) => o.title)).size).toBe(10);
    expect(new Set(options.map((o) => o.storedPath)).size).toBe(10);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(10);
    for (const o of options) {
      expect(o.storedPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      expect(o.originalFileName).toBe(`${o.title.toLowerCase()}.png`);
      const bytes = readFileSync(path.join(dataDir, o.storedPath));
      expect(inspectPng(bytes)).not.toBeNull();
      const png = PNG.sync.read(bytes);
      expect(png.width).toBeGreaterThan(0);
      const res = await t.app.inject({ method: 'GET', url: o.storedPath });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('does not seed twice: a second build on the same DATA_DIR finds the catalogue and adds nothing', async () => {
    const before = await counts(t);
    await t.cleanup();
    t = await makeTestApp({ dataDir, env: { SEED_DEMO: '1' } });
    expect(await counts(t)).toEqual(before);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(10);
    expect(t.logs()).not.toContain('seeded');
  });

  it('does not seed when the admin deleted the demo kit but scent options remain', async () => {
    const kit = await t.app.db.selectFrom('testKits').select('id').executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('testKits')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', kit.id)
      .execute();
    await t.cleanup();
    t = await makeTestApp({ dataDir, env: { SEED_DEMO: '1' } });
    const live = await t.app.db.selectFrom('testKits').select('id').where('deletedAt', 'is', null).execute();
    expect(live).toHaveLength(0);
  });
});

describe('SEED_DEMO off', () => {
  it.each(['0', 'false', 'off'])('SEED_DEMO=%s seeds nothing', async (value) => {
    const t = await makeTestApp({ env: { SEED_DEMO: value } });
    try {
      expect(await counts(t)).toEqual({ kits: 0, options: 0, cards: 0, cardOptions: 0, versions: 0 });
      expect(readdirSync(path.join(t.dataDir, 'uploads'))).toHaveLength(0);
      const res = await t.app.inject({ method: 'GET', url: '/api/SentCard/GetSentCardDetails?testKitName=DEMO1' });
      expectReply(res, 404, 'Failure');
    } finally {
      await t.cleanup();
    }
  });

  it('a catalogue made with the seed off is never joined by the demo later', async () => {
    const dataDir = makeTempDir('scentry-seed-');
    try {
      let t = await makeTestApp({ dataDir, env: { SEED_DEMO: '0' } });
      await t.app.db
        .insertInto('scentOptions')
        .values({ title: 'Mine', storedPath: '/uploads/mine.png', originalFileName: null, deletedAt: null })
        .execute();
      await t.cleanup();
      t = await makeTestApp({ dataDir, env: { SEED_DEMO: '1' } });
      expect(await counts(t)).toMatchObject({ kits: 0, options: 1 });
      await t.cleanup();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
