import { MSG, parseRequest } from '@scentry/shared-schema';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { invalid } from './errors';

/**
 * Binds the request's keys case-insensitively and validates with the shared schema; a broken rule
 * is a 400 Failure whose message is the spec's and whose `error` lists every field's message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // An array is an object to typeof, but never a request object: refuse it like a string.
  const wantsArray = (schema._zod.def as { type: string }).type === 'array';
  if (!wantsArray && input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    throw invalid(MSG.invalidRequest, 'The request body must be a JSON object');
  }
  const result = parseRequest(schema, input);
  if (result.ok) return result.data;
  const details = Object.entries(result.fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw invalid(result.message, details);
}

/** Marks a multipart body: documented in OpenAPI, read and checked by the handler (its `model`). */
export const MULTIPART_BODY = Symbol.for('scentry.multipart');

/**
 * Fastify's validator for the contract's zod schemas: the same binding and messages as `parse`
 * (API.md: keys bind ignoring case, unknown keys are dropped, the spec's message comes first).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if ((schema as { [MULTIPART_BODY]?: boolean })[MULTIPART_BODY]) return () => ({ value: undefined });
  return (input: unknown) => {
    try {
      return { value: parse(schema, input) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};
