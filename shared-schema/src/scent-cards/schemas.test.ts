import { describe, expect, it } from 'vitest';
import { parseRequest } from '../common/bind';
import { CATALOGUE_MSG } from './rules';
import { scentCardRequest } from './schemas';

describe('scentCardRequest with its messages', () => {
  const card = (extra: Record<string, unknown> = {}) => ({
    TestKitId: 1,
    Name: 'Card',
    SortOrder: 1,
    ScentCardOptionResultId: 1,
    ScentCardOptions: [1, 2, 3, 4, 5].map((n) => ({ ScentCardOptionDetailId: n, SortOrder: n, localId: `l${n}` })),
    ...extra,
  });

  it('scentCardRequest binds keys ignoring case, drops unknown ones and defaults new ids to 0', () => {
    const r = parseRequest(scentCardRequest, card());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.id).toBe(0);
    expect(r.data.scentCardOptions[0]).toEqual({ scentCardOptionId: 0, scentCardOptionDetailId: 1, sortOrder: 1 });
  });

  it.each([
    [{ Name: '' }, CATALOGUE_MSG.cardNameRequired],
    [{ SortOrder: undefined }, CATALOGUE_MSG.cardSortOrder],
    [{ SortOrder: 6 }, CATALOGUE_MSG.cardSortOrder],
    [{ ScentCardOptionResultId: undefined }, CATALOGUE_MSG.cardCorrectRequired],
    [{ ScentCardOptionResultId: 7 }, CATALOGUE_MSG.correctMustBeOption],
    [{ ScentCardOptions: undefined }, CATALOGUE_MSG.cardFiveOptions],
  ])('scentCardRequest %j → %s', (extra, message) => {
    const r = parseRequest(scentCardRequest, card(extra));
    expect(r.ok ? undefined : r.message).toBe(message);
  });
});
