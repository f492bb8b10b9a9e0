import { type Envelope, MSG, type RouteInfo } from '@scentry/shared-schema';
import { ApiFailure, signedOut } from './api';
import { getSession } from './session';

export interface FetchedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), or null. */
  fileName: string | null;
}

const fileNameOf = (disposition: string | null): string | null =>
  /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? null;

/**
 * Calls an endpoint whose Success reply is a file (a wallet pass, a CSV export): resolves with its
 * bytes and the server's file name; a refusal is the envelope, thrown as ApiFailure like every
 * other call (a staff call answered 401 ends the session, as everywhere).
 */
export async function fetchFile(
  route: RouteInfo,
  body: unknown,
  options: { auth?: boolean } = {},
): Promise<FetchedFile> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const session = options.auth ? getSession() : null;
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(route.path, { method: route.method, headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiFailure(0, { status: 'Failure', message: MSG.serverError, error: 'network', data: null });
  }
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) {
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
  }
  if (res.status === 401 && options.auth) signedOut();
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
