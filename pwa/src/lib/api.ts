import {
  type ApiBody,
  type ApiData,
  type ApiQuery,
  type EndpointName,
  type Envelope,
  isSuccess,
  MSG,
  PLAYER_ROUTES,
  type PlayerEndpointName,
  type RouteInfo,
} from '@scentry/shared-schema';
import { clearSession, getSession, markSessionExpired, updateSessionTotp } from './session';

/**
 * A reply that was not Success: carries the envelope so screens show the server's message, and a
 * 429's `Retry-After` (seconds) so the sync waits as long as the server asked.
 */
export class ApiFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly envelope: Envelope<unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(envelope.message || MSG.serverError);
  }
  get isWarning() {
    return this.envelope.status === 'Warning';
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The 401 rule: the session is cleared and listeners (the router) send the user to login. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const totpSetupListeners = new Set<Listener>();

/**
 * A staff call answered 403 'Set up two-step sign-in first' (REQUIRE_TOTP turned on during the
 * session): the listeners (the router) send the user to the set-up page.
 */
export function onTotpSetupRequired(listener: Listener): () => void {
  totpSetupListeners.add(listener);
  return () => totpSetupListeners.delete(listener);
}

/** A staff call answered 401: the session ends and the listeners send the user to login. */
export function signedOut(): void {
  clearSession();
  markSessionExpired();
  for (const l of unauthorizedListeners) l();
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A multipart body (uploads); the browser sets its content type. */
  form?: FormData;
  /** Send the bearer token (admin calls). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Calls the API and unwraps the envelope: resolves with `data` on Success, throws ApiFailure otherwise. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !options.form) headers['Content-Type'] = 'application/json';
  const session = options.auth ? getSession() : null;
  if (session) headers.Authorization = `Bearer ${session.token}`;

  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? (options.body === undefined && !options.form ? 'GET' : 'POST'),
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // No answer: the browser's own words for why ("Failed to fetch") are the error's detail.
    const why = err instanceof Error && err.message ? err.message : 'network';
    throw new ApiFailure(0, { status: 'Failure', message: MSG.serverError, error: why, data: null });
  }

  let payload: Envelope<T> | null = null;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    payload = null;
  }
  if (res.status === 401 && options.auth) signedOut();
  if (
    res.status === 403 &&
    options.auth &&
    (payload?.data as { totpSetupRequired?: unknown } | null)?.totpSetupRequired
  ) {
    updateSessionTotp({ totpSetupRequired: true });
    for (const l of totpSetupListeners) l();
  }
  if (res.ok && payload && isSuccess(payload)) return payload.data;
  throw new ApiFailure(
    res.status,
    payload && typeof payload.message === 'string'
      ? payload
      : { status: 'Failure', message: MSG.serverError, error: `HTTP ${res.status}`, data: null },
    retryAfterOf(res),
  );
}

/** The seconds of a `Retry-After` header (the server sends seconds, never a date). */
function retryAfterOf(res: Response): number | undefined {
  const value = res.headers?.get('retry-after');
  const seconds = value ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export interface CallOptions<N extends EndpointName> {
  body?: ApiBody<N>;
  query?: ApiQuery<N>;
  /** A multipart body (uploads): the `model` JSON and the `file`. */
  form?: FormData;
  signal?: AbortSignal;
  /** Send the session's token to a public endpoint that shows a signed-in Admin more. */
  auth?: boolean;
}

/**
 * Sends a call to an endpoint of the contract: its method and path come from the declaration,
 * the bearer token goes with every endpoint that is not public, and the body, query and reply
 * are typed by the contract's schemas (shared-schema), never written again here.
 */
export function send<N extends EndpointName>(route: RouteInfo, options: CallOptions<N> = {}): Promise<ApiData<N>> {
  const { method, path, access } = route;
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query as object).map(([k, v]) => [k, String(v)]))}`
    : '';
  return api<ApiData<N>>(`${path}${query}`, {
    method,
    body: options.body,
    form: options.form,
    auth: access !== 'public' || options.auth === true,
    signal: options.signal,
  });
}

/** A player's call by name: from the player's own route table (the first load carries no other). */
export const callPlayer = <N extends PlayerEndpointName>(name: N, options: CallOptions<N> = {}) =>
  send<N>(PLAYER_ROUTES[name], options);
