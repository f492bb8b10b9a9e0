import { sameAnswerPosition } from '@scentry/shared-schema';

/** An option row of a card as the card's detail gives it (the option, its row, its place). */
export interface PlacedOption {
  scentCardOptionId: number;
  /** The scent option shown: what a card's correct answer names. */
  scentCardOptionDetailId: number;
  sortOrder: number;
}

/** A card as the shuffle reads it: its correct answer (a scent option id) and its options. */
export interface ShuffleCard<O extends PlacedOption = PlacedOption> {
  scentCardOptionResultId: number | null;
  scentCardOptions: O[];
}

/** The correct option's position on a card (its sort order), null without a correct option among them. */
export const correctPosition = (card: ShuffleCard): number | null =>
  card.scentCardOptions.find((o) => o.scentCardOptionDetailId === card.scentCardOptionResultId)?.sortOrder ?? null;

/** Whether the kit's right answers all sit at one position (Kit Insights' rule, `sameAnswerPosition`). */
export const answersInOnePlace = (cards: readonly ShuffleCard[]): boolean =>
  sameAnswerPosition(cards.map(correctPosition));

/**
 * Each card's options in a new order, so the right answers no longer all sit at one position.
 * Only the places change: every card keeps its options (the same rows) and its correct answer, and
 * takes the places it had (1 to 5). Options come back in their new order. `random` (0 ≤ x < 1) is
 * injected for tests; the result then depends on it alone.
 */
export function shuffleOptions<O extends PlacedOption, C extends ShuffleCard<O>>(
  cards: readonly C[],
  random: () => number = Math.random,
): C[] {
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  const out = cards.map((card) => {
    const places = card.scentCardOptions.map((o) => o.sortOrder).sort((a, b) => a - b);
    // Fisher–Yates over the places.
    for (let i = places.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [places[i], places[j]] = [places[j], places[i]];
    }
    return { ...card, scentCardOptions: card.scentCardOptions.map((o, i) => ({ ...o, sortOrder: places[i] })) };
  });
  // Still all in one place (the random draw can land there): the second card's right answer swaps
  // places with its neighbour's, which is another place.
  if (answersInOnePlace(out) && out[1].scentCardOptions.length > 1) {
    const options = out[1].scentCardOptions;
    const right = options.findIndex((o) => o.scentCardOptionDetailId === out[1].scentCardOptionResultId);
    const other = right === 0 ? 1 : right - 1;
    const places = options.map((o) => o.sortOrder);
    [places[right], places[other]] = [places[other], places[right]];
    out[1] = { ...out[1], scentCardOptions: options.map((o, i) => ({ ...o, sortOrder: places[i] })) };
  }
  return out.map((card) => ({
    ...card,
    scentCardOptions: [...card.scentCardOptions].sort((a, b) => a.sortOrder - b.sortOrder),
  }));
}
