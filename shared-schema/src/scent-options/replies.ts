import { z } from 'zod';

/** A name's translations in a reply (API.md "Names in the player's language"): `{es?}`. */
export const localNamesSchema = z.object({ es: z.string().optional() });

export const scentOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  names: localNamesSchema,
  storedPath: z.string(),
  originalFileName: z.string().nullable(),
});
export type ScentOption = z.output<typeof scentOptionSchema>;

export const scentOptionChoiceSchema = scentOptionSchema.pick({ id: true, title: true, names: true, storedPath: true });
export type ScentOptionChoice = z.output<typeof scentOptionChoiceSchema>;
