import type { Rate } from '../config';

/**
 * A token bucket per key: `limit` requests at once, refilled evenly over `windowMs`, so a burst
 * from a whole event is taken and a steady flood is cut to the rate. In memory; bounded.
 */
export class Throttle {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one request for `key`: allowed, or refused with the seconds until the next one. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const perMs = this.rate.limit / this.rate.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.limit, at: now };
    bucket.tokens = Math.min(this.rate.limit, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.prune(now, perMs);
    return { ok: true };
  }

  /** Forgets buckets that have refilled (they are the same as no bucket). */
  private prune(now: number, perMs: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * perMs >= this.rate.limit) this.buckets.delete(key);
    }
  }
}
