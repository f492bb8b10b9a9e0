import type { Rate } from '../config';
import { type Answer, type Counters, MemoryCounters, type Taken } from './counters';

/**
 * A token bucket per key: `limit` tokens at once, refilled evenly over `windowMs`, so a burst
 * from a whole event is taken and a steady flood is cut to the rate. A request takes as many
 * tokens as it costs (one per document pushed or kit code asked), all or none. The buckets live in
 * a Counters store: this process's memory (bounded; the default) or the database shared by every
 * instance (then each answer is a promise).
 */
export class Throttle<C extends Counters = MemoryCounters> {
  private readonly counters: C;

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = Date.now,
    maxKeys = 100_000,
    counters?: C,
  ) {
    this.counters = counters ?? (new MemoryCounters(maxKeys) as Counters as C);
  }

  /**
   * Takes `cost` tokens for `key`: allowed, or refused whole (nothing taken) with the seconds
   * until the bucket holds them. A cost above the limit is taken as the limit (config refuses a
   * limit below the largest request, so this only guards against a bucket never filling).
   */
  take(key: string, cost = 1): Answer<C, Taken> {
    return this.counters.take(key, this.rate, cost, this.now()) as Answer<C, Taken>;
  }

  /**
   * Whether `key` has a token at all, taking none: lets a request with an empty bucket be refused
   * before its body is read (its cost is only known from the body).
   */
  peek(key: string): Answer<C, Taken> {
    return this.counters.peek(key, this.rate, this.now()) as Answer<C, Taken>;
  }
}
