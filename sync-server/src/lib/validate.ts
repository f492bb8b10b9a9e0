import { MSG, parseRequest } from '@scentry/shared-schema';
import { z } from 'zod';
import { invalid } from './errors';

/**
 * Binds the request's keys case-insensitively and validates with the shared schema; a broken rule
 * is a 400 Failure whose message is the spec's and whose `error` lists every field's message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // An array is an object to typeof, but never a request: refuse it like a string or a number.
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    throw invalid(MSG.invalidRequest, 'The request body must be a JSON object');
  }
  const result = parseRequest(schema, input);
  if (result.ok) return result.data;
  const details = Object.entries(result.fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw invalid(result.message, details);
}

/** `?Id=` of the admin GET routes (bound ignoring case). */
export const idQuery = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int().positive({ error: 'Invalid id' }),
});
