import { type EndpointName, ROUTES } from '@scentry/shared-schema';
import { type CallOptions, send } from './api';

/**
 * Calls any endpoint of the contract by name (the admin's screens): see `send`. Kept apart from
 * lib/api so a player's first load never carries the table of every endpoint.
 */
export const call = <N extends EndpointName>(name: N, options: CallOptions<N> = {}) => send<N>(ROUTES[name], options);
