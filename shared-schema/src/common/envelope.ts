/** Every JSON reply of the API has this shape (API.md "Envelope"). */
export type EnvelopeStatus = 'Success' | 'Failure' | 'Warning';

export interface Envelope<T = unknown> {
  status: EnvelopeStatus;
  message: string;
  error: string | null;
  data: T;
}

export function envelope<T>(
  status: EnvelopeStatus,
  message: string,
  data: T,
  error: string | null = null,
): Envelope<T> {
  return { status, message, error, data };
}

export const success = <T>(data: T, message = 'Success'): Envelope<T> => envelope('Success', message, data);

/** The spec's client treats a status as success "in any letter case". */
export const isSuccess = (e: { status?: unknown } | null | undefined): boolean =>
  typeof e?.status === 'string' && e.status.toLowerCase() === 'success';
