import {
  CATALOGUE_MSG,
  type ListResult,
  MSG,
  type PlayRow,
  type ScentCard,
  type ScentCardListRow,
  type ScentOption,
} from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardBody,
  createCard,
  createKit,
  createOptions,
  createPlayableKit,
  expectReply,
  kitVersions,
  updateKit,
} from '../../../test/catalogue';
import { bearer, callsAs, countRows, signIn, useFixtures, useTestApp } from '../../../test/helpers';

const CREATE = '/api/SentCard/CreateSentCardDetails';
const UPDATE = '/api/SentCard/UpdateSentCardDetails';
const BY_KIT = '/api/SentCard/GetScentCardByTestKitId';
const BY_ID = '/api/SentCard/GetScentCardDetailById';
const DELETE = '/api/SentCard/DeleteScentCard';
const PLAY = '/api/SentCard/GetSentCardDetails';

describe('SentCard routes', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;
  let clientAdmin: string;
  let user: string;
  let options: ScentOption[];
  let ids: number[];

  const { post, get } = callsAs(t, () => admin);
  const getCard = async (id: number) => expectReply<ScentCard>(await get(`${BY_ID}?Id=${id}`), 200, 'Success').data;
  const cardRows = () => countRows(t.app, 'scentCards');
  const play = (code: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${PLAY}?testKitName=${encodeURIComponent(code)}`,
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    [admin, clientAdmin, user] = await Promise.all([
      signIn(t.app, f.admin.email, f.admin.password),
      signIn(t.app, f.clientAdmin.email, f.clientAdmin.password),
      signIn(t.app, f.user.email, f.user.password),
    ]);
    options = await createOptions(t.app, admin, 8, 'CardScent');
    ids = options.map((o) => o.id);
  });

  describe('CreateSentCardDetails and GetScentCardDetailById', () => {
    it('creates a card of five options; the detail lists them in sort order with names and pictures', async () => {
      const kitId = await createKit(t.app, admin, 'CardKit1');
      // Sent out of order: option i gets sort order orders[i].
      const orders = [3, 1, 5, 2, 4];
      const res = await post(CREATE, {
        Id: 0,
        TestKitId: kitId,
        Name: 'First card',
        SortOrder: 2,
        ScentCardOptionResultId: ids[4],
        ScentCardOptions: orders.map((sortOrder, i) => ({
          ScentCardOptionId: 0,
          ScentCardOptionDetailId: ids[i],
          SortOrder: sortOrder,
        })),
      });
      const body = expectReply<{ scentCardId: number }>(res, 200, 'Success', 'Scent card saved successfully');
      expect(body.data).toEqual({ scentCardId: expect.any(Number) });
      const cardId = body.data.scentCardId;

      const card = await getCard(cardId);
      expect(card).toMatchObject({
        id: cardId,
        name: 'First card',
        sortOrder: 2,
        scentCardOptionResultId: ids[4],
        testKitId: kitId,
        testKitName: 'CardKit1',
      });
      expect(card.scentCardOptions.map((o) => o.sortOrder)).toEqual([1, 2, 3, 4, 5]);
      const byOrder = [1, 2, 3, 4, 5].map((n) => options[orders.indexOf(n)]);
      expect(card.scentCardOptions).toEqual(
        byOrder.map((o, i) => ({
          scentCardOptionId: expect.any(Number),
          scentCardOptionDetailId: o.id,
          scentCardId: cardId,
          sortOrder: i + 1,
          scentCardOptionName: o.title,
          scentCardOptionNames: {},
          scentCardOptionStoredPath: o.storedPath,
        })),
      );
      expect(new Set(card.scentCardOptions.map((o) => o.scentCardOptionId)).size).toBe(5);
    });

    it('binds camelCase keys and ignores unknown ones (an option’s temporary localId, extra fields)', async () => {
      const kitId = await createKit(t.app, admin, 'CamelKit1');
      const res = await post(CREATE, {
        id: 0,
        testKitId: kitId,
        testKitName: 'whatever',
        name: 'Camel',
        sortOrder: 1,
        scentCardOptionResultId: ids[2],
        scentCardOptions: ids.slice(0, 5).map((id, i) => ({
          localId: `tmp-${i}`,
          scentCardOptionId: 0,
          scentCardOptionDetailId: id,
          scentCardOptionName: 'ignored',
          scentCardOptionStoredPath: '/uploads/ignored.png',
          sortOrder: i + 1,
        })),
      });
      const { data } = expectReply<{ scentCardId: number }>(res, 200, 'Success');
      const card = await getCard(data.scentCardId);
      expect(card.scentCardOptions.map((o) => o.scentCardOptionName)).toEqual(options.slice(0, 5).map((o) => o.title));
      expect(card.scentCardOptions.map((o) => o.scentCardOptionStoredPath)).toEqual(
        options.slice(0, 5).map((o) => o.storedPath),
      );
    });

    describe('refusals create nothing and leave the kit version alone', () => {
      let kitId: number;
      beforeAll(async () => {
        kitId = await createKit(t.app, admin, 'RefuseKit1');
      });
      const five = () => ids.slice(0, 5);

      it.each<[string, (kitId: number) => Record<string, unknown>, string]>([
        ['four options', (k) => cardBody(k, 1, ids.slice(0, 4)), CATALOGUE_MSG.cardFiveOptions],
        // Option orders run 1..5 (spec §9), so a sixth option has no order to take.
        ['six options (the sixth at order 6)', (k) => cardBody(k, 1, ids.slice(0, 6)), CATALOGUE_MSG.cardSortOrder],
        [
          'no options list',
          (k) => cardBody(k, 1, five(), { ScentCardOptions: undefined }),
          CATALOGUE_MSG.cardFiveOptions,
        ],
        [
          'an empty options list',
          (k) => cardBody(k, 1, five(), { ScentCardOptions: [] }),
          CATALOGUE_MSG.cardFiveOptions,
        ],
        [
          'an option used twice',
          (k) => cardBody(k, 1, [ids[0], ids[1], ids[2], ids[3], ids[0]]),
          CATALOGUE_MSG.optionReused,
        ],
        [
          'two options with the same sort order',
          (k) => {
            const body = cardBody(k, 1, five());
            (body.ScentCardOptions as { SortOrder: number }[])[4].SortOrder = 2;
            return body;
          },
          CATALOGUE_MSG.orderTaken,
        ],
        [
          'a correct answer that is not one of the options',
          (k) => cardBody(k, 1, five(), { ScentCardOptionResultId: ids[7] }),
          CATALOGUE_MSG.correctMustBeOption,
        ],
        ['no name', (k) => cardBody(k, 1, five(), { Name: undefined }), CATALOGUE_MSG.cardNameRequired],
        ['a blank name', (k) => cardBody(k, 1, five(), { Name: '  ' }), CATALOGUE_MSG.cardNameRequired],
        [
          'a name of 51 characters',
          (k) => cardBody(k, 1, five(), { Name: 'n'.repeat(51) }),
          CATALOGUE_MSG.cardNameTooLong,
        ],
        ['no sort order', (k) => cardBody(k, 1, five(), { SortOrder: undefined }), CATALOGUE_MSG.cardSortOrder],
        ['sort order 0', (k) => cardBody(k, 1, five(), { SortOrder: 0 }), CATALOGUE_MSG.cardSortOrder],
        ['sort order 6', (k) => cardBody(k, 1, five(), { SortOrder: 6 }), CATALOGUE_MSG.cardSortOrder],
        [
          'no correct answer',
          (k) => cardBody(k, 1, five(), { ScentCardOptionResultId: undefined }),
          CATALOGUE_MSG.cardCorrectRequired,
        ],
        [
          'correct answer 0',
          (k) => cardBody(k, 1, five(), { ScentCardOptionResultId: 0 }),
          CATALOGUE_MSG.cardCorrectRequired,
        ],
        [
          'an option without a sort order',
          (k) => {
            const body = cardBody(k, 1, five());
            delete (body.ScentCardOptions as Record<string, unknown>[])[3].SortOrder;
            return body;
          },
          CATALOGUE_MSG.cardSortOrder,
        ],
        [
          'an option without a scent option',
          (k) => {
            const body = cardBody(k, 1, five());
            delete (body.ScentCardOptions as Record<string, unknown>[])[3].ScentCardOptionDetailId;
            return body;
          },
          CATALOGUE_MSG.optionRequired,
        ],
        [
          'an option whose sort order is 6',
          (k) => {
            const body = cardBody(k, 1, five());
            (body.ScentCardOptions as { SortOrder: number }[])[0].SortOrder = 6;
            return body;
          },
          CATALOGUE_MSG.cardSortOrder,
        ],
        [
          'an unknown scent option',
          (k) => cardBody(k, 1, [ids[0], ids[1], ids[2], ids[3], 987654]),
          CATALOGUE_MSG.optionNotFound,
        ],
        ['an Id (that is UpdateSentCardDetails)', (k) => cardBody(k, 1, five(), { Id: 5 }), MSG.invalidRequest],
      ])('%s → 400 Failure', async (_, make, message) => {
        const rows = await cardRows();
        const before = await kitVersions(t.app, kitId);
        const body = expectReply(await post(CREATE, make(kitId)), 400, 'Failure', message);
        expect(body.data).toBeNull();
        expect(body.error).toEqual(expect.any(String));
        expect(await cardRows()).toBe(rows);
        expect((await kitVersions(t.app, kitId)).version).toBe(before.version);
      });

      it('a hidden (deleted) scent option → 400 Failure', async () => {
        const [gone] = await createOptions(t.app, admin, 1, 'GoneScent');
        expectReply(await get(`/api/ScentCardOption/DeleteScentCardOption?Id=${gone.id}`), 200, 'Success');
        const rows = await cardRows();
        const body = cardBody(kitId, 1, [gone.id, ids[1], ids[2], ids[3], ids[4]]);
        expectReply(await post(CREATE, body), 400, 'Failure', CATALOGUE_MSG.optionNotFound);
        expect(await cardRows()).toBe(rows);
      });

      it('a card sort order another card of the kit has → 400 Warning', async () => {
        await createCard(t.app, admin, cardBody(kitId, 3, five()));
        const rows = await cardRows();
        const res = await post(CREATE, cardBody(kitId, 3, ids.slice(1, 6)));
        expect(expectReply(res, 400, 'Warning', CATALOGUE_MSG.cardOrderTaken).data).toBeNull();
        expect(await cardRows()).toBe(rows);
      });

      it('an unknown or deleted kit → 404', async () => {
        const rows = await cardRows();
        expectReply(await post(CREATE, cardBody(999999, 1, five())), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
        const doomed = await createKit(t.app, admin, 'DoomedKit1');
        expectReply(await get(`/api/TestKit/DeleteTestKit?Ids=${doomed}`), 200, 'Success');
        expectReply(await post(CREATE, cardBody(doomed, 1, five())), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
        expectReply(await post(CREATE, cardBody(0, 1, five())), 400, 'Failure');
        expect(await cardRows()).toBe(rows);
      });
    });
  });

  describe('UpdateSentCardDetails', () => {
    let kitId: number;
    let cardId: number;
    beforeAll(async () => {
      kitId = await createKit(t.app, admin, 'EditKit1');
      cardId = await createCard(t.app, admin, cardBody(kitId, 1, ids.slice(0, 5)));
    });

    /** The card as the editor sends it back: every row with its scentCardOptionId. */
    const asRequest = (card: ScentCard) => ({
      Id: card.id,
      TestKitId: card.testKitId,
      Name: card.name,
      SortOrder: card.sortOrder,
      ScentCardOptionResultId: card.scentCardOptionResultId,
      ScentCardOptions: card.scentCardOptions.map((o) => ({
        ScentCardOptionId: o.scentCardOptionId,
        ScentCardOptionDetailId: o.scentCardOptionDetailId,
        SortOrder: o.sortOrder,
        localId: `row-${o.scentCardOptionId}`,
      })),
    });

    it('swaps two option orders, keeping each row’s scentCardOptionId', async () => {
      const before = await getCard(cardId);
      const req = asRequest(before);
      const first = req.ScentCardOptions[0];
      const third = req.ScentCardOptions[2];
      [first.SortOrder, third.SortOrder] = [third.SortOrder, first.SortOrder];
      const res = await post(UPDATE, req);
      expect(expectReply(res, 200, 'Success', 'Scent card updated successfully').data).toEqual({ scentCardId: cardId });

      const after = await getCard(cardId);
      const rowOf = (card: ScentCard, detailId: number) =>
        card.scentCardOptions.find((o) => o.scentCardOptionDetailId === detailId);
      expect(after.scentCardOptions.map((o) => o.scentCardOptionDetailId)).toEqual([
        before.scentCardOptions[2].scentCardOptionDetailId,
        before.scentCardOptions[1].scentCardOptionDetailId,
        before.scentCardOptions[0].scentCardOptionDetailId,
        before.scentCardOptions[3].scentCardOptionDetailId,
        before.scentCardOptions[4].scentCardOptionDetailId,
      ]);
      for (const o of before.scentCardOptions) {
        expect(rowOf(after, o.scentCardOptionDetailId)?.scentCardOptionId).toBe(o.scentCardOptionId);
      }
      const live = await t.app.db
        .selectFrom('scentCardOptions')
        .select('id')
        .where('scentCardId', '=', cardId)
        .where('deletedAt', 'is', null)
        .execute();
      expect(live).toHaveLength(5);
    });

    it('replaces an option (new row, the dropped row hidden) and changes name, order and correct answer', async () => {
      const before = await getCard(cardId);
      const req = asRequest(before);
      const dropped = req.ScentCardOptions[4];
      req.ScentCardOptions[4] = {
        ScentCardOptionId: 0,
        ScentCardOptionDetailId: ids[6],
        SortOrder: dropped.SortOrder,
        localId: 'new',
      };
      Object.assign(req, { Name: 'Renamed card', SortOrder: 4, ScentCardOptionResultId: ids[6] });
      expectReply(await post(UPDATE, req), 200, 'Success');

      const after = await getCard(cardId);
      expect(after).toMatchObject({ name: 'Renamed card', sortOrder: 4, scentCardOptionResultId: ids[6] });
      expect(after.scentCardOptions).toHaveLength(5);
      const added = after.scentCardOptions.find((o) => o.scentCardOptionDetailId === ids[6]);
      expect(added?.scentCardOptionId).not.toBe(dropped.ScentCardOptionId);
      expect(after.scentCardOptions.map((o) => o.scentCardOptionId)).not.toContain(dropped.ScentCardOptionId);
      const old = await t.app.db
        .selectFrom('scentCardOptions')
        .select('deletedAt')
        .where('id', '=', dropped.ScentCardOptionId)
        .executeTakeFirstOrThrow();
      expect(old.deletedAt).toEqual(expect.any(String));
    });

    it("does not take over another card's option row given as scentCardOptionId", async () => {
      const otherId = await createCard(t.app, admin, cardBody(kitId, 2, ids.slice(2, 7)));
      const other = await getCard(otherId);
      const req = asRequest(await getCard(cardId));
      req.ScentCardOptions[0].ScentCardOptionId = other.scentCardOptions[0].scentCardOptionId;
      expectReply(await post(UPDATE, req), 200, 'Success');
      expect(await getCard(otherId)).toEqual(other);
      expect((await getCard(cardId)).scentCardOptions.map((o) => o.scentCardOptionId)).not.toContain(
        other.scentCardOptions[0].scentCardOptionId,
      );
    });

    it('applies the card rules and the kit’s sort orders', async () => {
      const card = await getCard(cardId);
      const req = asRequest(card);
      const rows = await cardRows();
      const v = (await kitVersions(t.app, kitId)).version;

      const four = { ...req, ScentCardOptions: req.ScentCardOptions.slice(0, 4) };
      expectReply(await post(UPDATE, four), 400, 'Failure', CATALOGUE_MSG.cardFiveOptions);
      const reused = {
        ...req,
        ScentCardOptions: req.ScentCardOptions.map((o, i) =>
          i === 1 ? { ...o, ScentCardOptionDetailId: req.ScentCardOptions[0].ScentCardOptionDetailId } : o,
        ),
      };
      expectReply(await post(UPDATE, reused), 400, 'Failure', CATALOGUE_MSG.optionReused);
      const sameOrder = { ...req, ScentCardOptions: req.ScentCardOptions.map((o) => ({ ...o, SortOrder: 1 })) };
      expectReply(await post(UPDATE, sameOrder), 400, 'Failure', CATALOGUE_MSG.orderTaken);
      expectReply(
        await post(UPDATE, { ...req, ScentCardOptionResultId: ids[7] }),
        400,
        'Failure',
        CATALOGUE_MSG.correctMustBeOption,
      );
      // Sort order 2 belongs to the other card of this kit; its own order is fine.
      expectReply(await post(UPDATE, { ...req, SortOrder: 2 }), 400, 'Warning', CATALOGUE_MSG.cardOrderTaken);
      expectReply(await post(UPDATE, { ...req, Id: 0 }), 400, 'Failure', MSG.invalidRequest);
      expectReply(await post(UPDATE, { ...req, Id: 999999 }), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      const otherKit = await createKit(t.app, admin, 'EditKit2');
      expectReply(await post(UPDATE, { ...req, TestKitId: otherKit }), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      expectReply(await post(UPDATE, { ...req, TestKitId: 999999 }), 404, 'Failure', CATALOGUE_MSG.kitNotFound);

      expect(await getCard(cardId)).toEqual(card);
      expect(await cardRows()).toBe(rows);
      expect((await kitVersions(t.app, kitId)).version).toBe(v);
    });
  });

  describe('GetScentCardByTestKitId', () => {
    it('lists the kit’s cards by sort order with the correct answer’s title and option count', async () => {
      const kitId = await createKit(t.app, admin, 'ByKit1');
      const c3 = await createCard(
        t.app,
        admin,
        cardBody(kitId, 3, ids.slice(2, 7), { ScentCardOptionResultId: ids[3] }),
      );
      const c1 = await createCard(t.app, admin, cardBody(kitId, 1, ids.slice(0, 5)));
      const c2 = await createCard(t.app, admin, cardBody(kitId, 2, ids.slice(1, 6)));
      const res = await post(BY_KIT, { pageNumber: 1, rowsPerPage: 10, testKitId: kitId });
      const body = expectReply<ListResult<ScentCardListRow>>(res, 200, 'Success');
      expect(body.data).toEqual({
        totalCount: 3,
        list: [
          { id: c1, name: 'Card 1', names: {}, sortOrder: 1, title: options[0].title, optionCount: 5 },
          { id: c2, name: 'Card 2', names: {}, sortOrder: 2, title: options[1].title, optionCount: 5 },
          { id: c3, name: 'Card 3', names: {}, sortOrder: 3, title: options[3].title, optionCount: 5 },
        ],
      });
      const page2 = expectReply<ListResult<ScentCardListRow>>(
        await post(BY_KIT, {
          PageNumber: 2,
          RowsPerPage: 2,
          TestKitId: kitId,
          SortColumns: [{ columnName: 'sortOrder', sortOrder: 'desc' }],
        }),
        200,
        'Success',
      );
      expect(page2.data.list.map((r) => r.id)).toEqual([c1]);
    });

    it('refuses an unknown kit (404) and a missing kit id (400)', async () => {
      expectReply(
        await post(BY_KIT, { pageNumber: 1, rowsPerPage: 10, testKitId: 999999 }),
        404,
        'Failure',
        CATALOGUE_MSG.kitNotFound,
      );
      expectReply(await post(BY_KIT, { pageNumber: 1, rowsPerPage: 10 }), 400, 'Failure');
    });
  });

  describe('GetScentCardDetailById', () => {
    it('answers 404 for an unknown card and 400 for a bad id', async () => {
      expectReply(await get(`${BY_ID}?Id=999999`), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      expectReply(await get(`${BY_ID}?Id=x`), 400, 'Failure');
    });
  });

  describe('DeleteScentCard', () => {
    it('refuses on an active kit with a Warning; on an inactive kit hides the card and frees its sort order', async () => {
      const { kitId, cardIds } = await createPlayableKit(t.app, admin, 'DelKit1', options);
      const res = await get(`${DELETE}?Id=${cardIds[2]}`);
      expect(expectReply(res, 400, 'Warning', CATALOGUE_MSG.cardDeleteActive).data).toBeNull();
      expect((await getCard(cardIds[2])).id).toBe(cardIds[2]);

      expectReply(await updateKit(t.app, admin, { Id: kitId, Name: 'DelKit1', IsActive: false }), 200, 'Success');
      const ok = expectReply(
        await get(`${DELETE}?Id=${cardIds[2]}`),
        200,
        'Success',
        'Scent card deleted successfully',
      );
      expect(ok.data).toBeNull();
      const row = await t.app.db
        .selectFrom('scentCards')
        .select(['name', 'deletedAt'])
        .where('id', '=', cardIds[2])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Card 3', deletedAt: expect.any(String) });
      expectReply(await get(`${BY_ID}?Id=${cardIds[2]}`), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      const list = expectReply<ListResult<ScentCardListRow>>(
        await post(BY_KIT, { pageNumber: 1, rowsPerPage: 10, testKitId: kitId }),
        200,
        'Success',
      );
      expect(list.data.list.map((r) => r.sortOrder)).toEqual([1, 2, 4, 5]);
      // Four cards: not playable, so it cannot be made active again until sort order 3 is filled.
      expectReply(
        await updateKit(t.app, admin, { Id: kitId, Name: 'DelKit1', IsActive: true }),
        400,
        'Warning',
        CATALOGUE_MSG.kitNotPlayable,
      );
      await createCard(t.app, admin, cardBody(kitId, 3, ids.slice(3, 8)));
      expectReply(await updateKit(t.app, admin, { Id: kitId, Name: 'DelKit1', IsActive: true }), 200, 'Success');

      expectReply(await get(`${DELETE}?Id=${cardIds[2]}`), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      expectReply(await get(`${DELETE}?Id=999999`), 404, 'Failure', CATALOGUE_MSG.cardNotFound);
      expectReply(await get(`${DELETE}?Id=abc`), 400, 'Failure');
    });
  });

  describe('GetSentCardDetails (public play rows)', () => {
    let kitId: number;
    beforeAll(async () => {
      kitId = await createKit(t.app, admin, 'PlayKit9');
      // Cards created out of sort order, options out of order too.
      for (const order of [4, 2, 5, 1, 3]) {
        const picked = [0, 1, 2, 3, 4].map((j) => ids[(order + j) % ids.length]);
        await createCard(t.app, admin, {
          ...cardBody(kitId, order, picked),
          ScentCardOptions: picked.map((id, j) => ({ ScentCardOptionDetailId: id, SortOrder: 5 - j })),
        });
      }
      expectReply(await updateKit(t.app, admin, { Id: kitId, Name: 'PlayKit9', IsActive: true }), 200, 'Success');
    });

    it('needs no token and gives 25 rows ordered by card then option sort order', async () => {
      const body = expectReply<PlayRow[]>(await play('PlayKit9'), 200, 'Success');
      expect(body.data).toHaveLength(25);
      for (const row of body.data) {
        expect(Object.keys(row).sort()).toEqual([
          'scentCardId',
          'scentCardOptionDetailId',
          'scentCardOptionsId',
          'scentCardOptionsName',
          'scentCardOptionsSortOrder',
          'scentCardSortOrder',
          'storedPath',
          'testKitId',
        ]);
        expect(row.testKitId).toBe(kitId);
      }
      expect(body.data.map((r) => [r.scentCardSortOrder, r.scentCardOptionsSortOrder])).toEqual(
        [1, 2, 3, 4, 5].flatMap((c) => [1, 2, 3, 4, 5].map((o) => [c, o])),
      );
      // Card with sort order 2, option sort order 1 = the last option sent for it.
      const byId = new Map(options.map((o) => [o.id, o]));
      const row = body.data[5];
      const expected = byId.get(ids[(2 + 4) % ids.length]);
      expect(row).toMatchObject({
        scentCardSortOrder: 2,
        scentCardOptionsSortOrder: 1,
        scentCardOptionDetailId: expected?.id,
        scentCardOptionsName: expected?.title,
        storedPath: expected?.storedPath,
      });
      const card = await getCard(row.scentCardId);
      expect(card.sortOrder).toBe(2);
      expect(card.scentCardOptions[0].scentCardOptionId).toBe(row.scentCardOptionsId);
    });

    it('compares the code ignoring case and spaces around it; a token does not matter', async () => {
      const exact = expectReply<PlayRow[]>(await play('PlayKit9'), 200, 'Success').data;
      for (const code of ['playkit9', 'PLAYKIT9', ' pLaYkIt9 ']) {
        expect(expectReply<PlayRow[]>(await play(code), 200, 'Success').data).toEqual(exact);
      }
      for (const token of [admin, clientAdmin, user]) {
        expect(expectReply<PlayRow[]>(await play('playkit9', token), 200, 'Success').data).toEqual(exact);
      }
    });

    it('answers 404 Failure for an unknown code, an inactive kit, a deleted kit', async () => {
      expect(expectReply(await play('NoSuchKit'), 404, 'Failure', CATALOGUE_MSG.kitUnavailable).data).toBeNull();
      const inactive = await createPlayableKit(t.app, admin, 'Sleeping1', options, false);
      expectReply(await play('Sleeping1'), 404, 'Failure', CATALOGUE_MSG.kitUnavailable);
      expectReply(
        await updateKit(t.app, admin, { Id: inactive.kitId, Name: 'Sleeping1', IsActive: true }),
        200,
        'Success',
      );
      expectReply(await play('sleeping1'), 200, 'Success');
      expectReply(
        await updateKit(t.app, admin, { Id: inactive.kitId, Name: 'Sleeping1', IsActive: false }),
        200,
        'Success',
      );
      expectReply(await play('sleeping1'), 404, 'Failure', CATALOGUE_MSG.kitUnavailable);
      expectReply(await get(`/api/TestKit/DeleteTestKit?Ids=${inactive.kitId}`), 200, 'Success');
      expectReply(await play('Sleeping1'), 404, 'Failure', CATALOGUE_MSG.kitUnavailable);
      // A renamed kit answers to its new code only.
      const renamed = await createPlayableKit(t.app, admin, 'OldCode1', options);
      expectReply(
        await updateKit(t.app, admin, { Id: renamed.kitId, Name: 'NewCode1', IsActive: true }),
        200,
        'Success',
      );
      expectReply(await play('OldCode1'), 404, 'Failure', CATALOGUE_MSG.kitUnavailable);
      expectReply(await play('NewCode1'), 200, 'Success');
    });

    it('refuses a missing code with 400', async () => {
      const res = await t.app.inject({ method: 'GET', url: PLAY });
      expectReply(res, 400, 'Failure', CATALOGUE_MSG.kitUnavailable);
    });
  });

  describe('access: Admin only', () => {
    it.each([
      ['POST', CREATE, () => cardBody(1, 1, ids.slice(0, 5))],
      ['POST', UPDATE, () => cardBody(1, 1, ids.slice(0, 5), { Id: 1 })],
      ['POST', BY_KIT, () => ({ pageNumber: 1, rowsPerPage: 10, testKitId: 1 })],
      ['GET', `${BY_ID}?Id=1`, () => undefined],
      ['GET', `${DELETE}?Id=1`, () => undefined],
    ])('%s %s: Client Admin and User → 403, no token → 401, nothing changed', async (method, url, make) => {
      const snapshot = async () => t.app.db.selectFrom('scentCards').selectAll().orderBy('id').execute();
      const before = await snapshot();
      for (const token of [clientAdmin, user]) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: bearer(token),
          payload: make(),
        });
        expect(expectReply(res, 403, 'Failure', MSG.forbidden).data).toBeNull();
      }
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: make() });
      expectReply(res, 401, 'Failure', MSG.unauthorized);
      expect(await snapshot()).toEqual(before);
    });
  });
});
