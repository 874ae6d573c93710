import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { API_WINDOW_MS, AUTH_WINDOW_MS, FixedWindowCounter, Throttle } from './index';

describe('FixedWindowCounter', () => {
  it('counts per key within a window aligned on the clock, and starts again in the next', () => {
    const clock = manualClock(Date.parse('2026-01-15T09:00:00.000Z'));
    const c = new FixedWindowCounter(clock, 60_000);
    expect(c.hit('a')).toEqual({ count: 1, resetInMs: 60_000 });
    clock.advance(59_999);
    expect(c.hit('a')).toEqual({ count: 2, resetInMs: 1 });
    expect(c.hit('b')).toEqual({ count: 1, resetInMs: 1 });
    clock.advance(1);
    expect(c.hit('a')).toEqual({ count: 1, resetInMs: 60_000 });
  });
});

describe('Throttle', () => {
  const settings = { throttling: true, throttleDelayMs: 500 };

  it('auth: no delay up to half the limit, delayed above it, refused past it', () => {
    const t = new Throttle(manualClock(), settings);
    const seen = Array.from({ length: 7 }, () => t.authCall('Alice@X', 'acme', 5));
    expect(seen.map((d) => [d.delayMs, d.refused, d.remaining])).toEqual([
      [0, false, 4], [0, false, 3], [500, false, 2], [500, false, 1], [500, false, 0], [0, true, 0], [0, true, 0],
    ]);
    expect(seen.every((d) => d.limit === 5)).toBe(true);
  });

  it('auth: keyed by user name (case and spaces ignored) and domain', () => {
    const t = new Throttle(manualClock(), settings);
    t.authCall('alice', 'acme', 2);
    t.authCall(' ALICE ', 'acme', 2);
    expect(t.authCall('alice', 'acme', 2).refused).toBe(true);
    expect(t.authCall('alice', 'other', 2).refused).toBe(false);
    expect(t.authCall('bob', 'acme', 2).refused).toBe(false);
  });

  it('auth: the window is one minute', () => {
    const clock = manualClock();
    const t = new Throttle(clock, settings);
    t.authCall('a', 'd', 1);
    expect(t.authCall('a', 'd', 1).refused).toBe(true);
    clock.advance(AUTH_WINDOW_MS);
    expect(t.authCall('a', 'd', 1).refused).toBe(false);
  });

  it('api: delayed over the limit, never refused; five-minute window per tenant', () => {
    const clock = manualClock();
    const t = new Throttle(clock, settings);
    const seen = Array.from({ length: 4 }, () => t.apiCall(7, 2));
    expect(seen.map((d) => [d.delayMs, d.refused, d.remaining])).toEqual([[0, false, 1], [0, false, 0], [500, false, 0], [500, false, 0]]);
    expect(t.apiCall(8, 2).delayMs).toBe(0);
    clock.advance(API_WINDOW_MS);
    expect(t.apiCall(7, 2)).toMatchObject({ delayMs: 0, remaining: 1 });
  });

  it('api: a call taken back (apiUncount) no longer counts, never below none', () => {
    const t = new Throttle(manualClock(), settings);
    t.apiCall(7, 5);
    t.apiCall(7, 5);
    t.apiUncount(7);
    expect(t.apiStanding(7, 5).remaining).toBe(4);
    t.apiUncount(7);
    t.apiUncount(7);
    t.apiUncount(8);
    expect([t.apiStanding(7, 5).remaining, t.apiStanding(8, 5).remaining]).toEqual([5, 5]);
    expect(t.apiCall(7, 5).remaining).toBe(4);
    // A call taken back after its window rolled over leaves the new window whole.
    const clock = manualClock();
    const rolled = new Throttle(clock, settings);
    rolled.apiCall(7, 5);
    rolled.apiCall(7, 5);
    clock.advance(API_WINDOW_MS);
    rolled.apiUncount(7);
    expect(rolled.apiStanding(7, 5).remaining).toBe(5);
    expect(rolled.apiCall(7, 5).remaining).toBe(4);
  });

  it('throttling off: never delayed, never refused (benchmarks log in far past the burst)', () => {
    const t = new Throttle(manualClock(), { throttling: false, throttleDelayMs: 500 });
    expect(Array.from({ length: 3 }, () => t.apiCall(1, 1).delayMs)).toEqual([0, 0, 0]);
    expect(Array.from({ length: 3 }, () => t.authCall('a', 'd', 2)).map((d) => [d.delayMs, d.refused])).toEqual([[0, false], [0, false], [0, false]]);
  });
});
