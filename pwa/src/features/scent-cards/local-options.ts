/** An option row as the card editor holds it until Save; `key` is a local id (server ids may be 0). */
export interface LocalOption {
  key: string;
  scentCardOptionId: number;
  scentCardOptionDetailId: number;
  sortOrder: number;
}

let localSeq = 0;
export const newKey = () => `local-${++localSeq}`;

/** Removes an option; the others close ranks so orders stay 1..n. */
export function withoutOption(list: LocalOption[], o: LocalOption): LocalOption[] {
  return list
    .filter((x) => x.key !== o.key)
    .map((x) => (x.sortOrder > o.sortOrder ? { ...x, sortOrder: x.sortOrder - 1 } : x));
}
