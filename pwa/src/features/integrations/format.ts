import type { DeliveryEvent, DeliveryStatus, WebhookEvent } from '@scentry/shared-schema';

/** Each event as the form's check boxes say it. */
export const EVENT_CHOICES: Record<WebhookEvent, string> = {
  'result.stored': 'A result is stored',
  'questionnaire.stored': 'A COVID-19 questionnaire is stored',
  'medical.stored': 'A medical form is stored',
};

/** Each event as the lists say it (an endpoint's events, a delivery's event). */
export const EVENT_NAMES: Record<DeliveryEvent, string> = {
  'result.stored': 'Result stored',
  'questionnaire.stored': 'COVID-19 questionnaire stored',
  'medical.stored': 'Medical form stored',
  test: 'Test event',
};

export const DELIVERY_STATUS_NAMES: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A reply's time: "850 ms", "2.4 s". */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** What a failed attempt's error (the server's words, often Node's) means, said plainly. */
const FAILURES: [RegExp, string][] = [
  [/ECONNREFUSED/, 'The receiver refused the connection.'],
  [/ENOTFOUND|EAI_AGAIN|Host not found/i, 'The receiver’s host name was not found.'],
  [/^Timed out|ETIMEDOUT/i, 'The receiver did not answer in time.'],
  [/ECONNRESET|socket hang up|cut off/i, 'The connection broke off before the receiver answered.'],
  [/certificate|CERT_|SSL|TLS|self[- ]signed/i, 'The receiver’s certificate was not accepted.'],
  [/^Address refused/, 'The address is inside a private network, so it cannot receive webhooks.'],
];

/** Why an endpoint is failing, in plain words ("HTTP 500" says what the receiver answered). */
export function failureText(lastError: string | null): string {
  if (!lastError) return 'The last delivery failed.';
  const http = /^HTTP (\d{3})$/.exec(lastError);
  if (http) return `The receiver answered with HTTP status ${http[1]}.`;
  const known = FAILURES.find(([pattern]) => pattern.test(lastError));
  return known ? known[1] : `The last delivery failed: ${lastError.replace(/\.$/, '')}.`;
}
