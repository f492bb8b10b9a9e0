import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_KEY, HISTORY_MAX, isHistoryOn, list, record, setHistoryOn } from './history';
import type { StoredResult } from './player';

let clock = Date.parse('2026-03-01T18:00:00Z');

/** A finished play, each one a minute after the last. */
function play(right: number, id = crypto.randomUUID()): StoredResult {
  clock += 60_000;
  return {
    testResultId: id,
    resultStatus: right >= 4 ? 'Pass' : 'Fail',
    rightAnswerCount: right,
    averageIntensity: 3,
    kitName: 'DEMO1',
    playedAt: new Date(clock).toISOString(),
  };
}

describe('the player’s history on this phone', () => {
  beforeEach(() => localStorage.clear());

  it('is off by default and records nothing while off', () => {
    expect(isHistoryOn()).toBe(false);
    record(play(4));
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();
    expect(list()).toEqual([]);
  });

  it('records a play once the player opts in, with the summary fields only', () => {
    setHistoryOn(true);
    expect(isHistoryOn()).toBe(true);
    const r = play(4);
    record(r);
    expect(list()).toEqual([
      {
        id: r.testResultId,
        playedAt: r.playedAt,
        kitName: 'DEMO1',
        rightAnswerCount: 4,
        cardCount: 5,
        resultStatus: 'Pass',
      },
    ]);
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]')).toHaveLength(1);
  });

  it('lists newest first, and recording the same result again keeps it once', () => {
    setHistoryOn(true);
    const first = play(2);
    const second = play(5);
    record(second);
    record(first);
    record(second);
    expect(list().map((e) => e.id)).toEqual([second.testResultId, first.testResultId]);
  });

  it(`keeps at most ${HISTORY_MAX}, dropping the oldest`, () => {
    setHistoryOn(true);
    const plays = Array.from({ length: HISTORY_MAX + 5 }, (_, i) => play(i % 6));
    for (const p of plays) record(p);
    const kept = list();
    expect(kept).toHaveLength(HISTORY_MAX);
    expect(kept[0].id).toBe(plays.at(-1)?.testResultId);
    expect(kept.at(-1)?.id).toBe(plays[5].testResultId);
  });

  it('turning it off deletes what was kept, and it stays empty until turned on again', () => {
    setHistoryOn(true);
    record(play(3));
    setHistoryOn(false);
    expect(isHistoryOn()).toBe(false);
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();
    record(play(4));
    setHistoryOn(true);
    expect(list()).toEqual([]);
  });

  it('ignores broken stored data', () => {
    setHistoryOn(true);
    localStorage.setItem(HISTORY_KEY, '{not json');
    expect(list()).toEqual([]);
    localStorage.setItem(HISTORY_KEY, JSON.stringify([{ id: 1 }, null, 'x']));
    expect(list()).toEqual([]);
    record(play(4));
    expect(list()).toHaveLength(1);
  });
});
