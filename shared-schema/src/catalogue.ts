import { z } from 'zod';
import { CARD_NAME_MAX, CATALOGUE_MSG, cardProblems, KIT_NAME_MAX, SCENT_OPTION_NAME_MAX } from './catalogue-rules';
import { FILTER_TEXT_MAX, SORT_COLUMNS_MAX } from './enums';
import { CARDS_PER_KIT, KIT_NAME_RE, OPTIONS_PER_CARD } from './kit';
import { MSG } from './messages';

// Bodies are JSON: a number must be a number (API.md: wrong types are 400, never coerced).
const id = (message = 'Invalid id') => z.number({ error: message }).int({ error: message });

export const scentOptionModel = z.object({
  id: id().min(0).default(0),
  title: z
    .string({ error: CATALOGUE_MSG.optionNameRequired })
    .trim()
    .min(1, { error: CATALOGUE_MSG.optionNameRequired })
    .max(SCENT_OPTION_NAME_MAX, { error: CATALOGUE_MSG.optionNameTooLong }),
});
export type ScentOptionModel = z.infer<typeof scentOptionModel>;

export const testKitRequest = z.object({
  id: id().min(0).default(0),
  name: z
    .string({ error: CATALOGUE_MSG.kitNameRequired })
    .trim()
    .min(1, { error: CATALOGUE_MSG.kitNameRequired })
    .max(KIT_NAME_MAX, { error: CATALOGUE_MSG.kitNameTooLong })
    .regex(KIT_NAME_RE, { error: CATALOGUE_MSG.kitNameInvalid }),
  isActive: z.boolean({ error: 'IsActive must be true or false' }).default(false),
  passThreshold: z
    .number({ error: CATALOGUE_MSG.kitThreshold })
    .int({ error: CATALOGUE_MSG.kitThreshold })
    .min(1, { error: CATALOGUE_MSG.kitThreshold })
    .max(CARDS_PER_KIT, { error: CATALOGUE_MSG.kitThreshold })
    .default(4),
});
export type TestKitRequest = z.infer<typeof testKitRequest>;

/** An update may send only `{Id, Name}` (the spec's body): what it leaves out keeps its value. */
export const testKitUpdateRequest = testKitRequest.extend({
  isActive: testKitRequest.shape.isActive.unwrap().optional(),
  passThreshold: testKitRequest.shape.passThreshold.unwrap().optional(),
});
export type TestKitUpdateRequest = z.infer<typeof testKitUpdateRequest>;

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

/** A list filter's text field. */
export const filterText = () =>
  z.string({ error: MSG.invalidRequest }).max(FILTER_TEXT_MAX, { error: MSG.filterTooLong }).optional().nullable();

/** Paged list request (API.md). */
export const listRequest = <F extends z.ZodRawShape>(filter: F) =>
  z.object({
    pageNumber: z.number({ error: MSG.invalidRequest }).int({ error: MSG.invalidRequest }).min(1).default(1),
    rowsPerPage: z.number({ error: MSG.invalidRequest }).int({ error: MSG.invalidRequest }).min(1).max(100).default(10),
    filter: z.object(filter, { error: MSG.invalidRequest }).partial().optional().nullable(),
    sortColumns: z
      .array(
        z.object({
          columnName: z.string({ error: MSG.invalidRequest }).max(64, { error: MSG.invalidRequest }),
          sortOrder: z.enum(['asc', 'desc']).catch('asc'),
        }),
        { error: MSG.invalidRequest },
      )
      .max(SORT_COLUMNS_MAX, { error: MSG.tooManySortColumns })
      .optional()
      .nullable(),
  });
