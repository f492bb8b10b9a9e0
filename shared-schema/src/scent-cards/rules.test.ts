import { describe, expect, it } from 'vitest';
import { CATALOGUE_MSG, cardProblems, isKitPlayable, placeOption } from './rules';

type Opt = { key: string; sortOrder: number; name: string };
const opts = (...names: string[]): Opt[] => names.map((name, i) => ({ key: name, sortOrder: i + 1, name }));
const order = (list: Opt[]) =>
  [...list].sort((a, b) => a.sortOrder - b.sortOrder).map((o) => `${o.sortOrder}:${o.key}`);

describe('placeOption (spec §4: new options take a free order; an edit to a used order swaps)', () => {
  it('adds a new option at a free order (count + 1)', () => {
    const list = opts('a', 'b');
    const r = placeOption(list, { key: 'c', sortOrder: 0, name: 'c' }, 3);
    expect(r).toEqual({ ok: true, options: [...list, { key: 'c', sortOrder: 3, name: 'c' }] });
    // The input is left as it was.
    expect(order(list)).toEqual(['1:a', '2:b']);
  });

  it('adds the first option of an empty card', () => {
    expect(placeOption([], { key: 'a', sortOrder: 0, name: 'a' }, 1)).toEqual({
      ok: true,
      options: [{ key: 'a', sortOrder: 1, name: 'a' }],
    });
  });

  it('adds a new option at a gap left by a removed one', () => {
    const list = opts('a', 'b', 'c').filter((o) => o.key !== 'b');
    const r = placeOption(list, { key: 'd', sortOrder: 0, name: 'd' }, 2);
    expect(r.ok && order(r.options)).toEqual(['1:a', '2:d', '3:c']);
  });

  it.each([1, 2, 3])("refuses to add a new option at a used order (%i) with the spec's message", (n) => {
    const list = opts('a', 'b', 'c');
    expect(placeOption(list, { key: 'x', sortOrder: 0, name: 'x' }, n)).toEqual({
      ok: false,
      message: 'This order number is already set',
    });
    expect(CATALOGUE_MSG.orderTaken).toBe('This order number is already set');
  });

  it('swaps when an existing option is edited to a used order', () => {
    const list = opts('a', 'b', 'c', 'd', 'e');
    const r = placeOption(list, list[0], 4);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(order(r.options)).toEqual(['1:d', '2:b', '3:c', '4:a', '5:e']);
    // Same keys, same count, orders still unique.
    expect(r.options).toHaveLength(5);
    expect(new Set(r.options.map((o) => o.sortOrder)).size).toBe(5);
  });

  it('applies the edited fields along with the new order', () => {
    const list = opts('a', 'b', 'c');
    const r = placeOption(list, { key: 'b', sortOrder: 2, name: 'B renamed' }, 1);
    expect(r.ok && r.options.find((o) => o.key === 'b')).toEqual({ key: 'b', sortOrder: 1, name: 'B renamed' });
    expect(r.ok && r.options.find((o) => o.key === 'a')?.sortOrder).toBe(2);
  });

  it('keeps the order when an edit does not change it, and moves to a free order without a swap', () => {
    const list = opts('a', 'b', 'c');
    const same = placeOption(list, { ...list[1], name: 'bee' }, 2);
    expect(same.ok && order(same.options)).toEqual(['1:a', '2:b', '3:c']);
    const gap = opts('a', 'b');
    const moved = placeOption(gap, gap[0], 3);
    expect(moved.ok && order(moved.options)).toEqual(['2:b', '3:a']);
  });
});

/** A valid card in the shape isKitPlayable takes. */
type KitCard = Parameters<typeof isKitPlayable>[0][number];
const card = (sortOrder: number, base = sortOrder * 10): KitCard => ({
  sortOrder,
  correctScentOptionId: base + 1,
  options: [1, 2, 3, 4, 5].map((n) => ({ scentOptionId: base + n, sortOrder: n })),
});
const fiveCards = (): KitCard[] => [1, 2, 3, 4, 5].map((n) => card(n));

