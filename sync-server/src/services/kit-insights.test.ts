import { describe, expect, it } from 'vitest';
import { cardFlags, kitFlags } from './kit-insights';

const m = (plays: number, right: number) => ({ plays, right });

describe('kit insight flags (API.md exact rules, at their edges)', () => {
  it('drift needs 30 plays in the month and 30 in the earlier months taken together', () => {
    // 29 earlier plays: not judged, however far the month falls.
    expect(cardFlags(m(0, 0), [m(29, 29), m(30, 0)])).toEqual([]);
    // Two earlier months of 15 together make 30: judged.
    expect(cardFlags(m(0, 0), [m(15, 15), m(15, 15), m(30, 0)])).toEqual(['drift']);
    // A month of 29 plays is not judged.
    expect(cardFlags(m(0, 0), [m(40, 40), m(29, 0)])).toEqual([]);
    // At least 0.15 below: 0.15 is, 0.14 is not.
    expect(cardFlags(m(0, 0), [m(100, 90), m(100, 75)])).toEqual(['drift']);
    expect(cardFlags(m(0, 0), [m(100, 90), m(100, 76)])).toEqual([]);
    // Compared with every earlier month together, not only the one before.
    expect(cardFlags(m(0, 0), [m(100, 100), m(100, 90), m(100, 80)])).toEqual(['drift']);
    expect(cardFlags(m(0, 0), [m(100, 100), m(100, 90)])).toEqual([]);
  });

  it('low identification below 0.75 among at least 30 passing plays', () => {
    expect(cardFlags(m(30, 22), [])).toEqual(['low-identification']);
    expect(cardFlags(m(40, 30), [])).toEqual([]);
    expect(cardFlags(m(29, 0), [])).toEqual([]);
  });

  it('answer position when every current card shares one position', () => {
    expect(kitFlags([1, 1, 1, 1, 1])).toEqual(['answer-position']);
    expect(kitFlags([1, 1, 1, 1, 2])).toEqual([]);
    expect(kitFlags([3, 3, null])).toEqual([]);
    expect(kitFlags([2])).toEqual([]);
    expect(kitFlags([])).toEqual([]);
  });
});
