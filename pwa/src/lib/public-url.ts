import { callPlayer } from './api';

const PUBLIC_URL_KEY = 'scentryPublicUrl';

/**
 * Learns (and keeps for offline use) the address printed in kit QR codes and on reports; never
 * waited for (offline, the kept one serves).
 */
export function learnPublicUrl(): void {
  callPlayer('appConfig')
    .then((c) => localStorage.setItem(PUBLIC_URL_KEY, c.publicUrl))
    .catch(() => {});
}

/** The public address as last learned, or null. */
export function knownPublicUrl(): string | null {
  const url = localStorage.getItem(PUBLIC_URL_KEY);
  return url && URL.canParse(url) ? url.replace(/\/+$/, '') : null;
}
