import { z } from 'zod';
import { FILTER_TEXT_MAX, SORT_COLUMNS_MAX } from './enums';
import { MSG } from './messages';

/** The request and reply pieces every domain's schemas use (zod). */

/** A device-made id: a UUID of any version, any case. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string): boolean => UUID_RE.test(v);
/** A UUID field whose refusal says `message`. */
export const uuid = (message: string) => z.string({ error: message }).regex(UUID_RE, { error: message });

/** `?Id=` of the admin GET routes (bound ignoring case). */
export const idQuery = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int().positive({ error: 'Invalid id' }),
});

/**
 * `?Id=1,2,3`: a comma-separated list of ids (at most `max` when given), each of 15 digits at most,
 * so every one is a safe integer (below 2^53, inside PostgreSQL's bigint) when the server reads it.
 */
export const idList = (message: string, max?: number) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^\\d{1,15}(,\\d{1,15})${max ? `{0,${max - 1}}` : '*'}$`), { error: message });

/** MM/DD/YYYY (API.md: dates in requests). */
export const usDateSchema = z
  .string({ error: MSG.invalidDate })
  .regex(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/, { error: MSG.invalidDate });

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

/**
 * The push of a device's documents (API.md "Sync"): rows `{assumedMasterState, newDocumentState}`
 * whose documents are checked one by one, so here each need only be an object.
 */
export const pushRows = (min: number, max: number) =>
  z
    .array(
      z.object(
        { assumedMasterState: z.unknown().nullable().optional(), newDocumentState: z.record(z.string(), z.unknown()) },
        { error: MSG.invalidRequest },
      ),
      { error: MSG.invalidRequest },
    )
    .min(min, { error: MSG.invalidRequest })
    .max(max, { error: MSG.invalidRequest });
