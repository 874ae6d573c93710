import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoMillis, manualClock, systemClock } from './clock';

describe('systemClock', () => {
  afterEach(() => vi.restoreAllMocks());
  const wall = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms);

  it('runs with wall time plus an offset that advance and set move', () => {
    wall(1_000_000);
    const c = systemClock();
    expect(c.now()).toBe(1_000_000);
    c.advance(500);
    c.advance(-10);
    expect(c.now()).toBe(1_000_500);
    wall(1_000_100);
    expect(c.now()).toBe(1_000_600);
    c.set(5_000);
    expect(c.now()).toBe(5_000);
    wall(1_000_200);
    expect(c.now()).toBe(5_100);
  });

  it('frozen, it stands still until unfrozen, then runs on from there; reset goes back to wall time', () => {
    wall(2_000_000);
    const c = systemClock();
    c.freeze();
    expect(c.frozen).toBe(true);
    wall(2_000_700);
    expect(c.now()).toBe(2_000_000);
    c.set(9_000);
    c.advance(1_000);
    expect(c.now()).toBe(10_000);
    c.unfreeze();
    expect(c.frozen).toBe(false);
    wall(2_000_800);
    expect(c.now()).toBe(10_100);
    c.reset();
    expect(c.now()).toBe(2_000_800);
    expect(c.frozen).toBe(false);
  });
});

describe('manualClock', () => {
  it('moves only when told; set may go back; reset returns to its start', () => {
    const c = manualClock(1_000);
    c.advance(50);
    c.set(10);
    expect(c.now()).toBe(10);
    c.freeze();
    expect(c.frozen).toBe(true);
    c.reset();
    expect([c.now(), c.frozen]).toEqual([1_000, false]);
  });
});

describe('isoMillis', () => {
  const viaDate = (ms: number): string => {
    try {
      return new Date(ms).toISOString();
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };
  const ours = (ms: number): string => {
    try {
      return isoMillis(ms);
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };

  it('writes what toISOString writes, for any ms Date holds, whole or not, and for the values it refuses', () => {
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => ours(ms) === viaDate(ms)), { numRuns: 20_000 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => ours(ms) === viaDate(ms)), { numRuns: 50_000 });
    fc.assert(fc.property(fc.double({ min: -1e16, max: 1e16 }), (ms) => ours(ms) === viaDate(ms)), { numRuns: 5_000 });
  });

  it('at the edges: days, months, leap years, the first and last ms it writes by arithmetic', () => {
    const day = 86_400_000;
    const edges = [0, 1, 999, 1000, day - 1, day, Date.UTC(2000, 1, 29), Date.UTC(2000, 2, 1) - 1, Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1), Date.UTC(1972, 1, 29, 12), Date.UTC(2024, 11, 31, 23, 59, 59, 999), Date.UTC(2025, 0, 1),
      253_402_300_799_999, 253_402_300_800_000, -1, -0, 0.5, 8.64e15, 8.64e15 + 1, NaN, Infinity, -Infinity];
    for (const ms of edges) expect(ours(ms), String(ms)).toBe(viaDate(ms));
    expect(isoMillis(Date.UTC(2000, 1, 29, 7, 8, 9, 10))).toBe('2000-02-29T07:08:09.010Z');
    expect(() => isoMillis(NaN)).toThrow(RangeError);
  });
});
