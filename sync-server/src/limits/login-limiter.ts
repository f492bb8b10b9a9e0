import { type Answer, type Counters, MemoryCounters, mapAnswer, type WindowKey } from './counters';

/** Limits of failed sign-ins in a window (API.md "Staff sign-in"). */
export interface LoginLimits {
  /** Per e-mail and client address: one person guessing is stopped, the event's Wi-Fi is not. */
  perAddress: number;
  /** Per account, whatever the address: a guesser with many addresses is stopped too. */
  perAccount: number;
  /** Per client address, whatever the e-mail: one address trying many accounts (spraying) is stopped. */
  perClient: number;
  /** Per device token: a device that signed in before counts only against its own limit. */
  perDevice: number;
  windowMs: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  perAddress: 10,
  perAccount: 30,
  perClient: 50,
  perDevice: 10,
  windowMs: 15 * 60 * 1000,
};

/** An attempt counted, or the refusal with the seconds until one more would be let through. */
export type LoginBegin<C extends Counters = MemoryCounters> =
  | { ok: true; attempt: LoginAttempt<C> }
  | { ok: false; retryAfterSeconds: number };

/** Who is signing in: the e-mail given, the client's address key, and a verified device (if any). */
export interface LoginWho {
  email: string;
  /** See addressKey: IPv6 by /64. */
  address: string;
  /** A key naming the device of a valid device token for this account; undefined without one. */
  device?: string;
}

/** A sign-in attempt already counted: a success takes it back (a promise over the database). */
export interface LoginAttempt<C extends Counters = MemoryCounters> {
  succeeded(): Answer<C, void>;
}

/**
 * Counts sign-in attempts *before* their password is checked, so a burst of concurrent guesses
 * gets no more checks than the limit: every attempt counts as a failure until it succeeds.
 *
 * Without a device token an attempt counts under its e-mail and address, its account and its
 * address, and any of the three at its limit refuses it. With a valid device token it counts only
 * under that device, so nobody else's failures (from any address) can lock that device out.
 *
 * A success takes back only the attempt it was counted as: failures made before it, by its owner
 * or anyone else, stay counted, so a guesser cannot wipe a count by signing in to their own account
 * from the same address. The counts live in a Counters store: this process's memory by default (a
 * restart forgives, which is acceptable for one small VM), or the database shared by every
 * instance (then `begin` and `succeeded` answer with promises).
 */
export class LoginLimiter<C extends Counters = MemoryCounters> {
  private readonly counters: C;

  constructor(
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
    counters?: C,
  ) {
    this.counters = counters ?? (new MemoryCounters(100_000) as Counters as C);
  }

  /** Counts an attempt, or refuses it (answer 429, check nothing) when a limit is already reached. */
  begin(who: LoginWho): Answer<C, LoginBegin<C>> {
    const account = who.email.trim().toLowerCase();
    const keys: WindowKey[] = who.device
      ? [{ key: `device:${who.device}`, limit: this.limits.perDevice }]
      : [
          { key: `pair:${account}|${who.address}`, limit: this.limits.perAddress },
          { key: `account:${account}`, limit: this.limits.perAccount },
          { key: `client:${who.address}`, limit: this.limits.perClient },
        ];
    const now = this.now();
    const { windowMs } = this.limits;
    return mapAnswer(this.counters.hit(keys, windowMs, now), (taken): LoginBegin<C> => {
      if (!taken.ok) return taken;
      // Settled once: a second call answers as the first did and takes nothing more back.
      let settled: { answer: Answer<C, void> } | undefined;
      const succeeded = (): Answer<C, void> => {
        settled ??= {
          answer: this.counters.forget(
            keys.map((k) => k.key),
            windowMs,
            now,
          ) as Answer<C, void>,
        };
        return settled.answer;
      };
      return { ok: true, attempt: { succeeded } };
    }) as Answer<C, LoginBegin<C>>;
  }
}
