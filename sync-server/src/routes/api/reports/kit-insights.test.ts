import { randomUUID } from 'node:crypto';
import { type ApiData, CATALOGUE_MSG, MSG, RESULTS_MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeKits, createKit } from '../../../repositories/kits';
import { insertResult, insertResultDetails } from '../../../repositories/results';
import { hideCard, insertCard, setCardOptions } from '../../../repositories/scent-cards';
import { insertOption } from '../../../repositories/scent-options';
import { bearer, createOrganization, createUser, signIn, useFixtures, useTestApp } from '../../../test/helpers';
import { DEMO_ENV, expectEnvelope, liveKit } from '../../../test/play';

type Insights = ApiData<'getKitInsights'>;

/** One answer of a seeded play: which card (1–5), which option (1–5, 1 is right), how strong. */
interface Pick {
  card: number;
  option: number;
  intensity?: number;
}

/**
 * GetKitInsights on a seeded pattern (API.md "Reports: trend and kit insights (exact rules)"). Kit
 * INSIGHT has five cards of five own options each, the right one first (sort order 1) on every
 * card; card 5 is then removed from the current version. Each seeded result answers one card, so
 * a card's figures are exactly what was seeded for it:
 * - card 1: Jan–Mar 40 plays a month at 0.9, Apr 40 plays at 0.75 (0.15 below: drift); its wrong
 *   answers mostly option 2 (the confused distractor); right answers at intensity 4, wrong at 2.
 * - card 2: Jan, Feb 50 plays at 0.9, Mar 50 at 0.76 (0.14 below: no drift), Apr 29 plays all
 *   wrong (too few to judge: no drift), those 29 failing.
 * - card 3: 30 passing plays at 22/30 (< 0.75: low identification) and 10 failing, all wrong.
 * - card 4: 40 passing plays at exactly 0.75 (not below: no flag).
 * - card 5 (removed): 29 passing plays at 10/29 (too few passing plays: no flag).
 * All in the fixture clinic; ten more plays of card 1 (all wrong) in another clinic.
 */
