import { type Envelope, MSG, type RouteInfo } from '@scentry/shared-schema';
import { ApiFailure } from './api';
import { getSession } from './session';
/**
 * Calls an endpoint whose Success reply is a file (a wallet pass, later a CSV): resolves with its
 * bytes; a refusal is the envelope, thrown as ApiFailure like every other call.
 */
export async function fetchFile(route: RouteInfo, body: unknown, options: { auth?: boolean } = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const session = options.auth ? getSession() : null;
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(route.path, { method: route.method, headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiFailure(0, { status: 'Failure', message: MSG.serverError, error: 'network', data: null });
  }
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) return res.blob();
  let payload: Envelope<unknown> | null = null;
  try {
    payload = (await res.json()) as Envelope<unknown>;
  } catch {
    payload = null;
  }
  throw new ApiFailure(
    res.status,
    payload && typeof payload.message === 'string'
      ? payload
      : { status: 'Failure', message: MSG.serverError, error: `HTTP ${res.status}`, data: null },
  );
}
