import { OPTIONS_PER_CARD } from '@scentry/shared-schema';

/** An option row as the card editor holds it until Save; `key` is a local id (server ids may be 0). */
export interface LocalOption {
  key: string;
  scentCardOptionId: number;
  scentCardOptionDetailId: number;
  sortOrder: number;
}

let localSeq = 0;
export const newKey = () => `local-${++localSeq}`;

/** The options in the order the card shows them (ascending sort order). */
export const byOrder = (list: LocalOption[]) => [...list].sort((a, b) => a.sortOrder - b.sortOrder);

/** Removes an option; the others close ranks so orders stay 1..n. */
export function withoutOption(list: LocalOption[], o: LocalOption): LocalOption[] {
  return list
    .filter((x) => x.key !== o.key)
    .map((x) => (x.sortOrder > o.sortOrder ? { ...x, sortOrder: x.sortOrder - 1 } : x));
}

/** The smallest sort order 1..OPTIONS_PER_CARD no option holds; null when the card is full. */
export function nextFreeOrder(list: LocalOption[]): number | null {
  const used = new Set(list.map((o) => o.sortOrder));
  for (let i = 1; i <= OPTIONS_PER_CARD; i++) if (!used.has(i)) return i;
  return null;
}

/**
 * Picks a scent option from the grid: a new row at the next free sort order. Unchanged (`null`)
 * when the option is already on the card or the card is full: the caller says why.
 */
export function withPicked(list: LocalOption[], scentOptionId: number): LocalOption[] | null {
  if (list.some((o) => o.scentCardOptionDetailId === scentOptionId)) return null;
  const order = nextFreeOrder(list);
  if (order === null || list.length >= OPTIONS_PER_CARD) return null;
  return [...list, { key: newKey(), scentCardOptionId: 0, scentCardOptionDetailId: scentOptionId, sortOrder: order }];
}

/**
 * Moves an option to a position (0-based) in the shown order, as dragging or the arrow keys do;
 * the sort orders become 1..n in the new visual order.
 */
export function moveTo(list: LocalOption[], key: string, index: number): LocalOption[] {
  const sorted = byOrder(list);
  const from = sorted.findIndex((o) => o.key === key);
  if (from < 0) return list;
  const to = Math.max(0, Math.min(sorted.length - 1, index));
  const [moved] = sorted.splice(from, 1);
  sorted.splice(to, 0, moved);
  return sorted.map((o, i) => (o.sortOrder === i + 1 ? o : { ...o, sortOrder: i + 1 }));
}
