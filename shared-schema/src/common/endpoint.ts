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
  readonly data: z.ZodType;
  /** The `data` a refusal may carry (null otherwise), e.g. the stored form a 400 Warning names. */
  readonly refusalData?: z.ZodType;
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
