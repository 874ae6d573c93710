import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock, systemClock } from './clock';

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
