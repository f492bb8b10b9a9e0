import type { Rate } from '../config';

/**
 * The shared state of the limits (issue 26): sign-in limits, device-token limits, the reset and
 * per-address throttles. Two shapes of count, both kept per key:
 *
 * - a token bucket (`take`, `peek`): `rate.limit` tokens at once, refilled evenly over
 *   `rate.windowMs` (limits/throttle.ts);
 * - a sliding window of hits (`hit`, `forget`): the times of the hits within `windowMs`, a key at
 *   its limit refusing more (limits/login-limiter.ts).
 *
 * A store in memory (MemoryCounters: one process, a restart forgives; the default) answers at once;
 * one in the database (DbCounters, limits/db-counters.ts: several instances count together)
 * answers with a promise. Both run the same transitions below, so they count alike; a caller that
 * may be given either awaits (awaiting a plain value is harmless).
 *
 * Time is the caller's clock in epoch ms (`now`), never the database's: the tests drive it, and the
 * instances sharing a database keep their clocks in step (NTP) as they do for every timestamp.
 */

/** A store's answer: plain from memory, a promise from the database. */
export type Awaitable<T> = T | Promise<T>;

/** Taken (or counted), or refused with the seconds until it would be let through. */
export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/** One key of a hit and the number of hits it may hold within the window. */
export interface WindowKey {
  key: string;
  limit: number;
}

export interface Counters {
  /**
   * Takes `cost` tokens of `key`'s bucket: all or none, refused with the seconds until the bucket
   * holds them. A cost above the limit is taken as the limit (a bucket never holds more).
   */
  take(key: string, rate: Rate, cost: number, now: number): Awaitable<Taken>;
  /** Whether `key`'s bucket holds a token at all, taking none. */
  peek(key: string, rate: Rate, now: number): Awaitable<Taken>;
  /**
   * Counts one hit at `now` under every key, all or none: refused when any key already holds its
   * limit within the window, with the seconds until every key has room for one more.
   */
  hit(keys: readonly WindowKey[], windowMs: number, now: number): Awaitable<Taken>;
  /** Takes back one hit counted at `at` under each key (the others stay counted). */
  forget(keys: readonly string[], windowMs: number, at: number): Awaitable<void>;
}

/** A store that answers at once (memory). */
export interface SyncCounters extends Counters {
  take(key: string, rate: Rate, cost: number, now: number): Taken;
  peek(key: string, rate: Rate, now: number): Taken;
  hit(keys: readonly WindowKey[], windowMs: number, now: number): Taken;
  forget(keys: readonly string[], windowMs: number, at: number): void;
}

/** A store that answers with a promise (the database). */
export interface AsyncCounters extends Counters {
  take(key: string, rate: Rate, cost: number, now: number): Promise<Taken>;
  peek(key: string, rate: Rate, now: number): Promise<Taken>;
  hit(keys: readonly WindowKey[], windowMs: number, now: number): Promise<Taken>;
  forget(keys: readonly string[], windowMs: number, at: number): Promise<void>;
}

/** What a limiter over store `C` answers: plain over memory, a promise over the database. */
export type Answer<C extends Counters, T> = C extends SyncCounters
  ? T
  : C extends AsyncCounters
    ? Promise<T>
    : Awaitable<T>;

/**
 * Applies `f` to a store's answer, keeping it plain when it was plain. (Not named `then`: a module
 * exporting `then` is taken for a promise when it is imported dynamically.)
 */
export function mapAnswer<T, U>(value: Awaitable<T>, f: (value: T) => U): Awaitable<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

// ---- The transitions: pure, shared by both stores. ----

/** A token bucket: its tokens at time `at`. */
export interface Bucket {
  tokens: number;
  at: number;
}

/** The times of a key's hits, oldest first. */
export type Hits = number[];

/** A key's state as stored, with the time from which it means nothing (a full bucket, no hits). */
export interface Stored<S> {
  state: S;
  expiresAt: number;
}

const perMs = (rate: Rate): number => rate.limit / rate.windowMs;

const secondsUntil = (rate: Rate, missing: number): number => Math.max(1, Math.ceil(missing / perMs(rate) / 1000));

/** The bucket's tokens at `now` (never more than the limit). */
export const levelOf = (bucket: Bucket, rate: Rate, now: number): number =>
  Math.min(rate.limit, bucket.tokens + (now - bucket.at) * perMs(rate));

const storedBucket = (bucket: Bucket, rate: Rate): Stored<Bucket> => ({
  state: bucket,
  // Full again then: the same as no bucket.
  expiresAt: bucket.at + (rate.limit - bucket.tokens) / perMs(rate),
});

/** A take: the answer and the bucket to keep (refilled to `now`, less what was taken). */
export function takeFrom(
  old: Bucket | undefined,
  rate: Rate,
  cost: number,
  now: number,
): { taken: Taken; next: Stored<Bucket> } {
  const need = Math.min(cost, rate.limit);
  const bucket = { tokens: old ? levelOf(old, rate, now) : rate.limit, at: now };
  if (bucket.tokens < need)
    return {
      taken: { ok: false, retryAfterSeconds: secondsUntil(rate, need - bucket.tokens) },
      next: storedBucket(bucket, rate),
    };
  bucket.tokens -= need;
  return { taken: { ok: true }, next: storedBucket(bucket, rate) };
}

