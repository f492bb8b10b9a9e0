import { CARDS_PER_KIT, OPTIONS_PER_CARD, type ScentCardListRow } from '@scentry/shared-schema';

/**
 * What a kit still lacks before it can be played (and so made active), in words for the editor:
 * its five cards with sort orders 1 to 5, five options each, and a correct answer on each.
 * Empty when nothing is missing. (The server decides; this only explains.)
 */
export function missingForPlay(
  cards: Pick<ScentCardListRow, 'name' | 'sortOrder' | 'optionCount' | 'title'>[],
): string[] {
  const missing: string[] = [];
  if (cards.length < CARDS_PER_KIT) {
    const n = CARDS_PER_KIT - cards.length;
    missing.push(`${n} more scent card${n === 1 ? '' : 's'} (it has ${cards.length} of ${CARDS_PER_KIT})`);
  }
  const orders = new Set(cards.map((c) => c.sortOrder));
  const absent = Array.from({ length: CARDS_PER_KIT }, (_, i) => i + 1).filter((o) => !orders.has(o));
  if (cards.length >= CARDS_PER_KIT && absent.length) missing.push(`a scent card at sort order ${absent.join(', ')}`);
  for (const c of [...cards].sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (c.optionCount !== OPTIONS_PER_CARD)
      missing.push(`${c.name}: ${OPTIONS_PER_CARD} options (it has ${c.optionCount})`);
    if (!c.title) missing.push(`${c.name}: a correct answer`);
  }
  return missing;
}
