/**
 * Device tokens (API.md "Staff sign-in"): each sign-in returns one for this device and account;
 * sent with the next sign-in of that account, it lets this device in however many failures others
 * made. Kept per account e-mail in localStorage and never cleared at sign-out: that is their
 * purpose (a device that signed in before is never locked out). A token is no session: alone it
 * signs nobody in.
 */
export const DEVICE_TOKENS_KEY = 'scentryDeviceTokens';

/** A shared device (an event's tablet) keeps the most recent accounts' tokens only. */
const MAX_ACCOUNTS = 20;

type TokenMap = Record<string, string>;

const accountKey = (email: string) => email.trim().toLowerCase();

function readTokens(): TokenMap {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const tokens: TokenMap = {};
    for (const [email, token] of Object.entries(parsed)) if (typeof token === 'string') tokens[email] = token;
    return tokens;
  } catch {
    return {};
  }
}

/** The token this device holds for the account, if any. */
export function deviceTokenFor(email: string): string | undefined {
  const token = readTokens()[accountKey(email)];
  return token || undefined;
}

/** Keeps the token a sign-in returned for the account (the newest account last). */
export function rememberDeviceToken(email: string, token: string): void {
  const key = accountKey(email);
  if (!key || !token) return;
  const { [key]: _previous, ...others } = readTokens();
  const entries = [...Object.entries(others), [key, token] as const].slice(-MAX_ACCOUNTS);
  try {
    localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the device signs in under the ordinary limits, as before.
  }
}
