import { PIN_LOCK_MS, PIN_TRIES, type PinRecord, type PinTries } from '../../lib/event-mode';

/** 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
export const isValidPin = (pin: string): boolean => PIN_PATTERN.test(pin);

/**
 * PBKDF2 rounds: a few hundred milliseconds on a tablet, once at the start and once per try. A
 * 4–8 digit PIN is a small space whatever the hash: the rounds and the tries lock slow a guesser
 * who reads the device's storage; the PIN itself is never stored.
 */
export const PIN_ITERATIONS = 210_000;

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** The PIN's record for the device: PBKDF2-SHA-256 with a fresh random 16-byte salt. */
export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinRecord> {
  if (!isValidPin(pin)) throw new Error('A PIN is 4 to 8 digits');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: toBase64(await derive(pin, salt, iterations)), salt: toBase64(salt), iterations };
}

/** Whether `pin` is the one the record was made from (compared in constant time). */
export async function verifyPin(pin: string, record: PinRecord): Promise<boolean> {
  if (!isValidPin(pin)) return false;
  const got = await derive(pin, fromBase64(record.salt), record.iterations);
  const want = fromBase64(record.hash);
  if (got.length !== want.length) return false;
  let diff = 0;
  for (let i = 0; i < got.length; i++) diff |= got[i] ^ want[i];
  return diff === 0;
}

export const NO_TRIES: PinTries = { wrong: 0, lockedUntil: null };

/** Milliseconds until the PIN may be tried again (0: now). */
export const lockRemaining = (tries: PinTries, now = Date.now()): number =>
  tries.lockedUntil !== null && tries.lockedUntil > now ? tries.lockedUntil - now : 0;

/** After a wrong PIN: one more wrong try, and the lock at the PIN_TRIES-th. */
export function afterWrongPin(tries: PinTries, now = Date.now()): PinTries {
  const wrong = (lockRemaining(tries, now) > 0 ? 0 : tries.wrong) + 1;
  return wrong >= PIN_TRIES ? { wrong: 0, lockedUntil: now + PIN_LOCK_MS } : { wrong, lockedUntil: null };
}

/** Tries left before the lock. */
export const triesLeft = (tries: PinTries): number => Math.max(0, PIN_TRIES - tries.wrong);
