import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Endpoint, requestCost } from '../common/endpoint';
import { CONTRACT, LARGEST_COSTS } from './contract';

const withCost = (Object.entries(CONTRACT) as [string, Endpoint][]).filter(([, e]) => e.cost);
/** A body whose counted array has `n` items (what they are does not matter to the cap). */
const bodyOf = (e: Endpoint, n: number) => {
  const items = Array.from({ length: n }, () => ({}));
  return e.cost?.field ? { [e.cost.field]: items } : items;
};
const tooBig = (e: Endpoint, n: number) =>
  ((e.body as z.ZodType).safeParse(bodyOf(e, n)).error?.issues ?? []).some(
    (i) => i.code === 'too_big' && i.path.join('.') === (e.cost?.field ?? ''),
  );

describe('what a request costs against its throttle', () => {
  it('declares a cost on every push and the kit pull, with the cap of its schema', () => {
    expect(withCost.map(([name]) => name).sort()).toEqual([
      'pullKits',
      'pushEmails',
      'pushMedical',
      'pushQuestionnaires',
      'pushResults',
    ]);
    for (const [name, e] of withCost) {
      expect(e.route.throttle, name).toBeDefined();
      expect(tooBig(e, e.cost?.max ?? 0), name).toBe(false);
      expect(tooBig(e, (e.cost?.max ?? 0) + 1), name).toBe(true);
    }
  });

  it('names the largest request of each throttle: a push of 100 results, a pull of 50 codes', () => {
    expect(LARGEST_COSTS).toEqual({
      submit: { cost: 100, endpoint: 'pushResults' },
      read: { cost: 50, endpoint: 'pullKits' },
    });
  });

  it('counts the items, at least one and at most the cap, whatever the body is', () => {
    const push = CONTRACT.pushResults.cost;
    const pull = CONTRACT.pullKits.cost;
    expect(requestCost(push, Array(100).fill({}))).toBe(100);
    expect(requestCost(push, [{}])).toBe(1);
    expect(requestCost(push, [])).toBe(1);
    expect(requestCost(push, Array(5000).fill(0))).toBe(100);
    expect(requestCost(push, { length: 1e9 })).toBe(1);
    expect(requestCost(push, 'x'.repeat(500))).toBe(1);
    expect(requestCost(push, null)).toBe(1);
    expect(requestCost(pull, { codes: Array(50).fill('a') })).toBe(50);
    expect(requestCost(pull, { codes: 'abc' })).toBe(1);
    expect(requestCost(pull, [['a', 'b']])).toBe(1);
    expect(requestCost(pull, undefined)).toBe(1);
    expect(requestCost(undefined, Array(100).fill({}))).toBe(1);
  });
});
