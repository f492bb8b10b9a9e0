import { describe, expect, it } from 'vitest';
import { chancePercent, guessPassChance } from './guess';

describe('the chance of passing by guessing', () => {
  it('is the binomial tail: 5 cards of 5 options, 4 right → 0.67 %, 3 right → 5.8 %', () => {
    // 5·0.2⁴·0.8 + 0.2⁵ and 10·0.2³·0.8² + that.
    expect(guessPassChance(5, 4, 5)).toBeCloseTo(0.00672, 10);
    expect(guessPassChance(5, 3, 5)).toBeCloseTo(0.05792, 10);
    expect(chancePercent(guessPassChance(5, 4, 5))).toBe('0.67 %');
    expect(chancePercent(guessPassChance(5, 3, 5))).toBe('5.8 %');
  });

  it('follows the threshold, the cards and the options', () => {
    expect(guessPassChance(5, 5, 5)).toBeCloseTo(0.2 ** 5, 12);
    expect(guessPassChance(5, 0, 5)).toBe(1);
    expect(guessPassChance(5, 1, 5)).toBeCloseTo(1 - 0.8 ** 5, 12);
    expect(guessPassChance(4, 4, 5)).toBeCloseTo(0.2 ** 4, 12);
    expect(guessPassChance(5, 4, 2)).toBeCloseTo(6 / 32, 12);
    expect(guessPassChance(3, 4, 5)).toBe(0);
    expect(chancePercent(1)).toBe('100 %');
  });
});
