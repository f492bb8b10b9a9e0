import { createHash, createHmac } from 'node:crypto';
import type { Rate } from '../config';
import { type Db, inTransaction } from '../db/database';
import {
  deleteExpiredRateCounters,
  deleteRateCounter,
  findRateCounter,
  lockRateCounter,
  putRateCounter,
} from '../repositories/rate-counters';
import {
  type AsyncCounters,
  type Bucket,
  type CountersOf,
  forgetHit,
  type Hits,
  hitAll,
  peekAt,
  type Stored,
  type Taken,
  takeFrom,
  type WindowKey,
} from './counters';

export interface DbCountersOptions {
  /**
   * A secret shared by every instance (from configuration): the stored key is then an HMAC of the
   * limit's key, so the table names no e-mail or address to whoever reads it. Without it, SHA-256.
   */
  keySecret?: Buffer;
  /** How often (at most) a change also deletes the expired rows. */
  sweepEveryMs?: number;
}

/** The sweep's state, shared by every limit of one app (one table). */
interface Sweeper {
  lastAt: number;
  everyMs: number;
}

/**
 * The limits' counts in the database (table rate_counters), for instances sharing one database:
 * each change of a key is a transaction that locks the key's row, reads it, runs the transition
 * of limits/counters.ts (the very one MemoryCounters runs) and writes the result, so the count is
 * exact however many instances take at once. A change of several keys (a sign-in's three) locks
 * them in one order, so two instances never wait on each other in a circle.
 */
export class DbCounters implements AsyncCounters {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly options: DbCountersOptions = {},
    private readonly sweeper: Sweeper = { lastAt: Number.NEGATIVE_INFINITY, everyMs: options.sweepEveryMs ?? 60_000 },
  ) {}

  take(key: string, rate: Rate, cost: number, now: number): Promise<Taken> {
    return this.change([key], now, ([old]) => {
      const { taken, next } = takeFrom(old as Bucket | undefined, rate, cost, now);
      return { result: taken, next: [next] };
    });
  }

  async peek(key: string, rate: Rate, now: number): Promise<Taken> {
    const row = await findRateCounter(this.db, this.rowKey(key));
    return peekAt(stateOf<Bucket>(row?.state), rate, now);
  }

  hit(keys: readonly WindowKey[], windowMs: number, now: number): Promise<Taken> {
    return this.change(
      keys.map((k) => k.key),
      now,
      (olds) => {
        const { taken, next } = hitAll(olds as (Hits | undefined)[], keys, windowMs, now);
        return { result: taken, next };
      },
    );
  }

  async forget(keys: readonly string[], windowMs: number, at: number): Promise<void> {
    await this.change(keys, undefined, (olds) => ({
      result: undefined,
      next: olds.map((old) => forgetHit(old as Hits | undefined, windowMs, at)),
    }));
  }

  /** Deletes every expired row of the table (every limit's): how many. */
  sweep(now: number): Promise<number> {
    this.sweeper.lastAt = now;
    return deleteExpiredRateCounters(this.db, now);
  }

  private async change<T>(
    keys: readonly string[],
    now: number | undefined,
    decide: (olds: (Bucket | Hits | undefined)[]) => { result: T; next: (Stored<Bucket | Hits> | undefined)[] },
  ): Promise<T> {
    const rowKeys = keys.map((key) => this.rowKey(key));
    const result = await inTransaction(
      this.db,
      async (trx) => {
        const states = new Map<string, string>();
        for (const key of [...new Set(rowKeys)].sort()) states.set(key, (await lockRateCounter(trx, key)).state);
        const { result, next } = decide(rowKeys.map((key) => stateOf(states.get(key))));
        for (const [i, key] of rowKeys.entries()) {
          const stored = next[i];
          if (stored) await putRateCounter(trx, key, JSON.stringify(stored.state), Math.ceil(stored.expiresAt));
          else await deleteRateCounter(trx, key);
        }
        return result;
      },
      // Exact by the row locks taken above, in sorted order (see TransactionOptions).
      { isolation: 'read committed' },
    );
    if (now !== undefined && now - this.sweeper.lastAt >= this.sweeper.everyMs) await this.sweep(now);
    return result;
  }

  /** The stored key: the limit's name and its key, hashed (keyed when a shared secret is given). */
  private rowKey(key: string): string {
    const named = `${this.scope}\u0000${key}`;
    const hash = this.options.keySecret ? createHmac('sha256', this.options.keySecret) : createHash('sha256');
    return hash.update(named).digest('base64url');
  }
}

const stateOf = <S extends Bucket | Hits>(state: string | undefined): S | undefined =>
  state ? (JSON.parse(state) as S) : undefined;

/** Every limit's counts in the database `db`, one sweep shared by all (see DbCounters). */
export function dbCounters(db: Db, options: DbCountersOptions = {}): CountersOf {
  const sweeper: Sweeper = { lastAt: Number.NEGATIVE_INFINITY, everyMs: options.sweepEveryMs ?? 60_000 };
  return (scope) => new DbCounters(db, scope, options, sweeper);
}
