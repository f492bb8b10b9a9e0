import type { z } from 'zod';
import { AUDIT_CONTRACT } from '../audit/contract';
import { AUTH_CONTRACT } from '../auth/contract';
import type { Endpoint } from '../common/endpoint';
import type { ThrottleName } from '../common/route';
import { DEVICES_CONTRACT } from '../devices/contract';
import { EMAILS_CONTRACT } from '../emails/contract';
import { FHIR_CONTRACT } from '../fhir/contract';
import { HEALTH_CONTRACT } from '../health/contract';
import { KITS_CONTRACT } from '../kits/contract';
import { ORGANIZATIONS_CONTRACT } from '../organizations/contract';
import { PLAYER_FORMS_CONTRACT } from '../player-forms/contract';
import { REPORTS_CONTRACT } from '../reports/contract';
import { RESULTS_CONTRACT } from '../results/contract';
import { SCENT_CARDS_CONTRACT } from '../scent-cards/contract';
import { SCENT_OPTIONS_CONTRACT } from '../scent-options/contract';
import { SYNC_CONTRACT } from '../sync/contract';
import { USERS_CONTRACT } from '../users/contract';
import { WALLET_CONTRACT } from '../wallet/contract';
import { WEBHOOKS_CONTRACT } from '../webhooks/contract';
import type { EndpointName } from './routes';

/**
 * The HTTP contract (API.md), declared once: each domain's `contract.ts` says what goes in and
 * what comes out of its routes. The server registers every /api route from it and publishes it as
 * OpenAPI.
 */
export const CONTRACT = {
  ...HEALTH_CONTRACT,
  ...AUTH_CONTRACT,
  ...USERS_CONTRACT,
  ...ORGANIZATIONS_CONTRACT,
  ...SCENT_OPTIONS_CONTRACT,
  ...KITS_CONTRACT,
  ...SCENT_CARDS_CONTRACT,
  ...RESULTS_CONTRACT,
  ...PLAYER_FORMS_CONTRACT,
  ...EMAILS_CONTRACT,
  ...WALLET_CONTRACT,
  ...REPORTS_CONTRACT,
  ...AUDIT_CONTRACT,
  ...SYNC_CONTRACT,
  ...DEVICES_CONTRACT,
  ...WEBHOOKS_CONTRACT,
  ...FHIR_CONTRACT,
} as const satisfies { [N in EndpointName]: Endpoint };

export type Contract = typeof CONTRACT;

/**
 * The most one request can cost against each throttle, and the endpoint that costs it: the server
 * refuses to start with a limit below it (such a request could never be taken).
 */
export const LARGEST_COSTS = (() => {
  const largest: Record<ThrottleName, { cost: number; endpoint: EndpointName }> = {
    submit: { cost: 1, endpoint: 'saveTestResult' },
    read: { cost: 1, endpoint: 'pullKits' },
  };
  for (const [name, endpoint] of Object.entries(CONTRACT) as [EndpointName, Endpoint][]) {
    const throttle = endpoint.route.throttle;
    const cost = endpoint.cost?.max ?? 1;
    if (throttle && cost > largest[throttle].cost) largest[throttle] = { cost, endpoint: name };
  }
  return largest;
})();
type Schema<N extends EndpointName, K extends 'query' | 'body' | 'model' | 'data'> = Contract[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a client sends (before defaults and coercion). */
export type ApiQuery<N extends EndpointName> = z.input<Schema<N, 'query'>>;
export type ApiBody<N extends EndpointName> = z.input<Schema<N, 'body'>>;
export type ApiModel<N extends EndpointName> = z.input<Schema<N, 'model'>>;
/** The `data` of the endpoint's Success reply. */
export type ApiData<N extends EndpointName> = z.output<Schema<N, 'data'>>;
