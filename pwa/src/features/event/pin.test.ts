import { describe, expect, it } from 'vitest';
import { PIN_LOCK_MS } from '../../lib/event-mode';
import { afterWrongPin, hashPin, isValidPin, lockRemaining, NO_TRIES, triesLeft, verifyPin } from './pin';

// Few rounds: the tests check the scheme, not its cost.
const ROUNDS = 1000;

describe('the event PIN', () => {
  it('takes 4 to 8 digits only', () => {
    expect(['1234', '12345678', '000000'].every(isValidPin)).toBe(true);
    expect(['123', '123456789', '12a4', ' 1234', ''].some(isValidPin)).toBe(false);
  });

  it('is stored as a salted PBKDF2 hash, never as itself, and verifies', async () => {
    const record = await hashPin('4821', ROUNDS);
    expect(record.iterations).toBe(ROUNDS);
    expect(JSON.stringify(record)).not.toContain('4821');
    expect(atob(record.salt)).toHaveLength(16);
    expect(atob(record.hash)).toHaveLength(32);
    expect(await verifyPin('4821', record)).toBe(true);
    expect(await verifyPin('4822', record)).toBe(false);
    expect(await verifyPin('48210', record)).toBe(false);
    expect(await verifyPin('abcd', record)).toBe(false);
  });

  it('uses a new salt each time: the same PIN never gives the same record', async () => {
    const a = await hashPin('123456', ROUNDS);
    const b = await hashPin('123456', ROUNDS);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPin('123456', b)).toBe(true);
  });

  it('refuses to hash a PIN that is not 4 to 8 digits', async () => {
    await expect(hashPin('12', ROUNDS)).rejects.toThrow();
  });
});

describe('the tries lock', () => {
  const now = 1_700_000_000_000;

  it('locks for a minute at the fifth wrong PIN in a row, not before', () => {
    let tries = NO_TRIES;
    for (let i = 1; i <= 4; i++) {
      tries = afterWrongPin(tries, now);
      expect(tries).toEqual({ wrong: i, lockedUntil: null });
      expect(lockRemaining(tries, now)).toBe(0);
    }
    expect(triesLeft(tries)).toBe(1);
    tries = afterWrongPin(tries, now);
    expect(tries.lockedUntil).toBe(now + PIN_LOCK_MS);
    expect(lockRemaining(tries, now)).toBe(PIN_LOCK_MS);
    expect(lockRemaining(tries, now + 45_000)).toBe(15_000);
    expect(lockRemaining(tries, now + PIN_LOCK_MS)).toBe(0);
  });

  it('counts again from one once the minute has passed', () => {
    let tries = NO_TRIES;
    for (let i = 0; i < 5; i++) tries = afterWrongPin(tries, now);
    const later = now + PIN_LOCK_MS + 1;
    tries = afterWrongPin(tries, later);
    expect(tries).toEqual({ wrong: 1, lockedUntil: null });
    expect(triesLeft(tries)).toBe(4);
  });
});
