import { z } from 'zod';

export const scentOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  storedPath: z.string(),
  originalFileName: z.string().nullable(),
});
export type ScentOption = z.output<typeof scentOptionSchema>;

export const scentOptionChoiceSchema = scentOptionSchema.pick({ id: true, title: true, storedPath: true });
export type ScentOptionChoice = z.output<typeof scentOptionChoiceSchema>;