describe('GetKitInsights', () => {
  const t = useTestApp({ env: DEMO_ENV });
  const f = useFixtures(t);
  let admin: string;
  let clientAdmin: string;
  let otherClientAdmin: string;
  let otherOrg: number;
  let kitId = 0;
  const cards: number[] = [];
  /** options[card - 1][option - 1]: the scent option ids. */
  const options: number[][] = [];
  /** The card options' rows of card 1 (to move its right answer later). */

  async function play(
    playedAt: string,
    status: 'Pass' | 'Fail',
    picks: Pick[],
    { organizationId = f.organizationId, testKitId = kitId, kitVersion = 1 } = {},
  ): Promise<void> {
    const id = randomUUID();
    await insertResult(t.app.db, {
      id,
      testKitId,
      kitVersion,
      organizationId,
      latitude: null,
      longitude: null,
      country: null,
      state: null,
      city: null,
      firstName: 'Pat',
      lastName: 'Player',
      playedAt,
      resultStatus: status,
      rightAnswerCount: picks.filter((p) => p.option === 1).length,
      playHash: randomUUID(),
      playedAtAdjusted: 0,
      writeKeyHash: null,
    });
    await insertResultDetails(
      t.app.db,
      id,
      picks.map((p) => ({
        scentCardId: cards[p.card - 1],
        scentCardName: `INSIGHT card ${p.card}`,
        cardSortOrder: p.card,
        scentOptionId: options[p.card - 1][p.option - 1],
        answerName: `INSIGHT ${p.card}.${p.option}`,
        answerStoredPath: null,
        correctScentOptionId: options[p.card - 1][0],
        smellIntensity: p.intensity ?? 3,
        isCorrect: p.option === 1,
      })),
    );
  }

  /** `n` plays of one card on the 15th of a 2024 month, each a result of its own. */
  async function plays(
    n: number,
    month: number,
    status: 'Pass' | 'Fail',
    pick: Pick,
    extra: Parameters<typeof play>[3] = {},
  ) {
    const at = `2024-${String(month).padStart(2, '0')}-15T18:00:00.000Z`;
    for (let i = 0; i < n; i++) await play(at, status, [pick], { kitVersion: 1 + (i % 2), ...extra });
  }

  const post = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/Report/GetKitInsights', headers: bearer(token), payload });
  const body = (extra: object = {}) => ({ testKitId: kitId, fromDate: '01/01/2024', toDate: '06/30/2024', ...extra });
  async function insights(extra: object = {}, token = admin): Promise<Insights> {
    return expectEnvelope<Insights>(await post(body(extra), token), 200, 'Success').data;
  }
  const card = (data: Insights, n: number) => {
    const found = data.cards.find((c) => c.scentCardId === cards[n - 1]);
    if (!found) throw new Error(`card ${n} not listed`);
    return found;
  };

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    clientAdmin = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    otherOrg = await createOrganization(t.app, { name: 'Other Clinic' });
    const other = await createUser(t.app, { roleName: 'Client Admin', organizationId: otherOrg });
    otherClientAdmin = await signIn(t.app, other.email, other.password);

    await changeKits(t.app.db, async (change) => {
      kitId = await createKit(change, { name: 'INSIGHT', passThreshold: 4 }, 0);
      for (let c = 1; c <= 5; c++) {
        const ids: number[] = [];
        for (let o = 1; o <= 5; o++) {
          ids.push(
            await insertOption(change.db, {
              title: `INSIGHT ${c}.${o}`,
              storedPath: `uploads/insight-${c}-${o}.png`,
              originalFileName: null,
            }),
          );
        }
        options.push(ids);
        const cardId = await insertCard(change, kitId, {
          name: `INSIGHT card ${c}`,
          sortOrder: c,
          correctScentOptionId: ids[0],
        });
        cards.push(cardId);
        await setCardOptions(
          change,
          kitId,
          cardId,
          ids.map((id, j) => ({ scentCardOptionId: 0, scentCardOptionDetailId: id, sortOrder: j + 1 })),
        );
      }
    });

    // Card 1: 0.9 for three months, then 0.75.
    for (const month of [1, 2, 3]) {
      await plays(36, month, 'Pass', { card: 1, option: 1, intensity: 4 });
      await plays(1, month, 'Pass', { card: 1, option: 2, intensity: 2 });
      await plays(2, month, 'Fail', { card: 1, option: 2, intensity: 2 });
      await plays(1, month, 'Fail', { card: 1, option: 3, intensity: 2 });
    }
    await plays(30, 4, 'Pass', { card: 1, option: 1, intensity: 4 });
    await plays(1, 4, 'Pass', { card: 1, option: 2, intensity: 2 });
    await plays(7, 4, 'Fail', { card: 1, option: 2, intensity: 2 });
    await plays(2, 4, 'Fail', { card: 1, option: 3, intensity: 2 });
    // Card 2: 0.9, 0.9, then 0.76 (0.14 below), then 29 plays all wrong.
    for (const month of [1, 2]) {
      await plays(45, month, 'Pass', { card: 2, option: 1 });
      await plays(5, month, 'Pass', { card: 2, option: 2 });
    }
    await plays(38, 3, 'Pass', { card: 2, option: 1 });
    await plays(12, 3, 'Pass', { card: 2, option: 2 });
    await plays(29, 4, 'Fail', { card: 2, option: 2 });
    // Card 3: 22 of 30 passers right; 10 failing, all wrong.
    await plays(22, 2, 'Pass', { card: 3, option: 1 });
    await plays(8, 2, 'Pass', { card: 3, option: 5 });
    await plays(10, 2, 'Fail', { card: 3, option: 4 });
    // Card 4: 30 of 40 passers right.
    await plays(30, 3, 'Pass', { card: 4, option: 1 });
    await plays(10, 3, 'Pass', { card: 4, option: 3 });
    // Card 5: 10 of 29 passers right; then removed from the kit.
    await plays(10, 1, 'Pass', { card: 5, option: 1, intensity: 5 });
    await plays(19, 1, 'Pass', { card: 5, option: 2, intensity: 1 });
    await changeKits(t.app.db, (change) => hideCard(change, kitId, cards[4]));

    // Not counted: another clinic's plays (unless asked), a play before the range (12/31/2023 in
    // Los Angeles), another kit's play.
    await plays(10, 1, 'Pass', { card: 1, option: 4 }, { organizationId: otherOrg });
    await play('2024-01-01T07:59:59.999Z', 'Pass', [{ card: 1, option: 1 }]);
    const demo = await liveKit(t.app, 'DEMO1');
    await play('2024-02-01T18:00:00.000Z', 'Pass', [{ card: 1, option: 1 }], { testKitId: demo.kitId });
  });

  describe('the exact rules', () => {
    it('counts plays and the pass rate of the kit in range and scope', async () => {
      const data = await insights({ organizationId: f.organizationId });
      expect(data.kit).toEqual({ id: kitId, name: 'INSIGHT', passThreshold: 4 });
      // 160 + 179 + 40 + 40 + 29 results, of which 142 + 150 + 30 + 40 + 29 pass.
      expect(data.plays).toBe(448);
      expect(data.passRate).toBeCloseTo(391 / 448, 12);
    });

    it('lists the current cards and the removed card with plays, by sort order', async () => {
      const data = await insights({ organizationId: f.organizationId });
      expect(data.cards.map((c) => [c.scentCardId, c.name, c.sortOrder])).toEqual(
        [1, 2, 3, 4, 5].map((n) => [cards[n - 1], `INSIGHT card ${n}`, n]),
      );
      // The removed card: its figures, no position in the current version.
      const removed = card(data, 5);
      expect(removed.correctPosition).toBeNull();
      expect(removed.plays).toBe(29);
      expect(removed.correctRate).toBeCloseTo(10 / 29, 12);
      expect(removed.meanIntensity).toBeCloseTo((10 * 5 + 19) / 29, 12);
      expect(removed.flags).toEqual([]); // 29 passing plays: too few to judge
      for (const n of [1, 2, 3, 4]) expect(card(data, n).correctPosition).toBe(1);
    });

    it('gives a card its rates, mean intensity, confusion and months', async () => {
      const c1 = card(await insights({ organizationId: f.organizationId }), 1);
      expect(c1.plays).toBe(160);
      expect(c1.correctRate).toBeCloseTo(138 / 160, 12);
      expect(c1.correctRateAmongPassers).toBeCloseTo(138 / 142, 12);
      expect(c1.meanIntensity).toBeCloseTo((138 * 4 + 22 * 2) / 160, 12);
      // Every option chosen at least once, most chosen first; the distractor confused most second.
      expect(c1.choices).toEqual([
        { scentOptionId: options[0][0], name: 'INSIGHT 1.1', count: 138, correct: true },
        { scentOptionId: options[0][1], name: 'INSIGHT 1.2', count: 17, correct: false },
        { scentOptionId: options[0][2], name: 'INSIGHT 1.3', count: 5, correct: false },
      ]);
      // Every calendar month of the range, zero-filled.
      expect(c1.months).toEqual([
        { year: 2024, month: 1, plays: 40, correctRate: 0.9 },
        { year: 2024, month: 2, plays: 40, correctRate: 0.9 },
        { year: 2024, month: 3, plays: 40, correctRate: 0.9 },
        { year: 2024, month: 4, plays: 40, correctRate: 0.75 },
        { year: 2024, month: 5, plays: 0, correctRate: null },
        { year: 2024, month: 6, plays: 0, correctRate: null },
      ]);
    });

    it('flags drift at 0.15 below the earlier months, not at 0.14 nor on a month under 30 plays', async () => {
      const data = await insights({ organizationId: f.organizationId });
      expect(card(data, 1).flags).toEqual(['drift']);
      const c2 = card(data, 2);
      expect(c2.months.map((m) => m.plays)).toEqual([50, 50, 50, 29, 0, 0]);
      expect(c2.months[2].correctRate).toBeCloseTo(0.76, 12);
      expect(c2.months[3].correctRate).toBe(0);
      expect(c2.flags).toEqual([]);
      // The rate over earlier months is theirs taken together: the 29-play month counts there.
      expect(c2.correctRateAmongPassers).toBeCloseTo(128 / 150, 12);
    });

    it('flags low identification below 0.75 among at least 30 passing plays, not at 0.75', async () => {
      const data = await insights({ organizationId: f.organizationId });
      const c3 = card(data, 3);
      expect(c3.correctRate).toBeCloseTo(22 / 40, 12);
      expect(c3.correctRateAmongPassers).toBeCloseTo(22 / 30, 12);
      expect(c3.flags).toEqual(['low-identification']);
      expect(c3.choices.map((c) => [c.scentOptionId, c.count])).toEqual([
        [options[2][0], 22],
        [options[2][3], 10],
        [options[2][4], 8],
      ]);
      const c4 = card(data, 4);
      expect(c4.correctRateAmongPassers).toBe(0.75);
      expect(c4.flags).toEqual([]);
    });

    it('flags the kit when every current card has its right answer at one position, and not when one differs', async () => {
      expect((await insights()).flags).toEqual(['answer-position']);
      // Card 1's right answer moves to position 2: the four current cards no longer share one.
      const rows = await t.app.db
        .selectFrom('scentCardOptions')
        .select(['id', 'scentOptionId', 'sortOrder'])
        .where('scentCardId', '=', cards[0])
        .where('deletedAt', 'is', null)
        .orderBy('sortOrder')
        .execute();
      const swap = (order: number) => (order === 1 ? 2 : order === 2 ? 1 : order);
      await changeKits(t.app.db, (change) =>
        setCardOptions(
          change,
          kitId,
          cards[0],
          rows.map((r) => ({
            scentCardOptionId: r.id,
            scentCardOptionDetailId: r.scentOptionId,
            sortOrder: swap(r.sortOrder),
          })),
        ),
      );
      try {
        const data = await insights();
        expect(data.flags).toEqual([]);
        expect(card(data, 1).correctPosition).toBe(2);
      } finally {
        await changeKits(t.app.db, (change) =>
          setCardOptions(
            change,
            kitId,
            cards[0],
            rows.map((r) => ({
              scentCardOptionId: r.id,
              scentCardOptionDetailId: r.scentOptionId,
              sortOrder: r.sortOrder,
            })),
          ),
        );
      }
      // The demo kit's right answers sit at different positions.
      const demo = await liveKit(t.app, 'DEMO1');
      expect((await insights({ testKitId: demo.kitId })).flags).toEqual([]);
    });

    it('counts whole days of America/Los_Angeles', async () => {
      // 12/31/2023 in Los Angeles holds the one play at 2024-01-01T07:59:59.999Z.
      const data = await insights({ fromDate: '12/31/2023', toDate: '12/31/2023', organizationId: f.organizationId });
      expect(data.plays).toBe(1);
      expect(card(data, 1).months).toEqual([{ year: 2023, month: 12, plays: 1, correctRate: 1 }]);
    });

    it('answers a range without plays with zeros and nulls, the current cards still listed', async () => {
      const data = await insights({ fromDate: '01/01/2023', toDate: '02/28/2023' });
      expect(data.plays).toBe(0);
      expect(data.passRate).toBeNull();
      expect(data.cards.map((c) => c.scentCardId)).toEqual(cards.slice(0, 4));
      for (const c of data.cards) {
        expect(c).toMatchObject({
          plays: 0,
          correctRate: null,
          correctRateAmongPassers: null,
          meanIntensity: null,
          choices: [],
          flags: [],
        });
        expect(c.months).toEqual([
          { year: 2023, month: 1, plays: 0, correctRate: null },
          { year: 2023, month: 2, plays: 0, correctRate: null },
        ]);
      }
    });
  });

  describe('scope', () => {
    it('an Admin sees every organization, or the one named', async () => {
      expect(card(await insights(), 1).plays).toBe(170);
      expect((await insights()).plays).toBe(458);
      expect(card(await insights({ organizationId: null }), 1).plays).toBe(170);
      expect(card(await insights({ organizationId: otherOrg }), 1)).toMatchObject({ plays: 10, correctRate: 0 });
      expect(card(await insights({ organizationId: f.organizationId }), 1).plays).toBe(160);
    });

    it('a Client Admin sees only their organization, whatever they ask', async () => {
      for (const organizationId of [undefined, null, f.organizationId, otherOrg]) {
        const data = await insights({ organizationId }, clientAdmin);
        expect(data.plays).toBe(448);
        expect(card(data, 1).plays).toBe(160);
      }
      const other = await insights({ organizationId: f.organizationId }, otherClientAdmin);
      expect(other.plays).toBe(10);
      expect(card(other, 1).choices).toEqual([
        { scentOptionId: options[0][3], name: 'INSIGHT 1.4', count: 10, correct: false },
      ]);
      // Card 1's drift is not there: the other clinic's month is one month.
      expect(card(other, 1).flags).toEqual([]);
    });

    it('a Client Admin without an organization sees nothing; a User is refused; no token, 401', async () => {
      const lone = await createUser(t.app, { roleName: 'Client Admin' });
      const data = await insights({}, await signIn(t.app, lone.email, lone.password));
      expect(data.plays).toBe(0);
      expect(data.cards.every((c) => c.plays === 0)).toBe(true);
      const user = await signIn(t.app, f.user.email, f.user.password);
      expect((await post(body(), user)).statusCode).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetKitInsights', payload: body() });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('bad input', () => {
    it('an unknown kit is 404, as the kit calls answer', async () => {
      expectEnvelope(await post(body({ testKitId: 987654 })), 404, 'Failure', CATALOGUE_MSG.kitNotFound);
    });

    it('a kit id that is not a positive whole number is 400', async () => {
      for (const testKitId of [undefined, null, 0, -1, 1.5, '1', 'DEMO1']) {
        expectEnvelope(await post(body({ testKitId })), 400, 'Failure', CATALOGUE_MSG.kitNotFound);
      }
    });

    it('dates as the reports take them, with their messages', async () => {
      for (const extra of [{ fromDate: undefined }, { toDate: '2024-06-30' }, { fromDate: '' }]) {
        expectEnvelope(await post(body(extra)), 400, 'Failure');
      }
      for (const extra of [{ fromDate: '02/30/2024' }, { toDate: '02/29/2023' }, { fromDate: '01/01/0050' }]) {
        expectEnvelope(await post(body(extra)), 400, 'Failure', MSG.invalidDate);
      }
      expectEnvelope(
        await post(body({ fromDate: '03/06/2024', toDate: '03/05/2024' })),
        400,
        'Failure',
        RESULTS_MSG.toBeforeFrom,
      );
      const next = new Date(Date.now() + 3 * 86_400_000);
      const future = `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCDate()).padStart(2, '0')}/${next.getUTCFullYear()}`;
      expectEnvelope(await post(body({ fromDate: future, toDate: future })), 400, 'Failure', RESULTS_MSG.fromInFuture);
    });

    it('an organization that is not a positive whole number is 400', async () => {
      for (const organizationId of [0, -3, 'x', 2.5]) {
        expectEnvelope(await post(body({ organizationId })), 400, 'Failure', MSG.invalidRequest);
      }
    });

    it('a range of centuries lists only the months that have plays', async () => {
      const data = await insights({ fromDate: '01/01/1900', toDate: '06/30/2024', organizationId: f.organizationId });
      expect(data.plays).toBe(449);
      expect(card(data, 1).months.map((m) => `${m.year}-${m.month}`)).toEqual([
        '2023-12',
        '2024-1',
        '2024-2',
        '2024-3',
        '2024-4',
      ]);
    });
  });
});
