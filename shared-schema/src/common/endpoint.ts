import type { z } from 'zod';
import type { RouteInfo } from './route';

/** One endpoint of the contract: its route, what it takes, and the `data` of its Success reply. */
export interface Endpoint extends Readonly<{ route: RouteInfo; summary: string }> {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** multipart/form-data: a `model` JSON field checked by this schema, and a `file`. */
  readonly model?: z.ZodType;
  /** What the multipart `file` is (documentation). */
  readonly fileDescription?: string;
  /** The multipart `file` must be sent (the handler refuses a request without one). */
  readonly fileRequired?: boolean;
  /** The reply is this file type on success (the envelope only on refusal); `data` is then null. */
  readonly replyFile?: string;
  /** A larger body limit than the server's default (bytes). */
  readonly bodyLimit?: number;
  /** What a request costs against the route's throttle when it is more than one (see WorkCost). */
  readonly cost?: WorkCost;
  readonly data: z.ZodType;
  /** The `data` a refusal may carry (null otherwise), e.g. the stored form a 400 Warning names. */
  readonly refusalData?: z.ZodType;
}

/**
 * A request that carries many documents or codes costs one token of its throttle per item (API.md
 * "Costs, throttles and privacy of places"): the items are the body when it is an array, else the
 * body's array `field`; `max` is the body schema's cap on that array, so no request costs more.
 */
export interface WorkCost {
  readonly field?: string;
  readonly max: number;
}

/** One token per item of the body (or of its `field`), at most `max` (the schema's cap). */
export const perItem = (max: number, field?: string): WorkCost => (field ? { field, max } : { max });

/**
 * What a request costs before its body is validated: the length of the counted array, at least
 * one (an empty or missing array, or anything not an array, costs one: the schema then refuses
 * it) and at most the cap (a longer array is refused by the schema, not held back forever).
 */
export function requestCost(cost: WorkCost | undefined, body: unknown): number {
  if (!cost) return 1;
  const items = cost.field
    ? body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)[cost.field]
      : undefined
    : body;
  return Array.isArray(items) ? Math.min(cost.max, Math.max(1, items.length)) : 1;
}

/** An endpoint's declaration without its route (the route comes from the domain's route table). */
export type EndpointSpec = Omit<Endpoint, 'route'>;

/**
 * A domain's part of the contract: for each of its routes (`routes`, the domain's route tables),
 * what goes in and what comes out. Every route needs an entry and every entry a route, or this
 * does not type-check.
 */
export function defineContract<
  const R extends Record<string, RouteInfo>,
  const E extends { [K in keyof R]: EndpointSpec },
>(routes: R, entries: E & Record<Exclude<keyof E, keyof R>, never>): { [K in keyof R]: { route: R[K] } & E[K] } {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { route, ...entries[name] }])) as {
    [K in keyof R]: { route: R[K] } & E[K];
  };
}
