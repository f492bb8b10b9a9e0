import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE_MSG, IMAGE_MAX_BYTES, type ListResult, MSG, type ScentOption } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { down as namesDown, up as namesUp } from '../../../db/migrations/2026-11-23T0800-scent-option-names';
import { isTitleConflict } from '../../../repositories/scent-options';
import {
  cardBody,
  createCard,
  createKit,
  createOption,
  createOptions,
  expectReply,
  scentOptionRows,
  uploadFiles,
} from '../../../test/catalogue';
import {
  bearer,
  callsAs,
  makeTestApp,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';
import { corruptCrc, jpegBytes, makePng, noisePng, padPng, pngChunk } from '../../../test/images';
import { multipart, optionForm, type UploadFile } from '../../../test/multipart';

const CREATE = '/api/ScentCardOption/CreateScentCardOption';
const UPDATE = '/api/ScentCardOption/UpdateScentCardOption';
const LIST = '/api/ScentCardOption/GetScentCardOptionList';
const DROPDOWN = '/api/ScentCardOption/DropDownForScentCardOption';
const BY_ID = '/api/ScentCardOption/GetScentCardOptionById';
const DELETE = '/api/ScentCardOption/DeleteScentCardOption';

const STORED_PATH = /^\/uploads\/[0-9a-f]{32}\.png$/;

describe('ScentCardOption routes', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;
  let clientAdmin: string;
  let user: string;
  let seed = 1;

  const send = (url: string, form: { payload: Buffer; headers: Record<string, string> }, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  const create = (model: unknown, file?: UploadFile) => send(CREATE, optionForm(model, file));
  const update = (model: unknown, file?: UploadFile) => send(UPDATE, optionForm(model, file));
  const { post, get } = callsAs(t, () => admin);
  const list = (body: unknown) => post(LIST, body);
  const png = () => makePng(seed++);
  const storedFile = (storedPath: string) => path.join(t.dataDir, storedPath);

  beforeAll(async () => {
    [admin, clientAdmin, user] = await Promise.all([
      signIn(t.app, f.admin.email, f.admin.password),
      signIn(t.app, f.clientAdmin.email, f.clientAdmin.password),
      signIn(t.app, f.user.email, f.user.password),
    ]);
  });

  describe('CreateScentCardOption', () => {
    it('stores the picture under DATA_DIR/uploads by content hash and returns the option', async () => {
      const picture = png();
      const before = uploadFiles(t.dataDir).length;
      const res = await create({ Title: 'Lemon' }, { data: picture, filename: 'lemon.png' });
      const body = expectReply<ScentOption>(res, 200, 'Success', 'Scent option saved successfully');
      expect(body.data).toEqual({
        id: expect.any(Number),
        title: 'Lemon',
        names: {},
        storedPath: expect.stringMatching(STORED_PATH),
        originalFileName: 'lemon.png',
      });
      expect(uploadFiles(t.dataDir)).toHaveLength(before + 1);
      expect(readFileSync(storedFile(body.data.storedPath)).equals(picture)).toBe(true);
      const row = await t.app.db
        .selectFrom('scentOptions')
        .selectAll()
        .where('id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        title: 'Lemon',
        storedPath: body.data.storedPath,
        originalFileName: 'lemon.png',
        deletedAt: null,
      });
    });

    it('binds the model keys ignoring case and trims the name; 24 characters is the longest name', async () => {
      const lower = await create({ title: '  Orange  ' }, { data: png() });
      expect(expectReply<ScentOption>(lower, 200, 'Success').data.title).toBe('Orange');
      const upper = await create({ TITLE: 'x'.repeat(24) }, { data: png() });
      expect(expectReply<ScentOption>(upper, 200, 'Success').data.title).toBe('x'.repeat(24));
    });

    it('accepts the parts in any order and ignores unknown model keys', async () => {
      const form = multipart([
        { name: 'file', value: png(), filename: 'first.png', contentType: 'image/png' },
        { name: 'model', value: JSON.stringify({ Title: 'Banana', localId: 'tmp-1', Id: 0 }) },
      ]);
      const body = expectReply<ScentOption>(await send(CREATE, form), 200, 'Success');
      expect(body.data).toMatchObject({ title: 'Banana', originalFileName: 'first.png' });
    });

    it('stores the same picture once: uploaded twice, both options point at the same file', async () => {
      const picture = png();
      const first = expectReply<ScentOption>(await create({ Title: 'Twin A' }, { data: picture }), 200, 'Success');
      const files = uploadFiles(t.dataDir).length;
      const second = expectReply<ScentOption>(
        await create({ Title: 'Twin B' }, { data: picture, filename: 'other-name.png' }),
        200,
        'Success',
      );
      expect(second.data.id).not.toBe(first.data.id);
      expect(second.data.storedPath).toBe(first.data.storedPath);
      expect(second.data.originalFileName).toBe('other-name.png');
      expect(uploadFiles(t.dataDir)).toHaveLength(files);
    });

    it('judges by content, not by name or declared type: a real PNG sent as photo.jpg, image/jpeg is taken', async () => {
      const res = await create(
        { Title: 'Misnamed' },
        { data: png(), filename: 'photo.jpg', contentType: 'image/jpeg' },
      );
      expect(expectReply<ScentOption>(res, 200, 'Success').data).toMatchObject({
        storedPath: expect.stringMatching(STORED_PATH),
        originalFileName: 'photo.jpg',
      });
    });

    it('keeps the picture only and a clean name: text chunks dropped, a long path-like name trimmed', async () => {
      const picture = png();
      const text = pngChunk('tEXt', Buffer.from('Comment\u0000secret-note', 'latin1'));
      const tagged = Buffer.concat([picture.subarray(0, 33), text, picture.subarray(33)]);
      const name = `../../etc/${'x'.repeat(300)}\u0007.png`;
      const res = await create({ Title: 'Tagged' }, { data: tagged, filename: name });
      const { data } = expectReply<ScentOption>(res, 200, 'Success');
      expect(data.originalFileName).toBe('x'.repeat(100));
      const stored = readFileSync(path.join(t.dataDir, data.storedPath));
      expect(stored.equals(picture)).toBe(true);
      expect(stored.includes('secret-note')).toBe(false);
    });

    it('refuses a PNG with another file appended after its end', async () => {
      const res = await create(
        { Title: 'Trailing' },
        { data: Buffer.concat([png(), Buffer.from('PK\u0003\u0004zip')]) },
      );
      expectReply(res, 400, 'Failure', CATALOGUE_MSG.imageNotPng);
    });

    it('accepts a PNG one byte under 5 MB', async () => {
      const big = padPng(png(), IMAGE_MAX_BYTES - 1);
      const body = expectReply<ScentOption>(await create({ Title: 'Almost5MB' }, { data: big }), 200, 'Success');
      expect(readFileSync(storedFile(body.data.storedPath)).length).toBe(IMAGE_MAX_BYTES - 1);
    });

    it('serves the stored picture at its storedPath as image/png', async () => {
      const picture = png();
      const { storedPath } = await createOption(t.app, admin, 'Served', picture);
      const res = await t.app.inject({ method: 'GET', url: storedPath });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(picture)).toBe(true);
    });
  });

  describe('refused uploads write nothing, to disk or database, and are never 413/415/500', () => {
    const valid = () => ({ data: makePng(seed++) });
    const cases: [string, () => { model: unknown; file?: UploadFile }, string][] = [
      [
        'a renamed JPEG (JPEG bytes, .png name, image/png type)',
        () => ({
          model: { Title: 'Photo' },
          file: { data: jpegBytes(), filename: 'photo.png', contentType: 'image/png' },
        }),
        CATALOGUE_MSG.imageNotPng,
      ],
      [
        'a truncated PNG',
        () => {
          const whole = makePng(seed++, 32, 32);
          return { model: { Title: 'Half' }, file: { data: whole.subarray(0, Math.floor(whole.length * 0.7)) } };
        },
        CATALOGUE_MSG.imageNotPng,
      ],
      [
        'a PNG with a corrupted chunk CRC',
        () => ({ model: { Title: 'Corrupt' }, file: { data: corruptCrc(makePng(seed++)) } }),
        CATALOGUE_MSG.imageNotPng,
      ],
      [
        'a text file named .png',
        () => ({ model: { Title: 'Text' }, file: { data: Buffer.from('not a picture at all'.repeat(10)) } }),
        CATALOGUE_MSG.imageNotPng,
      ],
      [
        'a real 6 MB PNG (random noise)',
        () => ({ model: { Title: 'Huge' }, file: { data: noisePng() } }),
        CATALOGUE_MSG.imageTooLarge,
      ],
      [
        'a PNG of exactly 5 MB',
        () => ({ model: { Title: 'Exactly5MB' }, file: { data: padPng(makePng(seed++), IMAGE_MAX_BYTES) } }),
        CATALOGUE_MSG.imageTooLarge,
      ],
      [
        'an empty file',
        () => ({ model: { Title: 'Empty' }, file: { data: Buffer.alloc(0) } }),
        CATALOGUE_MSG.imageRequired,
      ],
      ['no file', () => ({ model: { Title: 'NoFile' } }), CATALOGUE_MSG.imageRequired],
      ['no model', () => ({ model: undefined, file: valid() }), MSG.invalidRequest],
      ['a model that is not JSON', () => ({ model: '{Title: Lemon', file: valid() }), MSG.invalidRequest],
      ['a model that is a JSON array', () => ({ model: '[{"Title":"Lemon"}]', file: valid() }), MSG.invalidRequest],
      ['a model without a name', () => ({ model: { Id: 0 }, file: valid() }), CATALOGUE_MSG.optionNameRequired],
      ['a blank name', () => ({ model: { Title: '   ' }, file: valid() }), CATALOGUE_MSG.optionNameRequired],
      ['a name that is not text', () => ({ model: { Title: 42 }, file: valid() }), CATALOGUE_MSG.optionNameRequired],
      [
        'a name of 25 characters',
        () => ({ model: { Title: 'y'.repeat(25) }, file: valid() }),
        CATALOGUE_MSG.optionNameTooLong,
      ],
      [
        'a name of 60 characters',
        () => ({ model: { Title: 'z'.repeat(60) }, file: valid() }),
        CATALOGUE_MSG.optionNameTooLong,
      ],
    ];

    const IMAGE_MESSAGES: string[] = [
      CATALOGUE_MSG.imageNotPng,
      CATALOGUE_MSG.imageTooLarge,
      CATALOGUE_MSG.imageRequired,
    ];
    it.each(cases)('%s', async (_, make, message) => {
      const { model, file } = make();
      const files = uploadFiles(t.dataDir);
      const rows = await scentOptionRows(t.app);
      const body = expectReply(await create(model, file), 400, 'Failure', message);
      expect(body.data).toBeNull();
      expect(body.error).toEqual(expect.any(String));
      // A picture's refusal names the field with the same clear message (the form shows it there).
      if (IMAGE_MESSAGES.includes(message)) expect(body.error).toBe(`file: ${message}`);
      expect(uploadFiles(t.dataDir)).toEqual(files);
      expect(await scentOptionRows(t.app)).toBe(rows);
    });

    it('refuses a JSON body (not multipart) with 400', async () => {
      const rows = await scentOptionRows(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: CREATE,
        headers: bearer(admin),
        payload: { Title: 'Json' },
      });
      expectReply(res, 400, 'Failure', MSG.invalidRequest);
      expect(await scentOptionRows(t.app)).toBe(rows);
    });

    it('refuses a malformed multipart body with 400 (cut short, garbage, no boundary)', async () => {
      const form = optionForm({ Title: 'Broken' }, { data: makePng(seed++) });
      const variants = [
        { headers: form.headers, payload: form.payload.subarray(0, form.payload.length - 30) },
        { headers: form.headers, payload: form.payload.subarray(0, 60) },
        { headers: form.headers, payload: Buffer.from('garbage') },
        { headers: { 'content-type': 'multipart/form-data' }, payload: form.payload },
      ];
      const files = uploadFiles(t.dataDir);
      const rows = await scentOptionRows(t.app);
      for (const v of variants) {
        const res = await t.app.inject({
          method: 'POST',
          url: CREATE,
          headers: { ...bearer(admin), ...v.headers },
          payload: v.payload,
        });
        expect(expectReply(res, 400, 'Failure', MSG.invalidRequest).data).toBeNull();
      }
      expect(uploadFiles(t.dataDir)).toEqual(files);
      expect(await scentOptionRows(t.app)).toBe(rows);
    });

    it('refuses two files in one request with 400', async () => {
      const rows = await scentOptionRows(t.app);
      const form = multipart([
        { name: 'model', value: JSON.stringify({ Title: 'Two' }) },
        { name: 'file', value: makePng(seed++), filename: 'a.png', contentType: 'image/png' },
        { name: 'file', value: makePng(seed++), filename: 'b.png', contentType: 'image/png' },
      ]);
      const res = await send(CREATE, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'Failure', data: null });
      expect(await scentOptionRows(t.app)).toBe(rows);
    });

    it('refuses a renamed JPEG on update and leaves the option as it was', async () => {
      const option = await createOption(t.app, admin, 'KeepMe');
      const files = uploadFiles(t.dataDir);
      const res = await update({ Id: option.id, Title: 'Changed' }, { data: jpegBytes(), filename: 'x.png' });
      expectReply(res, 400, 'Failure', CATALOGUE_MSG.imageNotPng);
      const big = await update({ Id: option.id, Title: 'Changed' }, { data: noisePng() });
      expectReply(big, 400, 'Failure', CATALOGUE_MSG.imageTooLarge);
      const long = await update({ Id: option.id, Title: 'q'.repeat(25) }, { data: makePng(seed++) });
      expectReply(long, 400, 'Failure', CATALOGUE_MSG.optionNameTooLong);
      expect(uploadFiles(t.dataDir)).toEqual(files);
      const got = expectReply<ScentOption>(await get(`${BY_ID}?Id=${option.id}`), 200, 'Success');
      expect(got.data).toEqual(option);
    });
  });

  describe('UpdateScentCardOption', () => {
    it('without a file keeps the old image and changes the name', async () => {
      const option = await createOption(t.app, admin, 'OldName');
      const files = uploadFiles(t.dataDir);
      const body = expectReply<ScentOption>(
        await update({ Id: option.id, Title: 'NewName' }),
        200,
        'Success',
        'Scent option updated successfully',
      );
      expect(body.data).toEqual({ ...option, title: 'NewName' });
      expect(uploadFiles(t.dataDir)).toEqual(files);
      const got = expectReply<ScentOption>(await get(`${BY_ID}?Id=${option.id}`), 200, 'Success');
      expect(got.data).toEqual({ ...option, title: 'NewName' });
    });

    it('with an empty file part (the PWA sends file = null) keeps the old image', async () => {
      const option = await createOption(t.app, admin, 'NullFile');
      const res = await update({ id: option.id, title: 'NullFile2' }, { data: Buffer.alloc(0), filename: '' });
      expect(expectReply<ScentOption>(res, 200, 'Success').data).toEqual({ ...option, title: 'NullFile2' });
    });

    it('with a new file stores it and changes storedPath and originalFileName', async () => {
      const option = await createOption(t.app, admin, 'Repaint');
      const picture = png();
      const body = expectReply<ScentOption>(
        await update({ Id: option.id, Title: 'Repaint' }, { data: picture, filename: 'new.png' }),
        200,
        'Success',
      );
      expect(body.data.storedPath).toMatch(STORED_PATH);
      expect(body.data.storedPath).not.toBe(option.storedPath);
      expect(body.data.originalFileName).toBe('new.png');
      expect(readFileSync(storedFile(body.data.storedPath)).equals(picture)).toBe(true);
      // The old file stays: another option (or a stored result) may show the same picture.
      expect(uploadFiles(t.dataDir)).toContain(path.basename(option.storedPath));
      const got = expectReply<ScentOption>(await get(`${BY_ID}?Id=${option.id}`), 200, 'Success');
      expect(got.data).toEqual(body.data);
    });

    it('needs the Id: missing → 400, unknown → 404, and a name rule still applies', async () => {
      expectReply(await update({ Title: 'NoId' }), 400, 'Failure', MSG.invalidRequest);
      expectReply(await update({ Id: 999999, Title: 'Ghost' }), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
      const option = await createOption(t.app, admin, 'Named');
      expectReply(await update({ Id: option.id, Title: '' }), 400, 'Failure', CATALOGUE_MSG.optionNameRequired);
      expectReply(await update({ Id: option.id }), 400, 'Failure', CATALOGUE_MSG.optionNameRequired);
      expectReply(await update(undefined), 400, 'Failure', MSG.invalidRequest);
    });
  });

  describe('GetScentCardOptionById and DropDownForScentCardOption', () => {
    it('gets an option by id; unknown → 404, a bad id → 400', async () => {
      const option = await createOption(t.app, admin, 'ById');
      const body = expectReply<ScentOption>(await get(`${BY_ID}?Id=${option.id}`), 200, 'Success');
      expect(body.data).toEqual({
        id: option.id,
        title: 'ById',
        names: {},
        storedPath: option.storedPath,
        originalFileName: 'ById.png',
      });
      expect(expectReply(await get(`${BY_ID}?id=${option.id}`), 200, 'Success').data).toEqual(body.data);
      expectReply(await get(`${BY_ID}?Id=987654`), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
      expectReply(await get(`${BY_ID}?Id=abc`), 400, 'Failure');
      expectReply(await get(BY_ID), 400, 'Failure');
    });

    it('lists every live option as {id, title, storedPath}, by title', async () => {
      const body = expectReply<{ id: number; title: string; storedPath: string }[]>(
        await get(DROPDOWN),
        200,
        'Success',
      );
      expect(body.data.length).toBeGreaterThan(3);
      for (const item of body.data) {
        expect(Object.keys(item).sort()).toEqual(['id', 'names', 'storedPath', 'title']);
        expect(item.storedPath).toMatch(STORED_PATH);
      }
      const titles = body.data.map((o) => o.title);
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(titles).toContain('Lemon');
    });
  });

  describe('GetScentCardOptionList', () => {
    let pagers: ScentOption[];
    beforeAll(async () => {
      pagers = await createOptions(t.app, admin, 7, 'Pager');
      await createOption(t.app, admin, '50% Musk');
      await createOption(t.app, admin, '500 Musk');
    });

    it('pages: rowsPerPage and pageNumber, totalCount of every match', async () => {
      const page = (n: number) =>
        list({
          pageNumber: n,
          rowsPerPage: 3,
          filter: { Title: 'pager' },
          sortColumns: [{ columnName: 'id', sortOrder: 'asc' }],
        });
      const ids: number[] = [];
      for (const n of [1, 2, 3]) {
        const body = expectReply<ListResult<ScentOption>>(await page(n), 200, 'Success');
        expect(body.data.totalCount).toBe(7);
        expect(body.data.list).toHaveLength(n < 3 ? 3 : 1);
        ids.push(...body.data.list.map((o) => o.id));
      }
      expect(ids).toEqual(pagers.map((o) => o.id));
      const beyond = expectReply<ListResult<ScentOption>>(await page(4), 200, 'Success');
      expect(beyond.data).toEqual({ list: [], totalCount: 7 });
    });

    it('rows carry {id, title, storedPath, originalFileName}', async () => {
      const body = expectReply<ListResult<ScentOption>>(
        await list({ pageNumber: 1, rowsPerPage: 1, filter: { Title: 'Pager1' } }),
        200,
        'Success',
      );
      expect(body.data).toEqual({ list: [pagers[0]], totalCount: 1 });
    });

    it.each([
      ['Title', { Title: 'PAGER' }],
      ['title', { title: 'pager' }],
      ['Name (the alias)', { Name: 'Pager' }],
      ['name', { name: 'pAgEr' }],
      ['NAME', { NAME: 'ager' }],
    ])('filters by %s, contains and ignoring case', async (_, filter) => {
      const body = expectReply<ListResult<ScentOption>>(
        await list({ PageNumber: 1, RowsPerPage: 100, Filter: filter }),
        200,
        'Success',
      );
      expect(body.data.totalCount).toBe(7);
      expect(body.data.list.map((o) => o.title).sort()).toEqual(pagers.map((o) => o.title).sort());
    });

    it('treats % and _ in the filter as text', async () => {
      const body = expectReply<ListResult<ScentOption>>(
        await list({ pageNumber: 1, rowsPerPage: 10, filter: { Title: '50%' } }),
        200,
        'Success',
      );
      expect(body.data.list.map((o) => o.title)).toEqual(['50% Musk']);
      const under = expectReply<ListResult<ScentOption>>(
        await list({ pageNumber: 1, rowsPerPage: 10, filter: { Title: 'Pager_' } }),
        200,
        'Success',
      );
      expect(under.data.totalCount).toBe(0);
    });

    it('sorts by title either way; with no filter it lists every live option', async () => {
      const desc = expectReply<ListResult<ScentOption>>(
        await list({
          pageNumber: 1,
          rowsPerPage: 3,
          filter: { Name: 'Pager' },
          sortColumns: [{ columnName: 'Title', sortOrder: 'desc' }],
        }),
        200,
        'Success',
      );
      expect(desc.data.list.map((o) => o.title)).toEqual(['Pager7', 'Pager6', 'Pager5']);
      const all = expectReply<ListResult<ScentOption>>(await list({ pageNumber: 1, rowsPerPage: 100 }), 200, 'Success');
      const live = await t.app.db
        .selectFrom('scentOptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow();
      expect(all.data.totalCount).toBe(Number(live.n));
    });

    it('refuses bad paging with 400', async () => {
      expectReply(await list({ pageNumber: 0, rowsPerPage: 10 }), 400, 'Failure');
      expectReply(await list({ pageNumber: 1, rowsPerPage: 101 }), 400, 'Failure');
      expectReply(await list({ pageNumber: 'x', rowsPerPage: 10 }), 400, 'Failure');
    });
  });

  describe('DeleteScentCardOption', () => {
    it('hides an unused option: the row stays (deleted_at set), the picture stays, gone from list, dropdown and GetById', async () => {
      const option = await createOption(t.app, admin, 'Doomed');
      const body = expectReply(
        await get(`${DELETE}?Id=${option.id}`),
        200,
        'Success',
        'Scent option deleted successfully',
      );
      expect(body.data).toBeNull();
      const row = await t.app.db
        .selectFrom('scentOptions')
        .select(['title', 'deletedAt'])
        .where('id', '=', option.id)
        .executeTakeFirstOrThrow();
      expect(row.title).toBe('Doomed');
      expect(row.deletedAt).toEqual(expect.any(String));
      expect(uploadFiles(t.dataDir)).toContain(path.basename(option.storedPath));

      const dropdown = expectReply<{ id: number }[]>(await get(DROPDOWN), 200, 'Success');
      expect(dropdown.data.map((o) => o.id)).not.toContain(option.id);
      const listed = expectReply<ListResult<ScentOption>>(
        await list({ pageNumber: 1, rowsPerPage: 100, filter: { Title: 'Doomed' } }),
        200,
        'Success',
      );
      expect(listed.data).toEqual({ list: [], totalCount: 0 });
      expectReply(await get(`${BY_ID}?Id=${option.id}`), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
      // Deleting it again, or updating it, finds nothing.
      expectReply(await get(`${DELETE}?Id=${option.id}`), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
      expectReply(await update({ Id: option.id, Title: 'Back' }), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
    });

    it('refuses with a Warning while a scent card uses the option; allowed once the card is gone', async () => {
      const options = await createOptions(t.app, admin, 5, 'InUse');
      const kitId = await createKit(t.app, admin, 'OptionInUseKit');
      const cardId = await createCard(
        t.app,
        admin,
        cardBody(
          kitId,
          1,
          options.map((o) => o.id),
        ),
      );
      for (const option of options) {
        const body = expectReply(await get(`${DELETE}?Id=${option.id}`), 400, 'Warning', CATALOGUE_MSG.optionInUse);
        expect(body.data).toBeNull();
      }
      const still = expectReply<ListResult<ScentOption>>(
        await list({ pageNumber: 1, rowsPerPage: 10, filter: { Title: 'InUse' } }),
        200,
        'Success',
      );
      expect(still.data.totalCount).toBe(5);

      expectReply(await get(`/api/SentCard/DeleteScentCard?Id=${cardId}`), 200, 'Success');
      expectReply(await get(`${DELETE}?Id=${options[2].id}`), 200, 'Success');
    });

    it('refuses an unknown or bad id', async () => {
      expectReply(await get(`${DELETE}?Id=424242`), 404, 'Failure', CATALOGUE_MSG.optionNotFound);
      expectReply(await get(`${DELETE}?Id=0`), 400, 'Failure');
      expectReply(await get(DELETE), 400, 'Failure');
    });
  });

  describe('names are unique ignoring case and white space among live options', () => {
    const TAKEN = CATALOGUE_MSG.optionNameTaken;
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('scentOptions')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('creating a name another option has is a 400 Warning, whatever its case or spaces; nothing is written', async () => {
      const first = await createOption(t.app, admin, 'Vanilla Bean');
      const rows = await count();
      const files = uploadFiles(t.dataDir).length;
      for (const title of ['Vanilla Bean', 'vanilla bean', 'VANILLA BEAN', '  Vanilla Bean  ', 'vAnIlLa BeAn ']) {
        const body = expectReply(await create({ Title: title }, { data: png() }), 400, 'Warning', TAKEN);
        expect(body.data).toBeNull();
        // The field it is about, for the form (API.md: `error` = field details).
        expect(body.error).toBe(`title: ${TAKEN}`);
      }
      expect(await count()).toBe(rows);
      expect(uploadFiles(t.dataDir)).toHaveLength(files);
      // A name that only contains it is another name.
      expectReply(await create({ Title: 'Vanilla Beans' }, { data: png() }), 200, 'Success');
      expect((await get(`${BY_ID}?Id=${first.id}`)).json().data.title).toBe('Vanilla Bean');
    });

    it('ignores white space inside the name too: runs of spaces, tabs and no-break spaces are one space', async () => {
      await createOption(t.app, admin, 'Lemon Fresh');
      const rows = await count();
      for (const title of [
        'Lemon  Fresh',
        'Lemon\u00a0Fresh',
        'lemon \u00a0 \tFRESH',
        '\u00a0Lemon\u2003Fresh\u00a0',
      ]) {
        expectReply(await create({ Title: title }, { data: png() }), 400, 'Warning', TAKEN);
      }
      expect(await count()).toBe(rows);
      const mint = await createOption(t.app, admin, 'Mint');
      expectReply(await update({ Id: mint.id, Title: 'LEMON\u00a0\u00a0fresh' }), 400, 'Warning', TAKEN);
      expect((await get(`${BY_ID}?Id=${mint.id}`)).json().data.title).toBe('Mint');
    });

    it('stores the name tidied: inner runs of white space (no-break spaces too) one plain space, none at the ends', async () => {
      const made = expectReply<ScentOption>(
        await create({ Title: '\u00a0Wild \u00a0\tRose  ' }, { data: png() }),
        200,
        'Success',
      ).data;
      expect(made.title).toBe('Wild Rose');
      expect((await get(`${BY_ID}?Id=${made.id}`)).json().data.title).toBe('Wild Rose');
      const renamed = expectReply<ScentOption>(
        await update({ Id: made.id, Title: 'Wild\u00a0\u00a0Briar' }),
        200,
        'Success',
      );
      expect(renamed.data.title).toBe('Wild Briar');
      expect((await get(`${BY_ID}?Id=${made.id}`)).json().data.title).toBe('Wild Briar');
      const key = await sql<{ titleKey: string }>`select title_key from scent_options where id = ${made.id}`.execute(
        t.app.db,
      );
      expect(key.rows[0].titleKey).toBe('wild briar');
    });

    it('ignores case beyond ASCII', async () => {
      await createOption(t.app, admin, 'Érable');
      expectReply(await create({ Title: 'ÉRABLE' }, { data: png() }), 400, 'Warning', TAKEN);
    });

    it("renaming to another option's name (any case) is refused and changes nothing", async () => {
      const cedar = await createOption(t.app, admin, 'Cedar');
      const pine = await createOption(t.app, admin, 'Pine');
      for (const title of ['Cedar', 'cedar', ' CEDAR ']) {
        expectReply(await update({ Id: pine.id, Title: title }, { data: png() }), 400, 'Warning', TAKEN);
      }
      expect(expectReply<ScentOption>(await get(`${BY_ID}?Id=${pine.id}`), 200, 'Success').data).toEqual(pine);
      expect(expectReply<ScentOption>(await get(`${BY_ID}?Id=${cedar.id}`), 200, 'Success').data).toEqual(cedar);
    });

    it('renaming an option to its own name in another case (or unchanged) is allowed', async () => {
      const sage = await createOption(t.app, admin, 'sage leaf');
      expectReply(await update({ Id: sage.id, Title: 'Sage Leaf' }), 200, 'Success');
      expectReply(await update({ Id: sage.id, Title: 'Sage Leaf' }), 200, 'Success');
      expect((await get(`${BY_ID}?Id=${sage.id}`)).json().data.title).toBe('Sage Leaf');
    });

    it('a deleted option frees its name', async () => {
      const gone = await createOption(t.app, admin, 'Fleeting');
      expectReply(await get(`${DELETE}?Id=${gone.id}`), 200, 'Success');
      expectReply(await create({ Title: 'FLEETING' }, { data: png() }), 200, 'Success');
    });

    it('the database refuses a second live option of one name itself (two saves at once)', async () => {
      await createOption(t.app, admin, 'Indexed');
      const refused =
        await sql`insert into scent_options (title, title_key, stored_path) values ('INDEXED', 'indexed', '/uploads/x.png')`
          .execute(t.app.db)
          .then(
            () => null,
            (err: unknown) => err,
          );
      // The error the save turns into its Warning, on either engine.
      expect(refused).not.toBeNull();
      expect(isTitleConflict(refused)).toBe(true);
    });

    it('the migration keeps duplicates of an older database: the oldest is keyed, its twins may be saved unchanged or renamed', async () => {
      const old = await makeTestApp();
      try {
        const db = old.app.db;
        await namesDown(db);
        const insert = async (title: string, deletedAt: string | null = null) =>
          (
            await sql<{
              id: number;
            }>`insert into scent_options (title, stored_path, deleted_at) values (${title}, '/uploads/a.png', ${deletedAt}) returning id`.execute(
              db,
            )
          ).rows[0].id;
        const hidden = await insert('Musk', '2020-01-01T00:00:00.000Z');
        const oldest = await insert('Musk');
        const twin = await insert('MUSK ');
        const spaced = await insert('musk\u00a0');
        const other = await insert('Amber');
        const inner = await insert('Black  Amber');
        const innerTwin = await insert('black\u00a0amber');
        await namesUp(db);
        const keys = await sql<{
          id: number;
          titleKey: string | null;
        }>`select id, title_key from scent_options`.execute(db);
        expect(new Map(keys.rows.map((r) => [r.id, r.titleKey]))).toEqual(
          new Map([
            [hidden, null],
            [oldest, 'musk'],
            [twin, null],
            [spaced, null],
            [other, 'amber'],
            [inner, 'black amber'],
            [innerTwin, null],
          ]),
        );
        const oldAdmin = await signIn(old.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
        const upd = (model: unknown) => {
          const form = optionForm(model);
          return old.app.inject({
            method: 'POST',
            url: UPDATE,
            headers: { ...bearer(oldAdmin), ...form.headers },
            payload: form.payload,
          });
        };
        // The twin keeps its name (any case); renaming it to another taken name is refused.
        expectReply(await upd({ Id: twin, Title: 'Musk' }), 200, 'Success');
        expectReply(await upd({ Id: twin, Title: 'amber' }), 400, 'Warning', TAKEN);
        // Renamed to a free name, it is keyed like any other option.
        expectReply(await upd({ Id: twin, Title: 'White Musk' }), 200, 'Success');
        const row = await sql<{
          titleKey: string | null;
        }>`select title_key from scent_options where id = ${twin}`.execute(db);
        expect(row.rows[0].titleKey).toBe('white musk');
        expectReply(await upd({ Id: twin, Title: 'musk' }), 400, 'Warning', TAKEN);
      } finally {
        await old.cleanup();
      }
    });
  });

  describe('access: Admin only', () => {
    const routes: [string, string, () => { payload?: Buffer | object; headers?: Record<string, string> }][] = [
      ['POST', LIST, () => ({ payload: { pageNumber: 1, rowsPerPage: 10 } })],
      ['GET', DROPDOWN, () => ({})],
      ['GET', `${BY_ID}?Id=1`, () => ({})],
      ['GET', `${DELETE}?Id=1`, () => ({})],
      ['POST', CREATE, () => optionForm({ Title: 'Sneaky' }, { data: makePng(seed++) })],
      ['POST', UPDATE, () => optionForm({ Id: 1, Title: 'Sneaky' }, { data: makePng(seed++) })],
    ];

    it.each(routes)(
      '%s %s: Client Admin and User → 403, no token → 401, nothing written',
      async (method, url, make) => {
        const files = uploadFiles(t.dataDir);
        const rows = await t.app.db.selectFrom('scentOptions').selectAll().orderBy('id').execute();
        for (const token of [clientAdmin, user]) {
          const { payload, headers } = make();
          const res = await t.app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers: { ...bearer(token), ...headers },
            payload,
          });
          expect(expectReply(res, 403, 'Failure', MSG.forbidden).data).toBeNull();
        }
        const { payload, headers } = make();
        const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers, payload });
        expect(expectReply(res, 401, 'Failure', MSG.unauthorized).data).toBeNull();
        expect(uploadFiles(t.dataDir)).toEqual(files);
        expect(await t.app.db.selectFrom('scentOptions').selectAll().orderBy('id').execute()).toEqual(rows);
      },
    );
  });
});
