import type { EnvelopeStatus } from '@scentry/shared-schema';

/** A refusal to send to the client as the envelope with the given HTTP status (API.md table). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly status: EnvelopeStatus,
    message: string,
    readonly error: string | null = null,
    /** Seconds the client should wait before trying again: sent as Retry-After by the error handler. */
    readonly retryAfterSeconds?: number,
    /** The envelope's `data` (null for almost every refusal). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** 400 Failure: invalid input. */
export const invalid = (message: string, error: string | null = null) => new ApiError(400, 'Failure', message, error);
/** 400 Warning: a valid request refused by the data's state, or a refused sign-in. */
export const warning = (message: string, error: string | null = null, data: unknown = null) =>
  new ApiError(400, 'Warning', message, error, undefined, data);
export const unauthorized = (message: string) => new ApiError(401, 'Failure', message);
export const forbidden = (message: string) => new ApiError(403, 'Failure', message);
export const notFound = (message: string) => new ApiError(404, 'Failure', message);
/** 429: over a limit; with the seconds to wait, sent as Retry-After. */
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new ApiError(429, 'Failure', message, null, retryAfterSeconds);
