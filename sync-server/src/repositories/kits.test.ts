import type { KitDoc, ScentCard, ScentOption } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBody,
  createCard,
  createKit,
  createOptions,
  expectReply,
  insertResult,
  kitVersions,
  updateKit,
} from '../test/catalogue';
import { bearer, createUser, signIn, useTestApp } from '../test/helpers';
import { makePng } from '../test/images';
import { optionForm } from '../test/multipart';
import { loadKitCards } from './kits';

/**
 * Kit versions (API.md "Sync"): every change to a kit, its cards or their options raises
 * test_kits.version by one and keeps that version's snapshot in kit_versions.
 */
describe('kit versions and snapshots', () => {
  const t = useTestApp();
  let admin: string;
  let options: ScentOption[];
  let ids: number[];
  let kitId: number;
  let name = 'Versioned1';

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const editOption = (model: unknown, file?: Buffer) => {
    const form = optionForm(model, file ? { data: file } : undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/ScentCardOption/UpdateScentCardOption',
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
  };

  /**
   * Runs a change and checks: the version went up by exactly `by`, one kit_versions row per new
   * version, and the newest snapshot is the kit as it now is (name, threshold, cards, options).
   */
  async function expectBump(change: () => Promise<unknown>, by = 1, kit = kitId): Promise<KitDoc> {
    const before = await kitVersions(t.app, kit);
    await change();
    const after = await kitVersions(t.app, kit);
    expect(after.version).toBe(before.version + by);
    expect(after.versions).toEqual([
      ...before.versions,
      ...Array.from({ length: by }, (_, i) => before.version + i + 1),
    ]);
    const snap = after.snapshot(after.version) as KitDoc;
    const row = await t.app.db
      .selectFrom('testKits')
      .select(['name', 'passThreshold'])
      .where('id', '=', kit)
      .executeTakeFirstOrThrow();
    expect(snap).toMatchObject({
      id: row.name.toLowerCase(),
      kitId: kit,
      name: row.name,
      version: after.version,
      passThreshold: row.passThreshold,
      _deleted: false,
    });
    expect(snap.cards).toEqual(await loadKitCards(t.app.db, kit));
    // Older snapshots are kept as they were.
    for (const v of before.versions) expect(after.snapshot(v)).toEqual(before.snapshot(v));
    return snap;
  }

  async function expectNoBump(change: () => Promise<unknown>, kit = kitId) {
    const before = await kitVersions(t.app, kit);
    await change();
    const after = await kitVersions(t.app, kit);
    expect(after.version).toBe(before.version);
    expect(after.versions).toEqual(before.versions);
  }

  const kitUpdate = (body: Record<string, unknown>) => async () =>
    expectReply(await updateKit(t.app, admin, { Id: kitId, Name: name, ...body }), 200, 'Success');

  beforeAll(async () => {
    const u = await createUser(t.app, { roleName: 'Admin' });
    admin = await signIn(t.app, u.email, u.password);
    options = await createOptions(t.app, admin, 8, 'VerScent');
    ids = options.map((o) => o.id);
    kitId = await createKit(t.app, admin, name);
  });

  it('a new kit is version 1 with its snapshot', async () => {
    const v = await kitVersions(t.app, kitId);
    expect(v.version).toBe(1);
    expect(v.versions).toEqual([1]);
    expect(v.snapshot(1)).toMatchObject({
      id: 'versioned1',
      name: 'Versioned1',
      version: 1,
      passThreshold: 4,
      cards: [],
    });
  });

  it('rename, threshold: one version each; an update that changes nothing: none', async () => {
    name = 'Versioned2';
    const renamed = await expectBump(kitUpdate({}));
    expect(renamed).toMatchObject({ id: 'versioned2', name: 'Versioned2' });
    const threshold = await expectBump(kitUpdate({ PassThreshold: 3 }));
    expect(threshold.passThreshold).toBe(3);
    await expectNoBump(kitUpdate({ PassThreshold: 3, IsActive: false }));
    await expectNoBump(kitUpdate({ PassThreshold: 3 }));
  });

  it('a refused change does not bump', async () => {
    await expectNoBump(async () => {
      expectReply(await updateKit(t.app, admin, { Id: kitId, Name: name, IsActive: true }), 400, 'Warning');
      expectReply(await updateKit(t.app, admin, { Id: kitId, Name: 'Bad name' }), 400, 'Failure');
      expectReply(
        await post('/api/SentCard/CreateSentCardDetails', cardBody(kitId, 1, ids.slice(0, 4))),
        400,
        'Failure',
      );
    });
  });

  let firstCard: number;
  it('creating a card bumps, with the card and its options in the snapshot', async () => {
    const snap = await expectBump(async () => {
      firstCard = await createCard(
        t.app,
        admin,
        cardBody(kitId, 1, ids.slice(0, 5), { ScentCardOptionResultId: ids[2] }),
      );
    });
    expect(snap.cards).toHaveLength(1);
    expect(snap.cards[0]).toMatchObject({ id: firstCard, sortOrder: 1, correctScentOptionId: ids[2] });
    expect(snap.cards[0].options.map((o) => [o.scentOptionId, o.sortOrder, o.name, o.storedPath])).toEqual(
      options.slice(0, 5).map((o, i) => [o.id, i + 1, o.title, o.storedPath]),
    );
  });

  it('updating a card (swapping option orders) bumps once', async () => {
    const card = expectReply<ScentCard>(
      await get(`/api/SentCard/GetScentCardDetailById?Id=${firstCard}`),
      200,
      'Success',
    ).data;
    const snap = await expectBump(async () => {
      const res = await post('/api/SentCard/UpdateSentCardDetails', {
        Id: firstCard,
        TestKitId: kitId,
        Name: card.name,
        SortOrder: 1,
        ScentCardOptionResultId: card.scentCardOptionResultId,
        ScentCardOptions: card.scentCardOptions.map((o) => ({
          ScentCardOptionId: o.scentCardOptionId,
          ScentCardOptionDetailId: o.scentCardOptionDetailId,
          SortOrder: o.sortOrder === 1 ? 2 : o.sortOrder === 2 ? 1 : o.sortOrder,
        })),
      });
      expectReply(res, 200, 'Success');
    });
    expect(snap.cards[0].options.slice(0, 2).map((o) => o.scentOptionId)).toEqual([ids[1], ids[0]]);
  });

  it('each further card bumps, and so does activation', async () => {
    for (const order of [2, 3, 4, 5]) {
      const picked = [0, 1, 2, 3, 4].map((j) => ids[(order - 1 + j) % ids.length]);
      await expectBump(() => createCard(t.app, admin, cardBody(kitId, order, picked)));
    }
    const active = await expectBump(kitUpdate({ PassThreshold: 3, IsActive: true }));
    expect(active.cards).toHaveLength(5);
    await expectNoBump(kitUpdate({ PassThreshold: 3, IsActive: true }));
  });

  it("editing a scent option's title bumps every kit whose cards show it, once per kit", async () => {
    // ids[2] is on cards 1, 2 and 3 of this kit, and on a card of a second kit.
    const other = await createKit(t.app, admin, 'VersionedOther');
    await createCard(t.app, admin, cardBody(other, 1, ids.slice(2, 7)));
    const otherBefore = (await kitVersions(t.app, other)).version;
    const snap = await expectBump(async () => {
      expectReply(await editOption({ Id: ids[2], Title: 'Renamed scent' }), 200, 'Success');
    });
    const names = snap.cards.flatMap((c) => c.options.filter((o) => o.scentOptionId === ids[2]).map((o) => o.name));
    expect(names).toEqual(['Renamed scent', 'Renamed scent', 'Renamed scent']);
    expect((await kitVersions(t.app, other)).version).toBe(otherBefore + 1);
  });

  it("editing a scent option's picture bumps; the same title and no file, or the same picture, do not", async () => {
    const newPicture = makePng(424242);
    const snap = await expectBump(async () => {
      expectReply(await editOption({ Id: ids[0], Title: options[0].title }, newPicture), 200, 'Success');
    });
    const paths = snap.cards.flatMap((c) =>
      c.options.filter((o) => o.scentOptionId === ids[0]).map((o) => o.storedPath),
    );
    // ids[0] is on cards 1 and 5.
    expect(paths).toHaveLength(2);
    expect(new Set(paths).size).toBe(1);
    expect(paths[0]).not.toBe(options[0].storedPath);
    await expectNoBump(async () => {
      expectReply(await editOption({ Id: ids[0], Title: options[0].title }), 200, 'Success');
      expectReply(await editOption({ Id: ids[0], Title: options[0].title }, newPicture), 200, 'Success');
    });
  });

  it('editing a scent option no card of the kit shows does not bump it', async () => {
    const [loose] = await createOptions(t.app, admin, 1, 'Loose');
    await expectNoBump(async () => {
      expectReply(await editOption({ Id: loose.id, Title: 'Loose renamed' }, makePng(777)), 200, 'Success');
    });
  });

  it('deactivating bumps; deleting a card of the inactive kit bumps, and the snapshot loses it', async () => {
    await expectBump(kitUpdate({ PassThreshold: 3, IsActive: false }));
    const snap = await expectBump(async () => {
      expectReply(await get(`/api/SentCard/DeleteScentCard?Id=${firstCard}`), 200, 'Success');
    });
    expect(snap.cards.map((c) => c.sortOrder)).toEqual([2, 3, 4, 5]);
    // A refused delete does not bump.
    await expectNoBump(async () => {
      expectReply(await get(`/api/SentCard/DeleteScentCard?Id=${firstCard}`), 404, 'Failure');
    });
  });

  it('deleting a kit bumps its version too, so devices holding it get a newer tombstone', async () => {
    const doomed = await createKit(t.app, admin, 'VersionedGone');
    await createCard(t.app, admin, cardBody(doomed, 1, ids.slice(0, 5)));
    const before = await kitVersions(t.app, doomed);
    expectReply(await get(`/api/TestKit/DeleteTestKit?Ids=${doomed}`), 200, 'Success');
    const after = await kitVersions(t.app, doomed);
    expect(after.version).toBe(before.version + 1);
    expect(after.snapshot(after.version)).toMatchObject({ version: after.version, cards: [] });
  });

  it('deleting a kit with results makes it inactive: one bump when it was active, none when already inactive', async () => {
    const played = await createKit(t.app, admin, 'VersionedPlayed');
    for (const order of [1, 2, 3, 4, 5]) await createCard(t.app, admin, cardBody(played, order, ids.slice(0, 5)));
    expectReply(await updateKit(t.app, admin, { Id: played, Name: 'VersionedPlayed', IsActive: true }), 200, 'Success');
    await insertResult(t.app, played);
    await expectBump(
      async () => {
        expectReply(await get(`/api/TestKit/DeleteTestKit?Ids=${played}`), 200, 'Success');
      },
      1,
      played,
    );
    await expectNoBump(async () => {
      expectReply(await get(`/api/TestKit/DeleteTestKit?Ids=${played}`), 200, 'Success');
    }, played);
  });
});