describe('isKitPlayable (DESIGN.md §7)', () => {
  it('is true for 5 cards with sort orders 1–5, each of 5 options with the answer among them', () => {
    expect(isKitPlayable(fiveCards())).toBe(true);
    expect(isKitPlayable(fiveCards().reverse())).toBe(true);
  });

  it('lets different cards share scent options', () => {
    expect(isKitPlayable([1, 2, 3, 4, 5].map((n) => card(n, 0)))).toBe(true);
  });

  it.each<[string, () => KitCard[]]>([
    ['no cards', () => []],
    ['four cards', () => fiveCards().slice(0, 4)],
    ['six cards', () => [...fiveCards(), card(6)]],
    ['two cards at the same order', () => fiveCards().map((c, i) => (i === 4 ? { ...c, sortOrder: 4 } : c))],
    ['a card at order 6 instead of 5', () => fiveCards().map((c, i) => (i === 4 ? { ...c, sortOrder: 6 } : c))],
    [
      'a card with four options',
      () => fiveCards().map((c, i) => (i === 2 ? { ...c, options: c.options.slice(0, 4) } : c)),
    ],
    [
      'a card with six options',
      () =>
        fiveCards().map((c, i) =>
          i === 2 ? { ...c, options: [...c.options, { scentOptionId: 99, sortOrder: 6 }] } : c,
        ),
    ],
    [
      'a card without a correct answer',
      () => fiveCards().map((c, i) => (i === 0 ? { ...c, correctScentOptionId: null } : c)),
    ],
    [
      'a correct answer not among the options',
      () => fiveCards().map((c, i) => (i === 1 ? { ...c, correctScentOptionId: 999 } : c)),
    ],
    [
      'an option twice on a card',
      () =>
        fiveCards().map((c, i) =>
          i === 3
            ? {
                ...c,
                options: c.options.map((o, j) => (j === 4 ? { ...o, scentOptionId: c.options[0].scentOptionId } : o)),
              }
            : c,
        ),
    ],
    [
      'two options of a card at the same order',
      () =>
        fiveCards().map((c, i) => (i === 3 ? { ...c, options: c.options.map((o) => ({ ...o, sortOrder: 1 })) } : c)),
    ],
  ])('is false with %s', (_, make) => {
    expect(isKitPlayable(make())).toBe(false);
  });
});

describe('cardProblems', () => {
  const good = () => ({
    scentCardOptionResultId: 3,
    scentCardOptions: [1, 2, 3, 4, 5].map((n) => ({ scentCardOptionDetailId: n, sortOrder: n })),
  });

  it('finds nothing wrong with a valid card', () => {
    expect(cardProblems(good())).toEqual([]);
  });

  it("gives the spec's message for a reused option", () => {
    const c = good();
    c.scentCardOptions[4].scentCardOptionDetailId = 1;
    expect(cardProblems(c)).toEqual([{ path: 'scentCardOptions', message: 'Option Already set!' }]);
  });

  it("gives the spec's message for a duplicate option order", () => {
    const c = good();
    c.scentCardOptions[4].sortOrder = 2;
    expect(cardProblems(c)).toEqual([{ path: 'scentCardOptions', message: 'This order number is already set' }]);
  });

  it("gives the spec's message when the correct answer is not an option", () => {
    expect(cardProblems({ ...good(), scentCardOptionResultId: 42 })).toEqual([
      { path: 'scentCardOptionResultId', message: 'Scent card must contain one correct Option' },
    ]);
  });

  it('requires exactly five options', () => {
    const four = { ...good(), scentCardOptions: good().scentCardOptions.slice(0, 4) };
    expect(cardProblems(four)).toEqual([{ path: 'scentCardOptions', message: CATALOGUE_MSG.cardFiveOptions }]);
    expect(cardProblems({ scentCardOptionResultId: 1, scentCardOptions: [] })).toEqual([
      { path: 'scentCardOptions', message: CATALOGUE_MSG.cardFiveOptions },
      { path: 'scentCardOptionResultId', message: CATALOGUE_MSG.correctMustBeOption },
    ]);
  });

  it('lists every problem at once, reuse first', () => {
    const c = {
      scentCardOptionResultId: 9,
      scentCardOptions: [
        { scentCardOptionDetailId: 1, sortOrder: 1 },
        { scentCardOptionDetailId: 1, sortOrder: 1 },
      ],
    };
    expect(cardProblems(c).map((p) => p.message)).toEqual([
      CATALOGUE_MSG.optionReused,
      CATALOGUE_MSG.orderTaken,
      CATALOGUE_MSG.cardFiveOptions,
      CATALOGUE_MSG.correctMustBeOption,
    ]);
  });
});
