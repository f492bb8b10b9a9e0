import { CATALOGUE_MSG, type ScentCard, type ScentOption } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { resultReportRecord } from '../../../repositories/report-records';
import { resultReportModel } from '../../../services/report-pdf';
import { expectReply } from '../../../test/catalogue';
import { bearer, callsAs, signIn, useFixtures, useTestApp } from '../../../test/helpers';
import { optionForm } from '../../../test/multipart';
import { answersFor, DEMO_ENV, liveKit, saveBody } from '../../../test/play';

/*
 * Names in the player's language (API.md, issue 41): staff give an option and a card a Spanish
 * name; the kit's document carries it (a change is a new kit version), and the server's report in
 * Spanish uses it. The demo kit ships Spanish names.
 */
describe('names in the player’s language', () => {
  const t = useTestApp({ env: DEMO_ENV });
  const f = useFixtures(t);
  let admin: string;
  const { post, get } = callsAs(t, () => admin);
  const updateOption = (model: unknown) => {
    const form = optionForm(model);
    return t.app.inject({
      method: 'POST',
      url: '/api/ScentCardOption/UpdateScentCardOption',
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  it('the demo kit carries Spanish names for its cards and options', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const first = kit.cards.find((c) => c.sortOrder === 1);
    expect(first?.names).toEqual({ es: 'Tarjeta de demostración 1' });
    const lemon = first?.options.find((o) => o.name === 'Lemon');
    expect(lemon?.names).toEqual({ es: 'Limón' });
  });

  it('stores an option’s Spanish name tidied, refuses a long one, and gives the kits showing it a new version', async () => {
    const before = await liveKit(t.app, 'DEMO1');
    const lemon = before.cards[0].options.find((o) => o.name === 'Lemon') as { scentOptionId: number };
    const long = await updateOption({ Id: lemon.scentOptionId, Title: 'Lemon', Names: { Es: 'l'.repeat(25) } });
    const refused = expectReply(long, 400, 'Failure', CATALOGUE_MSG.optionNameTooLong);
    expect(refused.error).toContain('names.es');

    const saved = await updateOption({
      Id: lemon.scentOptionId,
      Title: 'Lemon',
      Names: { Es: '  Limón \u00a0verde ' },
    });
    expect(expectReply<ScentOption>(saved, 200, 'Success').data.names).toEqual({ es: 'Limón verde' });
    const got = await get(`/api/ScentCardOption/GetScentCardOptionById?Id=${lemon.scentOptionId}`);
    expect(expectReply<ScentOption>(got, 200, 'Success').data.names).toEqual({ es: 'Limón verde' });
    const after = await liveKit(t.app, 'DEMO1');
    expect(after.version).toBe(before.version + 1);
    expect(after.cards[0].options.find((o) => o.scentOptionId === lemon.scentOptionId)?.names).toEqual({
      es: 'Limón verde',
    });

    // The same names again change nothing a device shows: no new version. A blank one is none.
    await updateOption({ Id: lemon.scentOptionId, Title: 'Lemon', Names: { es: 'Limón verde' } });
    expect((await liveKit(t.app, 'DEMO1')).version).toBe(after.version);
    const cleared = await updateOption({ Id: lemon.scentOptionId, Title: 'Lemon', Names: { es: '  ' } });
    expect(expectReply<ScentOption>(cleared, 200, 'Success').data.names).toEqual({});
    expect((await liveKit(t.app, 'DEMO1')).version).toBe(after.version + 1);
    await updateOption({ Id: lemon.scentOptionId, Title: 'Lemon', Names: { es: 'Limón' } });
  });

  it('takes a card’s Spanish name in its update body and returns it in the detail and the list', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const card = kit.cards.find((c) => c.sortOrder === 2) as (typeof kit.cards)[number];
    const detail = expectReply<ScentCard>(
      await get(`/api/SentCard/GetScentCardDetailById?Id=${card.id}`),
      200,
      'Success',
    ).data;
    expect(detail.names).toEqual({ es: 'Tarjeta de demostración 2' });
    expect(detail.scentCardOptions.find((o) => o.scentCardOptionName === 'Coffee')?.scentCardOptionNames).toEqual({
      es: 'Café',
    });
    const body = {
      Id: card.id,
      TestKitId: kit.kitId,
      Name: card.name,
      Names: { Es: 'Segunda tarjeta' },
      SortOrder: card.sortOrder,
      ScentCardOptionResultId: card.correctScentOptionId,
      ScentCardOptions: detail.scentCardOptions.map((o) => ({
        ScentCardOptionId: o.scentCardOptionId,
        ScentCardOptionDetailId: o.scentCardOptionDetailId,
        SortOrder: o.sortOrder,
      })),
    };
    expectReply(await post('/api/SentCard/UpdateSentCardDetails', body), 200, 'Success');
    const list = expectReply<{ list: { id: number; names: unknown }[] }>(
      await post('/api/SentCard/GetScentCardByTestKitId', { pageNumber: 1, rowsPerPage: 10, testKitId: kit.kitId }),
      200,
      'Success',
    ).data.list;
    expect(list.find((c) => c.id === card.id)?.names).toEqual({ es: 'Segunda tarjeta' });
    expect((await liveKit(t.app, 'DEMO1')).cards.find((c) => c.id === card.id)?.names).toEqual({
      es: 'Segunda tarjeta',
    });
    const tooLong = await post('/api/SentCard/UpdateSentCardDetails', { ...body, Names: { es: 'x'.repeat(51) } });
    expectReply(tooLong, 400, 'Failure');
  });

  it('names the cards and choices of the server’s report in its language', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveTestResult',
      payload: saveBody(kit, answersFor(kit, 5)),
    });
    const id = expectReply<{ testResultId: string }>(res, 200, 'Success').data.testResultId;
    const record = await resultReportRecord(t.app.db, id);
    if (!record) throw new Error('no record');
    const es = resultReportModel(record, 'https://scentry.example', 'es');
    const en = resultReportModel(record, 'https://scentry.example', 'en');
    expect(es.cards[0]).toMatchObject({ cardName: 'Tarjeta de demostración 1', choiceName: 'Limón' });
    expect(en.cards[0]).toMatchObject({ cardName: 'Demo card 1', choiceName: 'Lemon' });
  });
});
