import { z } from 'zod';
import { localNamesSchema } from '../scent-options/replies';

/** A scent card detail row for play (spec §3). */
export const playRowSchema = z.object({
  testKitId: z.number().int(),
  scentCardId: z.number().int(),
  scentCardSortOrder: z.number().int(),
  scentCardOptionsId: z.number().int(),
  scentCardOptionsSortOrder: z.number().int(),
  scentCardOptionDetailId: z.number().int(),
  scentCardOptionsName: z.string(),
  storedPath: z.string(),
});
export type PlayRow = z.output<typeof playRowSchema>;

export const scentCardOptionRowSchema = z.object({
  scentCardOptionId: z.number().int(),
  scentCardOptionDetailId: z.number().int(),
  scentCardId: z.number().int(),
  sortOrder: z.number().int(),
  scentCardOptionName: z.string(),
  scentCardOptionNames: localNamesSchema,
  scentCardOptionStoredPath: z.string(),
});
export type ScentCardOptionRow = z.output<typeof scentCardOptionRowSchema>;

export const scentCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  names: localNamesSchema,
  sortOrder: z.number().int(),
  scentCardOptionResultId: z.number().int().nullable(),
  testKitId: z.number().int(),
  testKitName: z.string(),
  scentCardOptions: z.array(scentCardOptionRowSchema),
});
export type ScentCard = z.output<typeof scentCardSchema>;

/** A row of a kit's card list: Scent Card Page, sort order, Correct Answer. */
export const scentCardListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  names: localNamesSchema,
  sortOrder: z.number().int(),
  title: z.string().nullable(),
  optionCount: z.number().int(),
});
export type ScentCardListRow = z.output<typeof scentCardListRowSchema>;

export const scentCardIdData = z.object({ scentCardId: z.number().int() });
