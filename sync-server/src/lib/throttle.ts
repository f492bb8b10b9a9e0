import type { Rate } from '../config';

/**
 * A token bucket per key: `limit` tokens at once, refilled evenly over `windowMs`, so a burst
 * from a whole event is taken and a steady flood is cut to the rate. A request takes as many
 * tokens as it costs (one per document pushed or kit code asked), all or none. In memory; bounded.
 */
export class Throttle {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /**
   * Takes `cost` tokens for `key`: allowed, or refused whole (nothing taken) with the seconds
   * until the bucket holds them. A cost above the limit is taken as the limit (config refuses a
   * limit below the largest request, so this only guards against a bucket never filling).
   */
  take(key: string, cost = 1): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const need = Math.min(cost, this.rate.limit);
    const bucket = this.refilled(key);
    if (bucket.tokens < need) return { ok: false, retryAfterSeconds: this.secondsUntil(need - bucket.tokens) };
    bucket.tokens -= need;
    if (this.buckets.size > this.maxKeys) this.prune();
    return { ok: true };
  }

  /**
   * Whether `key` has a token at all, taking none: lets a request with an empty bucket be refused
   * before its body is read (its cost is only known from the body).
   */
  peek(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(key);
    if (!bucket) return { ok: true };
    const tokens = this.level(bucket);
    return tokens >= 1 ? { ok: true } : { ok: false, retryAfterSeconds: this.secondsUntil(1 - tokens) };
  }

  private get perMs(): number {
    return this.rate.limit / this.rate.windowMs;
  }

  private level(bucket: { tokens: number; at: number }): number {
    return Math.min(this.rate.limit, bucket.tokens + (this.now() - bucket.at) * this.perMs);
  }

  private refilled(key: string): { tokens: number; at: number } {
    const now = this.now();
    const old = this.buckets.get(key);
    const bucket = { tokens: old ? this.level(old) : this.rate.limit, at: now };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private secondsUntil(missing: number): number {
    return Math.max(1, Math.ceil(missing / this.perMs / 1000));
  }

  /** Forgets buckets that have refilled (they are the same as no bucket). */
  private prune(): void {
    for (const [key, b] of this.buckets) {
      if (this.level(b) >= this.rate.limit) this.buckets.delete(key);
    }
  }
}
