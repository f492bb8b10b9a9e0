import { describe, expect, it } from 'vitest';
import { answersInOnePlace, correctPosition, shuffleOptions } from './shuffle';

/** Five cards of five options, each card's right answer its first option (a kit Kit Insights flags). */
const KIT = Array.from({ length: 5 }, (_, c) => ({
  id: c + 1,
  name: `Card ${c + 1}`,
  scentCardOptionResultId: 100 + c * 10,
  scentCardOptions: Array.from({ length: 5 }, (_, o) => ({
    scentCardOptionId: 1000 + c * 10 + o,
    scentCardOptionDetailId: 100 + c * 10 + o,
    sortOrder: o + 1,
  })),
}));

/** A repeatable source of numbers in [0, 1). */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

const correctOption = (card: (typeof KIT)[number]) =>
  card.scentCardOptions.find((o) => o.scentCardOptionDetailId === card.scentCardOptionResultId);

describe('shuffling the options of a kit whose right answers all sit in one place', () => {
  it('is the case Kit Insights flags', () => {
    expect(answersInOnePlace(KIT)).toBe(true);
    expect(KIT.map(correctPosition)).toEqual([1, 1, 1, 1, 1]);
  });

  for (const [name, random] of [
    ['a seeded source', seeded(7)],
    ['a source that always says 0', () => 0],
    ['a source that always says 0.999', () => 0.999],
  ] as const) {
    it(`keeps every answer right and moves them apart (${name})`, () => {
      const out = shuffleOptions(KIT, random);
      expect(answersInOnePlace(out)).toBe(false);
      expect(new Set(out.map(correctPosition)).size).toBeGreaterThan(1);
      out.forEach((card, i) => {
        const before = KIT[i];
        // The same card, the same right answer, the same option rows, only their places changed.
        expect(card.id).toBe(before.id);
        expect(card.scentCardOptionResultId).toBe(before.scentCardOptionResultId);
        expect(correctOption(card)?.scentCardOptionId).toBe(correctOption(before)?.scentCardOptionId);
        expect(card.scentCardOptions.map((o) => o.sortOrder)).toEqual([1, 2, 3, 4, 5]);
        const rows = (c: typeof card) =>
          c.scentCardOptions.map((o) => `${o.scentCardOptionId}:${o.scentCardOptionDetailId}`).sort();
        expect(rows(card)).toEqual(rows(before));
      });
    });
  }

  it('gives the same order for the same random source', () => {
    expect(shuffleOptions(KIT, seeded(42))).toEqual(shuffleOptions(KIT, seeded(42)));
    expect(shuffleOptions(KIT, seeded(42))).not.toEqual(shuffleOptions(KIT, seeded(43)));
  });
});
