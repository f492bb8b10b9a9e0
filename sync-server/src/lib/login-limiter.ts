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

/** A sign-in attempt already counted: a success takes it back. */
export interface LoginAttempt {
  succeeded(): void;
}

/** An attempt counted, or the refusal with the seconds until one more would be let through. */
export type LoginBegin = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterSeconds: number };

/** Who is signing in: the e-mail given, the client's address key, and a verified device (if any). */
export interface LoginWho {
  email: string;
  /** See addressKey: IPv6 by /64. */
  address: string;
  /** A key naming the device of a valid device token for this account; undefined without one. */
  device?: string;
}

type Counter = Map<string, number[]>;

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
 * from the same address. In memory: a restart forgives, which is acceptable for one small VM.
 */
export class LoginLimiter {
  private readonly byPair: Counter = new Map();
  private readonly byAccount: Counter = new Map();
  private readonly byClient: Counter = new Map();
  private readonly byDevice: Counter = new Map();

  constructor(
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt, or refuses it (answer 429, check nothing) when a limit is already reached. */
  begin(who: LoginWho): LoginBegin {
    const account = who.email.trim().toLowerCase();
    const counts: [Counter, string, number][] = who.device
      ? [[this.byDevice, who.device, this.limits.perDevice]]
      : [
          [this.byPair, `${account}|${who.address}`, this.limits.perAddress],
          [this.byAccount, account, this.limits.perAccount],
          [this.byClient, who.address, this.limits.perClient],
        ];
    const now = this.now();
    let waitMs = 0;
    for (const [map, key, limit] of counts) {
      const list = this.recent(map, key);
      // The list is oldest first: one more attempt fits once the (length − limit + 1)th oldest expires.
      if (list.length >= limit) waitMs = Math.max(waitMs, list[list.length - limit] + this.limits.windowMs - now);
    }
    if (waitMs > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const [map, key] of counts) {
      const list = map.get(key) ?? [];
      list.push(now);
      map.set(key, list);
    }
    if (this.byPair.size + this.byAccount.size + this.byClient.size + this.byDevice.size > 100_000) this.prune();
    let settled = false;
    return {
      ok: true,
      attempt: {
        succeeded: () => {
          if (settled) return;
          settled = true;
          // Equal times are interchangeable: removing any one of them removes this attempt.
          for (const [map, key] of counts) {
            const list = map.get(key);
            const i = list?.lastIndexOf(now) ?? -1;
            if (list && i >= 0) list.splice(i, 1);
            if (list?.length === 0) map.delete(key);
          }
        },
      },
    };
  }

  private recent(map: Counter, key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const list = (map.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  }

  private prune(): void {
    for (const map of [this.byPair, this.byAccount, this.byClient, this.byDevice])
      for (const key of [...map.keys()]) this.recent(map, key);
  }
}
