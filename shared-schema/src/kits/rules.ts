/**
 * The shape of a play kit and its code: the smallest piece of the vocabulary, read on the player's
 * way to the first card (so kept apart from the catalogue's messages and rules).
 */
export const CARDS_PER_KIT = 5;
export const OPTIONS_PER_CARD = 5;

/** Kit codes (= kit names) are letters and digits (DESIGN.md §7). */
export const KIT_NAME_RE = /^[A-Za-z0-9]+$/;

/**
 * A kit's code as compared and keyed everywhere (DESIGN.md §7): its name, ignoring case and outer
 * spaces. It is the id of a kit document, the key of a pull checkpoint and of the device's copy.
 */
export const kitCode = (name: string): string => name.trim().toLowerCase();

/**
 * Whether every card's correct option sits at one position (its sort order among the card's
 * options), given each card's correct position: a player could pass by always picking that place.
 * Kit Insights flags it (`answer-position`) and the kit editor warns and offers to shuffle. One card
 * (or none) has no position to share, and a card without a correct option (null) breaks the sharing.
 */
export function sameAnswerPosition(positions: readonly (number | null)[]): boolean {
  if (positions.length < 2 || positions.some((p) => p === null)) return false;
  return new Set(positions).size === 1;
}
