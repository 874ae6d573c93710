/** bench/rounds.ts: servers measured in turns, their rounds added up, paired ratios of the same rounds. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { cannon, type Measure, type RawRun } from '../bench/measure';
import { combine, inRounds, latencyOf, pairedRatio, parseRounds, roundOrder } from '../bench/rounds';

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

  it('adds rounds up: rps and CPU per request over all requests, errors summed; rounds made by hand: p50 the median round, p99 the worst', () => {
    const c = combine([m(1000, 2, 100, 3, 9), m(3000, 2, 60, 2, 20, 1), m(2000, 2, 80, 4, 12)]);
    expect(c).toEqual({ rps: 1000, requests: 6000, seconds: 6, cpuUsPerReq: (100_000 + 180_000 + 160_000) / 6000, p50: 3, p99: 20, p99Rounds: [9, 20, 12], errors: 1, non2xx: 0 });
    expect(combine([m(10, 1, null, 1, 1), m(10, 1, 5, 1, 1)]).cpuUsPerReq).toBeNull();
    expect(() => combine([])).toThrow('no rounds');
  });

  it("takes p50 and p99 over all the rounds' requests (their histograms merged), each round's own p99 kept beside", async () => {
    let delayMs = 0;
    const server = createServer((_req, res) => void setTimeout(() => res.end('x'), delayMs));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const runOf = (amount: number, connections: number) =>
      new Promise<RawRun>((resolve, reject) => autocannon({ url, amount, connections, skipAggregateResult: true }, (e, run) => (e ? reject(e) : resolve(run))));
    // p50 999 by hand: a combine that fell back to the rounds' own figures would show it.
    const round = (run: RawRun, requests: number): Measure => ({ ...m(requests, 1, null, 999, latencyOf([run]).p99), run });
    try {
      // The bench's own runs keep autocannon's run (a timed second here), whose histogram holds every answer.
      const timed = await cannon(url.slice(0, -1), { method: 'GET', path: '/', headers: {} }, 1, process.pid);
      expect(latencyOf([timed.run!]).count).toBe(timed.requests);
      const fast = await runOf(995, 5);
      delayMs = 200;
      const fiveSlow = await runOf(5, 5);
      const fifteenSlow = await runOf(15, 5);
      const slowP99 = latencyOf([fiveSlow]).p99;
      // (a timer may fire a little early, and the histogram keeps whole milliseconds)
      expect(slowP99).toBeGreaterThanOrEqual(150);
      // 5 slow answers in 1,000 are under 1%: the p99 is a fast one, though one round's p99 is slow.
      const under = combine([round(fast, 995), round(fiveSlow, 5)]);
      expect(latencyOf([fast, fiveSlow]).count).toBe(1000);
      expect(under.p99).toBeLessThan(100);
      expect(under.p99Rounds).toEqual([latencyOf([fast]).p99, slowP99]);
      expect(under.p50).toBe(latencyOf([fast, fiveSlow]).p50);
      expect(under.p50).toBeLessThan(100);
      // 15 in 1,010 are over 1%: the p99 is a slow one.
      expect(combine([round(fast, 995), round(fifteenSlow, 15)]).p99).toBeGreaterThanOrEqual(150);
      // Merging leaves the runs as they were (autocannon adds status counts into the first run it is given).
      const before = JSON.stringify(fast);
      latencyOf([fast, fiveSlow, fifteenSlow]);
      expect(JSON.stringify(fast)).toBe(before);
    } finally {
      await new Promise((r) => server.close(r));
    }
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
