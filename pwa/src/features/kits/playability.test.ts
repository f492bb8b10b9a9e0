import { describe, expect, it } from 'vitest';
import { missingForPlay } from './playability';

const card = (sortOrder: number, extra: Partial<{ optionCount: number; title: string | null }> = {}) => ({
  name: `Card ${sortOrder}`,
  sortOrder,
  optionCount: 5,
  title: 'Lemon',
  ...extra,
});

describe('missingForPlay', () => {
  it('is empty for five full cards at orders 1 to 5', () => {
    expect(missingForPlay([1, 2, 3, 4, 5].map((o) => card(o)))).toEqual([]);
  });

  it('names missing cards, short option lists and missing correct answers', () => {
    expect(missingForPlay([])).toEqual(['5 more scent cards (it has 0 of 5)']);
    expect(missingForPlay([card(1), card(2, { optionCount: 3 }), card(3, { title: null })])).toEqual([
      '2 more scent cards (it has 3 of 5)',
      'Card 2: 5 options (it has 3)',
      'Card 3: a correct answer',
    ]);
    expect(missingForPlay([1, 2, 3, 4, 4].map((o) => card(o)))).toEqual(['a scent card at sort order 5']);
  });
});
