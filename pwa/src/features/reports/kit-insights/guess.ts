/*
 * The chance of passing a kit by guessing every card (issue 24): each card shows `options`
 * options, one right, so a guess is right with probability 1/options; passing needs at least
 * `threshold` right of `cards`. The binomial tail, computed (not a table), so another threshold,
 * card count or option count gives its own figure.
 */

/** n choose k, exactly for the small numbers of a kit. */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** P(at least `threshold` right of `cards` guesses among `options` options each), 0–1. */
export function guessPassChance(cards: number, threshold: number, options: number): number {
  if (cards <= 0 || options <= 0) return 0;
  if (threshold <= 0) return 1;
  const p = 1 / options;
  let chance = 0;
  for (let k = Math.ceil(threshold); k <= cards; k++) chance += choose(cards, k) * p ** k * (1 - p) ** (cards - k);
  return Math.min(1, chance);
}

const twoDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

/** A chance as a percentage of two significant digits: 0.00672 → "0.67 %", 0.0579 → "5.8 %". */
export const chancePercent = (chance: number): string => `${twoDigits.format(chance * 100)} %`;
