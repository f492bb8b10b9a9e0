import { z } from 'zod';

/** The reply pieces every domain's replies use (zod). */

/** A paged list reply (API.md): `{list, totalCount}`. */
export const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), totalCount: z.number().int() });
export interface ListResult<T> {
  list: T[];
  totalCount: number;
}

export const idNameSchema = z.object({ id: z.number().int(), name: z.string() });
