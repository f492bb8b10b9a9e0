/**
 * The scent cards' rules, and the catalogue's messages and name limits (kits, scent cards and scent
 * options share one table, as their screens do), without zod.
 */
import { CARDS_PER_KIT, OPTIONS_PER_CARD } from '../kits/rules';

/** "under 25 characters" (spec §5). */
export const SCENT_OPTION_NAME_MAX = 24;
export const KIT_NAME_MAX = 40;
export const CARD_NAME_MAX = 50;

/** PNG only, under 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const CATALOGUE_MSG = {
  // spec §8 (exact)
  orderTaken: 'This order number is already set',
  optionReused: 'Option Already set!',
  correctMustBeOption: 'Scent card must contain one correct Option',
  // ours (spec silent)
  optionNameRequired: 'Please enter name',
  optionNameTooLong: 'Scent option name must be under 25 characters',
  imageRequired: 'Please upload a scent card image',
  imageNotPng: 'Only PNG images are allowed',
  imageTooLarge: 'Image must be smaller than 5 MB',
  optionNotFound: 'Scent option not found',
  optionInUse: 'This scent option is used by a scent card and cannot be deleted',
  kitNameRequired: 'Please enter play kit name',
  kitNameInvalid: 'Only letters and digits are allowed',
  kitNameTooLong: `Play kit name allowed upto ${KIT_NAME_MAX} characters`,
  kitNameTaken: 'A play kit with this name already exists',
  kitThreshold: 'Pass threshold must be a whole number from 1 to 5',
  kitNotFound: 'Play kit not found',
  kitNotPlayable:
    'A play kit can be made active only when it has 5 scent cards (sort orders 1 to 5), each with 5 options and a correct answer',
  kitDeactivated: 'This play kit has results, so it was made inactive instead of deleted',
  cardNameRequired: 'Please enter scent card name',
  cardNameTooLong: `Scent card name allowed upto ${CARD_NAME_MAX} characters`,
  cardSortOrder: 'Please select a sort order',
  cardOrderTaken: 'Another scent card of this play kit already has this sort order',
  // spec §5: a card without a correct answer is told 'Scent card must contain one correct Option'.
  cardCorrectRequired: 'Scent card must contain one correct Option',
  cardFiveOptions: 'A scent card must have exactly 5 options',
  cardNotFound: 'Scent card not found',
  cardKitFull: 'A play kit holds at most 5 scent cards',
  cardDeleteActive: 'Make the play kit inactive before deleting its scent cards',
  kitUnavailable: 'Invalid Secret / QR code scanned, Please try again!',
  optionRequired: 'Please select an option',
  kitSaved: 'Play kit saved successfully',
  kitUpdated: 'Play kit updated successfully',
  kitDeleted: 'Play kit deleted successfully',
  kitCreateHasId: 'SaveTestKit creates a kit: use UpdateTestKit with an Id',
  kitUpdateNeedsId: 'UpdateTestKit needs the kit Id',
  cardSaved: 'Scent card saved successfully',
  cardUpdated: 'Scent card updated successfully',
  cardDeleted: 'Scent card deleted successfully',
  cardCreateHasId: 'id: use UpdateSentCardDetails to change a card',
  cardUpdateNeedsId: 'id: required to update',
  optionSaved: 'Scent option saved successfully',
  optionUpdated: 'Scent option updated successfully',
  optionDeleted: 'Scent option deleted successfully',
  optionUpdateNeedsId: 'model.Id: required to update',
  optionNameTaken: 'A scent option with this name already exists',
} as const;

/** The card rules that need the whole card: five options, none twice, orders unique, answer among them. */
export function cardProblems(card: {
  scentCardOptionResultId: number;
  scentCardOptions: { scentCardOptionDetailId: number; sortOrder: number }[];
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const opts = card.scentCardOptions;
  const ids = opts.map((o) => o.scentCardOptionDetailId);
  if (new Set(ids).size !== ids.length)
    problems.push({ path: 'scentCardOptions', message: CATALOGUE_MSG.optionReused });
  const orders = opts.map((o) => o.sortOrder);
  if (new Set(orders).size !== orders.length) {
    problems.push({ path: 'scentCardOptions', message: CATALOGUE_MSG.orderTaken });
  }
  if (opts.length !== OPTIONS_PER_CARD)
    problems.push({ path: 'scentCardOptions', message: CATALOGUE_MSG.cardFiveOptions });
  if (!ids.includes(card.scentCardOptionResultId)) {
    problems.push({ path: 'scentCardOptionResultId', message: CATALOGUE_MSG.correctMustBeOption });
  }
  return problems;
}

/**
 * Puts an option at a sort order, swapping with the option that held it (spec §4). New options
 * take any order 1..count+1; a used order is refused when adding ('This order number is already set').
 */
export function placeOption<T extends { key: string; sortOrder: number }>(
  options: T[],
  option: T,
  newOrder: number,
): { ok: true; options: T[] } | { ok: false; message: string } {
  const existing = options.find((o) => o.key === option.key);
  const holder = options.find((o) => o.sortOrder === newOrder && o.key !== option.key);
  if (!existing) {
    if (holder) return { ok: false, message: CATALOGUE_MSG.orderTaken };
    return { ok: true, options: [...options, { ...option, sortOrder: newOrder }] };
  }
  return {
    ok: true,
    options: options.map((o) => {
      if (o.key === option.key) return { ...option, sortOrder: newOrder };
      if (holder && o.key === holder.key) return { ...o, sortOrder: existing.sortOrder };
      return o;
    }),
  };
}

/** A kit is playable with 5 cards (sort orders 1–5), each with exactly 5 options and a correct answer among them. */
export function isKitPlayable(
  cards: {
    sortOrder: number;
    correctScentOptionId: number | null;
    options: { scentOptionId: number; sortOrder: number }[];
  }[],
): boolean {
  if (cards.length !== CARDS_PER_KIT) return false;
  const orders = new Set(cards.map((c) => c.sortOrder));
  for (let i = 1; i <= CARDS_PER_KIT; i++) if (!orders.has(i)) return false;
  return cards.every(
    (c) =>
      c.correctScentOptionId !== null &&
      cardProblems({
        scentCardOptionResultId: c.correctScentOptionId,
        scentCardOptions: c.options.map((o) => ({ scentCardOptionDetailId: o.scentOptionId, sortOrder: o.sortOrder })),
      }).length === 0,
  );
}
