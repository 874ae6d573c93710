/**
 * Rounds: the load on several servers taken in turns, so that a slow phase of the machine (its CPU
 * cost per request here swings by up to 2× over minutes: other work, caches, clocks) falls on all
 * of them instead of on whichever ran then. Each server's rounds add up to one measure; a ratio of
 * two servers (dms-sim to its ceiling, a 100k world to a 1k one) is read from the same rounds.
 */
import autocannon from 'autocannon';
import type { Measure, RawRun } from './measure';

/**
 * The order of the servers in round `r` of a run: as given in even rounds, reversed in odd ones
 * (A B, B A, A B, B A …: over an even number of rounds each server's places add up alike, so a
 * drift over the run weighs the same on each).
 */
export function roundOrder(count: number, r: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  return r % 2 === 0 ? order : order.reverse();
}

/** The `--rounds` option: 1, or an even number up to 20 (roundOrder balances only those). */
export function parseRounds(text: string): number {
  const rounds = Number(text);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20 || (rounds > 1 && rounds % 2 !== 0)) throw new Error('--rounds must be 1 or an even number up to 20');
  return rounds;
}

/** `rounds` rounds over `count` servers (roundOrder), `measure(i)` each time: per server, its measures in round order. */
export async function inRounds(count: number, rounds: number, measure: (server: number) => Promise<Measure>): Promise<Measure[][]> {
  const out: Measure[][] = Array.from({ length: count }, () => []);
  for (let r = 0; r < rounds; r++) for (const i of roundOrder(count, r)) out[i].push(await measure(i));
  return out;
}

/**
 * One server's rounds as one measure: requests, time and CPU added up (rps and CPU µs per request
 * over all of them), errors added; p50 and p99 those of all the rounds' requests together (their
 * latency histograms merged: latencyOf), each round's own p99 kept beside them
 * (`p99Rounds`). Rounds made by hand, without autocannon's run, give the median round's p50 and the
 * worst round's p99 instead.
 */
export function combine(rounds: readonly Measure[]): Measure {
  if (rounds.length === 0) throw new Error('combine: no rounds');
  const requests = sum(rounds.map((m) => m.requests));
  const seconds = sum(rounds.map((m) => m.seconds));
  const cpu = rounds.some((m) => m.cpuUsPerReq === null) ? null : sum(rounds.map((m) => m.cpuUsPerReq! * m.requests));
  const runs = rounds.map((m) => m.run);
  const latency = runs.every((r) => r !== undefined)
    ? latencyOf(runs as RawRun[])
    : { p50: median(rounds.map((m) => m.p50)), p99: Math.max(...rounds.map((m) => m.p99)) };
  return {
    rps: requests / Math.max(seconds, 1e-9),
    p50: latency.p50,
    p99: latency.p99,
    p99Rounds: rounds.map((m) => m.p99),
    errors: sum(rounds.map((m) => m.errors)),
    non2xx: sum(rounds.map((m) => m.non2xx)),
    cpuUsPerReq: cpu === null || requests === 0 ? null : cpu / requests,
    requests,
    seconds,
  };
}

/**
 * The latency percentiles (ms) of the requests of all `runs` together: their histograms merged by
 * autocannon. It is given copies: aggregateResult adds the other runs' status-code counts into the
 * first run's own objects.
 */
export function latencyOf(runs: readonly RawRun[]): { p50: number; p99: number; count: number } {
  const merged = autocannon.aggregateResult(runs.map((r) => structuredClone(r)), { url: 'http://127.0.0.1' });
  return { p50: merged.latency.p50, p99: merged.latency.p99, count: merged.latency.totalCount };
}

/** The median of per-round ratios a[r] / b[r] (the same rounds), with their range; null when a round lacks a figure. */
export function pairedRatio(a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>): { median: number; min: number; max: number } | null {
  if (a.length === 0 || a.length !== b.length) return null;
  const ratios: number[] = [];
  for (let r = 0; r < a.length; r++) {
    const [x, y] = [a[r], b[r]];
    if (x === null || y === null || y <= 0) return null;
    ratios.push(x / y);
  }
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