/** A peek: whether the bucket holds one token (no bucket: a full one). */
export function peekAt(old: Bucket | undefined, rate: Rate, now: number): Taken {
  if (!old) return { ok: true };
  const tokens = levelOf(old, rate, now);
  return tokens >= 1 ? { ok: true } : { ok: false, retryAfterSeconds: secondsUntil(rate, 1 - tokens) };
}

/** The hits still within the window at `now` (undefined: none). */
export function recentHits(old: Hits | undefined, windowMs: number, now: number): Stored<Hits> | undefined {
  const cutoff = now - windowMs;
  const hits = (old ?? []).filter((t) => t > cutoff);
  return hits.length ? { state: hits, expiresAt: hits[hits.length - 1] + windowMs } : undefined;
}

/**
 * A hit under several keys: each key's recent hits (kept whether or not the hit is refused), and
 * the answer. Times are kept in order even if a clock (another instance's) is a little behind.
 */
export function hitAll(
  olds: readonly (Hits | undefined)[],
  keys: readonly WindowKey[],
  windowMs: number,
  now: number,
): { taken: Taken; next: (Stored<Hits> | undefined)[] } {
  const recent = olds.map((old) => recentHits(old, windowMs, now)?.state ?? []);
  let waitMs = 0;
  keys.forEach(({ limit }, i) => {
    const hits = recent[i];
    // Oldest first: one more hit fits once the (length − limit + 1)th oldest expires.
    if (hits.length >= limit) waitMs = Math.max(waitMs, hits[hits.length - limit] + windowMs - now);
  });
  const stored = (hits: Hits) =>
    hits.length ? { state: hits, expiresAt: hits[hits.length - 1] + windowMs } : undefined;
  if (waitMs > 0)
    return { taken: { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }, next: recent.map(stored) };
  return { taken: { ok: true }, next: recent.map((hits) => stored(insertInOrder(hits, now))) };
}

/** The hits less one at `at` (equal times are interchangeable: removing any one removes it). */
export function forgetHit(old: Hits | undefined, windowMs: number, at: number): Stored<Hits> | undefined {
  if (!old) return undefined;
  const hits = [...old];
  const i = hits.lastIndexOf(at);
  if (i >= 0) hits.splice(i, 1);
  return hits.length ? { state: hits, expiresAt: hits[hits.length - 1] + windowMs } : undefined;
}

function insertInOrder(hits: Hits, t: number): Hits {
  let i = hits.length;
  while (i > 0 && hits[i - 1] > t) i--;
  hits.splice(i, 0, t);
  return hits;
}

// ---- In memory. ----

/**
 * The counts in this process's memory: today's behaviour, the default on SQLite (one instance).
 * Bounded: past `maxKeys` keys, the keys whose state has expired (a full bucket, no recent hit)
 * are dropped, which changes nothing (they are the same as no key).
 */
export class MemoryCounters implements SyncCounters {
  private readonly keys = new Map<string, Stored<Bucket | Hits>>();

  constructor(private readonly maxKeys = 100_000) {}

  /** How many keys are kept (tests of the bound). */
  get size(): number {
    return this.keys.size;
  }

  take(key: string, rate: Rate, cost: number, now: number): Taken {
    const { taken, next } = takeFrom(this.get<Bucket>(key), rate, cost, now);
    this.keys.set(key, next);
    this.bound(now);
    return taken;
  }

  peek(key: string, rate: Rate, now: number): Taken {
    return peekAt(this.get<Bucket>(key), rate, now);
  }

  hit(keys: readonly WindowKey[], windowMs: number, now: number): Taken {
    const { taken, next } = hitAll(
      keys.map(({ key }) => this.get<Hits>(key)),
      keys,
      windowMs,
      now,
    );
    for (const [i, { key }] of keys.entries()) this.put(key, next[i]);
    this.bound(now);
    return taken;
  }

  forget(keys: readonly string[], windowMs: number, at: number): void {
    for (const key of keys) this.put(key, forgetHit(this.get<Hits>(key), windowMs, at));
  }

  private get<S extends Bucket | Hits>(key: string): S | undefined {
    return this.keys.get(key)?.state as S | undefined;
  }

  private put(key: string, stored: Stored<Bucket | Hits> | undefined): void {
    if (stored) this.keys.set(key, stored);
    else this.keys.delete(key);
  }

  private bound(now: number): void {
    if (this.keys.size <= this.maxKeys) return;
    for (const [key, stored] of this.keys) if (stored.expiresAt <= now) this.keys.delete(key);
  }
}

/**
 * Gives each limiter or throttle its own store by name (its keys apart from every other's): the
 * app makes one of these, in memory or over the database, and hands it to every limit.
 */
export type CountersOf = (scope: string) => Counters;

/** Each limit in this process's memory, apart (today's behaviour; the default). */
export const memoryCounters: CountersOf = () => new MemoryCounters();
