import { z } from 'zod';
import { listRequest } from '../common/schemas';
import type { LocalNames } from '../i18n/local-names';
import { CARDS_PER_KIT, OPTIONS_PER_CARD } from '../kits/rules';
import { CARD_NAME_MAX, CATALOGUE_MSG, cardProblems, KIT_NAME_MAX } from './rules';

/**
 * A name's translations in a body (API.md "Names in the player's language"): `{es?}`, each within
 * the name's own length (`tooLong`); a blank one, a missing or null `names` is no translation.
 */
export const localNamesInput = (max: number, tooLong: string) =>
  z
    .object({ es: z.string({ error: tooLong }).trim().max(max, { error: tooLong }).nullish() })
    .nullish()
    .transform((n): LocalNames => (n?.es ? { es: n.es } : {}));

// Bodies are JSON: a number must be a number (API.md: wrong types are 400, never coerced).
const id = (message = 'Invalid id') => z.number({ error: message }).int({ error: message });

/** A sort order 1..max: a card's among its kit's (CARDS_PER_KIT), an option's among its card's (OPTIONS_PER_CARD). */
const sortOrder = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

export const scentCardOptionInput = z.object({
  scentCardOptionId: id().min(0).default(0),
  scentCardOptionDetailId: id(CATALOGUE_MSG.optionRequired).positive({ error: CATALOGUE_MSG.optionRequired }),
  sortOrder: sortOrder(OPTIONS_PER_CARD, CATALOGUE_MSG.cardSortOrder),
});
export type ScentCardOptionInput = z.infer<typeof scentCardOptionInput>;

export const scentCardRequest = z
  .object({
    id: id().min(0).default(0),
    testKitId: id().positive({ error: CATALOGUE_MSG.kitNotFound }),
    name: z
      .string({ error: CATALOGUE_MSG.cardNameRequired })
      .trim()
      .min(1, { error: CATALOGUE_MSG.cardNameRequired })
      .max(CARD_NAME_MAX, { error: CATALOGUE_MSG.cardNameTooLong }),
    names: localNamesInput(CARD_NAME_MAX, CATALOGUE_MSG.cardNameTooLong),
    sortOrder: sortOrder(CARDS_PER_KIT, CATALOGUE_MSG.cardSortOrder),
    // Holds a scent option id (API.md "Ids that are easy to mix up").
    scentCardOptionResultId: id(CATALOGUE_MSG.cardCorrectRequired).positive({
      error: CATALOGUE_MSG.cardCorrectRequired,
    }),
    scentCardOptions: z.array(scentCardOptionInput, { error: CATALOGUE_MSG.cardFiveOptions }),
  })
  .superRefine((card, ctx) => {
    for (const p of cardProblems(card)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type ScentCardRequest = z.infer<typeof scentCardRequest>;

export const cardListRequest = listRequest({}).extend({
  testKitId: z.coerce.number({ error: CATALOGUE_MSG.kitNotFound }).int().positive({ error: CATALOGUE_MSG.kitNotFound }),
});

/** `?TestKitName=` of GetSentCardDetails: the code on the kit. */
export const kitNameQuery = z.object({
  testKitName: z
    .string({ error: CATALOGUE_MSG.kitUnavailable })
    .trim()
    .min(1, { error: CATALOGUE_MSG.kitUnavailable })
    .max(KIT_NAME_MAX, { error: CATALOGUE_MSG.kitUnavailable }),
});
