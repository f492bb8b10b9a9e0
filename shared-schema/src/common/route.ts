import type { Access } from './roles';

/**
 * The per-address throttles a public endpoint opts into (their limits are the server's
 * configuration): `submit` for results sent, `read` for kits and results looked up.
 */
export type ThrottleName = 'submit' | 'read';

/** Where an endpoint lives and who may call it. Kept free of zod: the player's first load reads it. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  throttle?: ThrottleName;
}

/** A route's declaration: method, path, who may call it, and its throttle if it opts into one. */
export const get = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'GET', path, access, ...(throttle ? { throttle } : {}) }) as const;
export const post = <T extends ThrottleName | undefined = undefined>(path: string, access: Access, throttle?: T) =>
  ({ method: 'POST', path, access, ...(throttle ? { throttle } : {}) }) as const;
