import { describe, expect, it } from 'vitest';
import { byOrder, type LocalOption, moveTo, nextFreeOrder, withoutOption, withPicked } from './local-options';

const row = (id: number, sortOrder: number): LocalOption => ({
  key: `k${id}`,
  scentCardOptionId: 0,
  scentCardOptionDetailId: id,
  sortOrder,
});
const ids = (list: LocalOption[]) => byOrder(list).map((o) => o.scentCardOptionDetailId);
const orders = (list: LocalOption[]) => byOrder(list).map((o) => o.sortOrder);

describe('picking from the grid', () => {
  it('adds at the next free sort order, filling a gap first', () => {
    const one = withPicked([], 7);
    expect(one?.map((o) => [o.scentCardOptionDetailId, o.sortOrder])).toEqual([[7, 1]]);
    const gap = [row(1, 1), row(2, 3)];
    expect(nextFreeOrder(gap)).toBe(2);
    const filled = withPicked(gap, 9);
    expect(filled?.find((o) => o.scentCardOptionDetailId === 9)?.sortOrder).toBe(2);
  });

  it('refuses an option already on the card and a sixth one', () => {
    const five = [1, 2, 3, 4, 5].map((id) => row(id, id));
    expect(withPicked([row(4, 1)], 4)).toBeNull();
    expect(nextFreeOrder(five)).toBeNull();
    expect(withPicked(five, 6)).toBeNull();
  });

  it('removing closes ranks', () => {
    const list = [row(1, 1), row(2, 2), row(3, 3)];
    const after = withoutOption(list, list[0]);
    expect(ids(after)).toEqual([2, 3]);
    expect(orders(after)).toEqual([1, 2]);
  });
});

describe('moving an option', () => {
  const list = [row(10, 1), row(20, 2), row(30, 3), row(40, 4), row(50, 5)];

  it('puts it at the new position and renumbers 1..n in the visual order', () => {
    const down = moveTo(list, 'k10', 2);
    expect(ids(down)).toEqual([20, 30, 10, 40, 50]);
    expect(orders(down)).toEqual([1, 2, 3, 4, 5]);
    const up = moveTo(list, 'k50', 0);
    expect(ids(up)).toEqual([50, 10, 20, 30, 40]);
  });

  it('clamps to the ends and ignores an unknown key', () => {
    expect(ids(moveTo(list, 'k10', -1))).toEqual([10, 20, 30, 40, 50]);
    expect(ids(moveTo(list, 'k10', 99))).toEqual([20, 30, 40, 50, 10]);
    expect(moveTo(list, 'nope', 1)).toBe(list);
  });
});
