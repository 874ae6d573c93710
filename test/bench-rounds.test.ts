/** bench/rounds.ts: servers measured in turns, their rounds added up, paired ratios of the same rounds. */
import { describe, expect, it } from 'vitest';
import type { Measure } from '../bench/measure';
import { combine, inRounds, pairedRatio, parseRounds, roundOrder } from '../bench/rounds';

const m = (requests: number, seconds: number, cpuUsPerReq: number | null, p50: number, p99: number, errors = 0): Measure =>
  ({ rps: requests / seconds, requests, seconds, cpuUsPerReq, p50, p99, errors, non2xx: 0 });

describe('bench rounds', () => {
  it('takes the servers in turns: as given, then reversed (A B, B A, A B)', () => {
    expect([0, 1, 2].map((r) => roundOrder(2, r))).toEqual([[0, 1], [1, 0], [0, 1]]);
    expect(roundOrder(3, 1)).toEqual([2, 1, 0]);
  });

  it('takes 1 or an even number of rounds (an odd number would weigh a drift on one server more)', () => {
    expect([1, 2, 4, 20].map((r) => parseRounds(String(r)))).toEqual([1, 2, 4, 20]);
    for (const bad of ['3', '0', '22', '2.5', 'x', '-2']) expect(() => parseRounds(bad), bad).toThrow('--rounds must be 1 or an even number up to 20');
  });

  it('measures each server once a round, in that order, and answers each its rounds in order', async () => {
    const calls: number[] = [];
    let t = 0;
    const out = await inRounds(2, 3, async (i) => {
      calls.push(i);
      return m(100 + t++, 1, 10, 1, 2);
    });
    expect(calls).toEqual([0, 1, 1, 0, 0, 1]);
    expect(out.map((rounds) => rounds.map((x) => x.requests))).toEqual([[100, 103, 104], [101, 102, 105]]);
  });

  it('adds rounds up: rps and CPU per request over all requests, p50 the median round, p99 the worst, errors summed', () => {
    const c = combine([m(1000, 2, 100, 3, 9), m(3000, 2, 60, 2, 20, 1), m(2000, 2, 80, 4, 12)]);
    expect(c).toEqual({ rps: 1000, requests: 6000, seconds: 6, cpuUsPerReq: (100_000 + 180_000 + 160_000) / 6000, p50: 3, p99: 20, errors: 1, non2xx: 0 });
    expect(combine([m(10, 1, null, 1, 1), m(10, 1, 5, 1, 1)]).cpuUsPerReq).toBeNull();
    expect(() => combine([])).toThrow('no rounds');
  });

  it('pairs ratios by round: median and range, none when a round lacks a figure or the counts differ', () => {
    expect(pairedRatio([300, 200, 450], [100, 100, 150])).toEqual({ median: 3, min: 2, max: 3 });
    expect(pairedRatio([4, 9], [2, 3])).toEqual({ median: 2.5, min: 2, max: 3 });
    expect(pairedRatio([1, null], [1, 2])).toBeNull();
    expect(pairedRatio([1], [1, 2])).toBeNull();
    expect(pairedRatio([1], [0])).toBeNull();
    expect(pairedRatio([], [])).toBeNull();
  });
});
