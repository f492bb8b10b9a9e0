/** Limits of failed sign-ins in a window (API.md's 429 row). */
export interface LoginLimits {
  /** Per e-mail and client address: one person guessing is stopped, the event's Wi-Fi is not. */
  perAddress: number;
  /** Per account, whatever the address: a guesser with many addresses is stopped too. */
  perAccount: number;
  windowMs: number;
}

export const LOGIN_LIMITS: LoginLimits = { perAddress: 10, perAccount: 30, windowMs: 15 * 60 * 1000 };

/** A sign-in attempt already counted: a success takes it back. */
export interface LoginAttempt {
  succeeded(): void;
}

/**
 * Counts sign-in attempts *before* their password is checked, so a burst of concurrent guesses
 * gets no more checks than the limit: every attempt counts as a failure until it succeeds. A
 * success clears its e-mail-and-address count and takes its own attempt back from the account's.
 * Addresses are given as keys (see addressKey: IPv6 by /64). In memory: a restart forgives, which
 * is acceptable for one small VM.
 */
export class LoginLimiter {
  private byAddress = new Map<string, number[]>();
  private byAccount = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt; undefined when a limit is already reached (answer 429, check nothing). */
  begin(email: string, address: string): LoginAttempt | undefined {
    const account = email.trim().toLowerCase();
    const pair = `${account}|${address}`;
    const pairList = this.recent(this.byAddress, pair);
    const accountList = this.recent(this.byAccount, account);
    if (pairList.length >= this.limits.perAddress || accountList.length >= this.limits.perAccount) return undefined;
    const at = this.now();
    pairList.push(at);
    accountList.push(at);
    this.byAddress.set(pair, pairList);
    this.byAccount.set(account, accountList);
    if (this.byAddress.size + this.byAccount.size > 100_000) this.prune();
    return {
      succeeded: () => {
        this.byAddress.delete(pair);
        const list = this.byAccount.get(account);
        const i = list?.indexOf(at) ?? -1;
        if (list && i >= 0) list.splice(i, 1);
      },
    };
  }

  private recent(map: Map<string, number[]>, key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const list = (map.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  }

  private prune(): void {
    for (const map of [this.byAddress, this.byAccount]) for (const key of [...map.keys()]) this.recent(map, key);
  }
}
