import {
  type ApiData,
  CATALOGUE_MSG,
  type ListResult,
  MSG,
  type ScentOption,
  type TestKit,
} from '@scentry/shared-schema';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addFiveCards,
  cardBody,
  createCard,
  createKit,
  createOptions,
  createPlayableKit,
  expectReply,
  insertResult,
  kitVersions,
  updateKit,
} from '../../../test/catalogue';
import { bearer, callsAs, countRows, signIn, useFixtures, useTestApp } from '../../../test/helpers';

const SAVE = '/api/TestKit/SaveTestKit';
const UPDATE = '/api/TestKit/UpdateTestKit';
const LIST = '/api/TestKit/GetTestKit';
const BY_ID = '/api/TestKit/GetTestKitById';
const DELETE = '/api/TestKit/DeleteTestKit';
const NAMES = '/api/TestKit/GetTestNameList';
// With a trailing slash, to prove the kit URL does not get a double one.
const PUBLIC_URL = 'https://play.scentry.test/';

type KitListRow = ApiData<'getTestKit'>['list'][number];

/** Decodes a PNG data URL's QR code. */
function readQr(dataUrl: string): string | undefined {
  const m = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  if (!m) return undefined;
  const png = PNG.sync.read(Buffer.from(m[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('TestKit routes', () => {
  const t = useTestApp({ env: { PUBLIC_URL } });
  const f = useFixtures(t);
  let admin: string;
  let clientAdmin: string;
  let user: string;
  let options: ScentOption[];

  const { post, get } = callsAs(t, () => admin);
  const getKit = async (id: number) => expectReply<TestKit>(await get(`${BY_ID}?Id=${id}`), 200, 'Success').data;
  const kitCount = () => countRows(t.app, 'testKits');
  const listAll = async (filter?: Record<string, unknown>) =>
    expectReply<ListResult<KitListRow>>(await post(LIST, { pageNumber: 1, rowsPerPage: 100, filter }), 200, 'Success')
      .data;

  beforeAll(async () => {
    [admin, clientAdmin, user] = await Promise.all([
      signIn(t.app, f.admin.email, f.admin.password),
      signIn(t.app, f.clientAdmin.email, f.clientAdmin.password),
      signIn(t.app, f.user.email, f.user.password),
    ]);
    options = await createOptions(t.app, admin, 6, 'KitScent');
  });

  describe('SaveTestKit', () => {
    it('creates an inactive kit at version 1 with pass threshold 4, and keeps its first snapshot', async () => {
      const res = await post(SAVE, { Id: 0, Name: 'Alpha1' });
      const body = expectReply<{ testKitId: number }>(res, 200, 'Success', 'Play kit saved successfully');
      expect(body.data).toEqual({ testKitId: expect.any(Number) });
      const kit = await getKit(body.data.testKitId);
      expect(kit).toEqual({
        id: body.data.testKitId,
        name: 'Alpha1',
        isActive: false,
        passThreshold: 4,
        version: 1,
        playable: false,
        cardCount: 0,
        qrCode: expect.stringMatching(/^data:image\/png;base64,/),
        qrCodeURL: 'https://play.scentry.test/scent/Alpha1',
      });
      const v = await kitVersions(t.app, kit.id);
      expect(v.versions).toEqual([1]);
      expect(v.snapshot(1)).toMatchObject({ id: 'alpha1', kitId: kit.id, name: 'Alpha1', version: 1, cards: [] });
    });

    it('binds keys ignoring case, trims the name and takes any pass threshold from 1 to 5', async () => {
      const one = await createKit(t.app, admin, { id: 0, name: '  Lower1 ', passthreshold: 1 });
      expect(await getKit(one)).toMatchObject({ name: 'Lower1', passThreshold: 1, isActive: false });
      const five = await createKit(t.app, admin, { NAME: 'Upper5', PASSTHRESHOLD: 5, localId: 'x' });
      expect(await getKit(five)).toMatchObject({ name: 'Upper5', passThreshold: 5 });
    });

    it.each([
      ['no name', {}, CATALOGUE_MSG.kitNameRequired],
      ['an empty name', { Name: '' }, CATALOGUE_MSG.kitNameRequired],
      ['a blank name', { Name: '   ' }, CATALOGUE_MSG.kitNameRequired],
      ['a name that is not text', { Name: 12345 }, CATALOGUE_MSG.kitNameRequired],
      ['a space inside the name', { Name: 'Kit 1' }, CATALOGUE_MSG.kitNameInvalid],
      ['a dash', { Name: 'Kit-1' }, CATALOGUE_MSG.kitNameInvalid],
      ['a slash (it would break the QR URL)', { Name: 'Kit/1' }, CATALOGUE_MSG.kitNameInvalid],
      ['a letter outside A–Z', { Name: 'Kït1' }, CATALOGUE_MSG.kitNameInvalid],
      ['a name of 41 characters', { Name: 'K'.repeat(41) }, CATALOGUE_MSG.kitNameTooLong],
      ['threshold 0', { Name: 'Thr0', PassThreshold: 0 }, CATALOGUE_MSG.kitThreshold],
      ['threshold 6', { Name: 'Thr6', PassThreshold: 6 }, CATALOGUE_MSG.kitThreshold],
      ['threshold 2.5', { Name: 'Thr25', PassThreshold: 2.5 }, CATALOGUE_MSG.kitThreshold],
      ['threshold "abc"', { Name: 'ThrAbc', PassThreshold: 'abc' }, CATALOGUE_MSG.kitThreshold],
      ['threshold "5" (a string: never coerced)', { Name: 'ThrStr', PassThreshold: '5' }, CATALOGUE_MSG.kitThreshold],
      ['an id of true', { Id: true, Name: 'IdTrue' }, 'Invalid id'],
    ])('refuses %s with 400 and its message, creating nothing', async (_, payload, message) => {
      const before = await kitCount();
      const body = expectReply(await post(SAVE, payload), 400, 'Failure', message);
      expect(body.data).toBeNull();
      expect(body.error).toEqual(expect.any(String));
      expect(await kitCount()).toBe(before);
    });

    it('accepts a name of 40 letters and digits', async () => {
      const name = `${'Ab3'.repeat(13)}Z`;
      expect(await getKit(await createKit(t.app, admin, name))).toMatchObject({ name });
    });

    it('refuses a name already used, ignoring case, with a Warning', async () => {
      await createKit(t.app, admin, 'Taken1');
      const before = await kitCount();
      for (const name of ['Taken1', 'TAKEN1', 'taken1', ' tAkEn1 ']) {
        const body = expectReply(await post(SAVE, { Name: name }), 400, 'Warning', CATALOGUE_MSG.kitNameTaken);
        expect(body.data).toBeNull();
      }
      expect(await kitCount()).toBe(before);
    });

    it('refuses to create an active kit (it has no cards, so it is not playable): 400 Warning, nothing created', async () => {
      const before = await kitCount();
      expectReply(
        await post(SAVE, { Name: 'BornActive', IsActive: true }),
        400,
        'Warning',
        CATALOGUE_MSG.kitNotPlayable,
      );
      expect(await kitCount()).toBe(before);
      // IsActive false is fine.
      expect(await getKit(await createKit(t.app, admin, { Name: 'BornInactive', IsActive: false }))).toMatchObject({
        isActive: false,
      });
    });

    it('refuses an IsActive that is not a boolean, and an Id (that is UpdateTestKit)', async () => {
      expectReply(await post(SAVE, { Name: 'StrActive', IsActive: 'yes' }), 400, 'Failure');
      const id = await createKit(t.app, admin, 'HasId');
      expectReply(await post(SAVE, { Id: id, Name: 'HasId2' }), 400, 'Failure');
      expect((await getKit(id)).name).toBe('HasId');
    });

    it('refuses a body that is not a JSON object', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: SAVE,
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: '{"Name": "Broken',
      });
      expectReply(res, 400, 'Failure', MSG.invalidRequest);
      expectReply(await post(SAVE, [{ Name: 'InArray' }]), 400, 'Failure', MSG.invalidRequest);
    });
  });

  describe('UpdateTestKit', () => {
    it('renames a kit and changes its threshold; the QR follows the new name', async () => {
      const id = await createKit(t.app, admin, 'Before1');
      const body = expectReply<{ testKitId: number }>(
        await post(UPDATE, { Id: id, Name: 'After1', PassThreshold: 3 }),
        200,
        'Success',
        'Play kit updated successfully',
      );
      expect(body.data).toEqual({ testKitId: id });
      const kit = await getKit(id);
      expect(kit).toMatchObject({
        name: 'After1',
        passThreshold: 3,
        qrCodeURL: 'https://play.scentry.test/scent/After1',
      });
      expect(readQr(kit.qrCode)).toBe('https://play.scentry.test/scent/After1');
      // The old name is free again; a change of case only is a rename of the same kit.
      await createKit(t.app, admin, 'Before1');
      expectReply(await post(UPDATE, { Id: id, Name: 'AFTER1', PassThreshold: 3 }), 200, 'Success');
      expect((await getKit(id)).name).toBe('AFTER1');
    });

    it("refuses another kit's name (ignoring case) with a Warning, changing nothing", async () => {
      await createKit(t.app, admin, 'Owner1');
      const id = await createKit(t.app, admin, 'Other1');
      const before = await getKit(id);
      expectReply(await post(UPDATE, { Id: id, Name: 'oWnEr1' }), 400, 'Warning', CATALOGUE_MSG.kitNameTaken);
      expect(await getKit(id)).toEqual(before);
    });

    it('needs an Id: missing → 400, unknown → 404', async () => {
      expectReply(await post(UPDATE, { Name: 'NoId' }), 400, 'Failure');
      expectReply(await post(UPDATE, { Id: 999999, Name: 'Ghost' }), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
      expectReply(await post(UPDATE, { Id: -1, Name: 'Neg' }), 400, 'Failure');
    });

    it('applies the name and threshold rules', async () => {
      const id = await createKit(t.app, admin, 'Rules1');
      expectReply(await post(UPDATE, { Id: id, Name: 'Rules 1' }), 400, 'Failure', CATALOGUE_MSG.kitNameInvalid);
      expectReply(await post(UPDATE, { Id: id }), 400, 'Failure', CATALOGUE_MSG.kitNameRequired);
      expectReply(
        await post(UPDATE, { Id: id, Name: 'Rules1', PassThreshold: 9 }),
        400,
        'Failure',
        CATALOGUE_MSG.kitThreshold,
      );
      expect(await getKit(id)).toMatchObject({ name: 'Rules1', passThreshold: 4, version: 1 });
    });

    it('refuses to activate a kit that is not playable (no cards, then four cards) with a Warning, changing nothing', async () => {
      const id = await createKit(t.app, admin, 'Partial1');
      const activate = () => post(UPDATE, { Id: id, Name: 'Partial1', IsActive: true });
      expectReply(await activate(), 400, 'Warning', CATALOGUE_MSG.kitNotPlayable);
      for (let order = 1; order <= 4; order++) {
        await createCard(
          t.app,
          admin,
          cardBody(
            id,
            order,
            options.slice(0, 5).map((o) => o.id),
          ),
        );
      }
      const before = await getKit(id);
      expect(before).toMatchObject({ cardCount: 4, playable: false, isActive: false });
      expectReply(await activate(), 400, 'Warning', CATALOGUE_MSG.kitNotPlayable);
      // A rename in the same request is not applied either.
      expectReply(
        await post(UPDATE, { Id: id, Name: 'Partial2', IsActive: true }),
        400,
        'Warning',
        CATALOGUE_MSG.kitNotPlayable,
      );
      expect(await getKit(id)).toEqual(before);

      await createCard(
        t.app,
        admin,
        cardBody(
          id,
          5,
          options.slice(1, 6).map((o) => o.id),
        ),
      );
      expect(await getKit(id)).toMatchObject({ cardCount: 5, playable: true, isActive: false });
      expectReply(await activate(), 200, 'Success');
      expect(await getKit(id)).toMatchObject({ cardCount: 5, playable: true, isActive: true });
      // And back to inactive.
      expectReply(await post(UPDATE, { Id: id, Name: 'Partial1', IsActive: false }), 200, 'Success');
      expect((await getKit(id)).isActive).toBe(false);
    });
  });

  describe('GetTestKitById', () => {
    it("returns the kit's QR code as a PNG data URL that decodes to PUBLIC_URL/scent/<name>", async () => {
      const id = await createKit(t.app, admin, 'QrKit7');
      const kit = await getKit(id);
      expect(kit.qrCodeURL).toBe('https://play.scentry.test/scent/QrKit7');
      const png = PNG.sync.read(Buffer.from(kit.qrCode.split(',')[1], 'base64'));
      expect(png.width).toBeGreaterThanOrEqual(256);
      expect(readQr(kit.qrCode)).toBe('https://play.scentry.test/scent/QrKit7');
    });

    it('answers 404 for an unknown kit and 400 for a bad id', async () => {
      expectReply(await get(`${BY_ID}?Id=424242`), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
      expectReply(await get(`${BY_ID}?Id=abc`), 400, 'Failure');
      expectReply(await get(BY_ID), 400, 'Failure');
    });
  });

  describe('GetTestKit (list)', () => {
    it('lists kits with cardCount, isActive, version and qrCodeURL', async () => {
      const playable = await createPlayableKit(t.app, admin, 'ListPlay1', options);
      const empty = await createKit(t.app, admin, { Name: 'ListEmpty1', PassThreshold: 2 });
      const { list, totalCount } = await listAll({ Name: 'list' });
      expect(totalCount).toBe(2);
      expect(list).toEqual([
        expect.objectContaining({
          id: playable.kitId,
          name: 'ListPlay1',
          isActive: true,
          passThreshold: 4,
          cardCount: 5,
          version: 7, // created, five cards, activated
          qrCodeURL: 'https://play.scentry.test/scent/ListPlay1',
        }),
        expect.objectContaining({
          id: empty,
          name: 'ListEmpty1',
          isActive: false,
          passThreshold: 2,
          cardCount: 0,
          version: 1,
          qrCodeURL: 'https://play.scentry.test/scent/ListEmpty1',
        }),
      ]);
    });

    it('pages and sorts', async () => {
      for (const n of [1, 2, 3, 4, 5]) await createKit(t.app, admin, `Pg${n}Kit`);
      const page = async (pageNumber: number, sortOrder: 'asc' | 'desc') =>
        expectReply<ListResult<KitListRow>>(
          await post(LIST, {
            PageNumber: pageNumber,
            RowsPerPage: 2,
            Filter: { name: 'PG' },
            SortColumns: [{ columnName: 'Name', sortOrder }],
          }),
          200,
          'Success',
        ).data;
      expect((await page(1, 'asc')).list.map((k) => k.name)).toEqual(['Pg1Kit', 'Pg2Kit']);
      expect(await page(3, 'asc')).toMatchObject({ totalCount: 5, list: [{ name: 'Pg5Kit' }] });
      expect((await page(1, 'desc')).list.map((k) => k.name)).toEqual(['Pg5Kit', 'Pg4Kit']);
      expectReply(await post(LIST, { pageNumber: 1, rowsPerPage: 0 }), 400, 'Failure');
    });
  });

  describe('DeleteTestKit', () => {
    it('deletes a kit without results: gone from lists and GetTestKitById, its name reusable', async () => {
      const { kitId } = await createPlayableKit(t.app, admin, 'Gone1', options, false);
      const body = expectReply(await get(`${DELETE}?Ids=${kitId}`), 200, 'Success', 'Play kit deleted successfully');
      expect(body.data).toBeNull();
      expect((await listAll({ Name: 'Gone1' })).totalCount).toBe(0);
      const names = expectReply<{ id: number; name: string }[]>(await get(NAMES), 200, 'Success').data;
      expect(names.map((k) => k.id)).not.toContain(kitId);
      expectReply(await get(`${BY_ID}?Id=${kitId}`), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
      // Its cards are hidden with it, so their options can be deleted now.
      const cards = await t.app.db
        .selectFrom('scentCards')
        .select('deletedAt')
        .where('testKitId', '=', kitId)
        .execute();
      expect(cards).toHaveLength(5);
      for (const c of cards) expect(c.deletedAt).toEqual(expect.any(String));
      // The name is free again (ignoring case).
      const again = await createKit(t.app, admin, 'GONE1');
      expect(again).not.toBe(kitId);
      expectReply(await get(`${DELETE}?Ids=${kitId}`), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
    });

    it('makes a kit with results inactive instead, with its own message; the kit and its cards stay', async () => {
      const { kitId } = await createPlayableKit(t.app, admin, 'Played1', options);
      await insertResult(t.app, kitId);
      const before = await getKit(kitId);
      expect(before.isActive).toBe(true);
      const body = expectReply(await get(`${DELETE}?Ids=${kitId}`), 200, 'Success', CATALOGUE_MSG.kitDeactivated);
      expect(body.data).toBeNull();
      const after = await getKit(kitId);
      expect(after).toMatchObject({ isActive: false, cardCount: 5, version: before.version + 1 });
      expect((await listAll({ Name: 'Played1' })).list).toEqual([
        expect.objectContaining({ id: kitId, isActive: false }),
      ]);
      // Deleting it again changes nothing more.
      expectReply(await get(`${DELETE}?Ids=${kitId}`), 200, 'Success', CATALOGUE_MSG.kitDeactivated);
      expect((await getKit(kitId)).version).toBe(after.version);
      // Its name stays taken.
      expectReply(await post(SAVE, { Name: 'played1' }), 400, 'Warning', CATALOGUE_MSG.kitNameTaken);
    });

    it('takes several ids; one unknown id refuses the whole request and deletes nothing', async () => {
      const a = await createKit(t.app, admin, 'Multi1');
      const b = await createKit(t.app, admin, 'Multi2');
      expectReply(await get(`${DELETE}?Ids=${a},999999`), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
      expect((await listAll({ Name: 'Multi' })).totalCount).toBe(2);
      expectReply(await get(`${DELETE}?Ids=${a},${b}`), 200, 'Success', 'Play kit deleted successfully');
      expect((await listAll({ Name: 'Multi' })).totalCount).toBe(0);
    });

    it('refuses malformed ids with 400', async () => {
      for (const q of ['', '?Ids=', '?Ids=abc', '?Ids=1,,2', '?Ids=1;2']) {
        expectReply(await get(`${DELETE}${q}`), 400, 'Failure');
      }
    });
  });

  describe('GetTestNameList (staff)', () => {
    it('gives Admin and Client Admin [{id, name}] of live kits; User 403; no token 401', async () => {
      const id = await createKit(t.app, admin, 'NameList1');
      for (const token of [admin, clientAdmin]) {
        const body = expectReply<{ id: number; name: string }[]>(await get(NAMES, token), 200, 'Success');
        expect(body.data).toContainEqual({ id, name: 'NameList1' });
        for (const k of body.data) expect(Object.keys(k).sort()).toEqual(['id', 'name']);
      }
      expectReply(await get(NAMES, user), 403, 'Failure', MSG.forbidden);
      expectReply(await t.app.inject({ method: 'GET', url: NAMES }), 401, 'Failure', MSG.unauthorized);
    });
  });

  describe('access: Admin only', () => {
    it.each([
      ['POST', SAVE, { Name: 'Intruder1' }],
      ['POST', UPDATE, { Id: 1, Name: 'Intruder1' }],
      ['POST', LIST, { pageNumber: 1, rowsPerPage: 10 }],
      ['GET', `${BY_ID}?Id=1`, undefined],
      ['GET', `${DELETE}?Ids=1`, undefined],
    ])('%s %s: Client Admin and User → 403, no token → 401, nothing changed', async (method, url, payload) => {
      const snapshot = async () => t.app.db.selectFrom('testKits').selectAll().orderBy('id').execute();
      const before = await snapshot();
      for (const token of [clientAdmin, user]) {
        const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: bearer(token), payload });
        expect(expectReply(res, 403, 'Failure', MSG.forbidden).data).toBeNull();
      }
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload });
      expectReply(res, 401, 'Failure', MSG.unauthorized);
      const forged = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: bearer('not.a.token'),
        payload,
      });
      expectReply(forged, 401, 'Failure', MSG.unauthorized);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('addFiveCards helper gives a playable kit (sanity of the fixtures)', async () => {
    const id = await createKit(t.app, admin, 'Sanity1');
    await addFiveCards(t.app, admin, id, options);
    expect(await getKit(id)).toMatchObject({ playable: true, cardCount: 5 });
    expectReply(await updateKit(t.app, admin, { Id: id, Name: 'Sanity1', IsActive: true }), 200, 'Success');
  });
});
