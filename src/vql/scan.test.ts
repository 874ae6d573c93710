import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import type { Candidates } from './candidates';
import { matchRows } from './scan';

/** A frame of n slots (matchRows reads only rows and length on an exact probe's path). */
const frameOf = (n: number) => ({ rows: Array.from({ length: n }, (_, i) => ({ id: i })), length: n }) as unknown as Frame;
const allVisible = (n: number) => {
  const v = new Uint32Array((n + 31) >>> 5);
  for (let i = 0; i < n; i++) v[i >>> 5] |= 1 << (i & 31);
  return v;
};
const slotsOf = (bits: Uint32Array, n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => (bits[i >>> 5] & (1 << (i & 31))) !== 0);

describe('matchRows with an exact probe', () => {
  it('one run, every slot visible: its slots and their count (the fast path), as with a visible set holding all', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 300 }), fc.nat(), fc.nat(), fc.nat(), (n, seed, a, b) => {
      const perm = Int32Array.from(Array.from({ length: n }, (_, i) => i).sort((x, y) => ((x * 7919 + seed) % n) - ((y * 7919 + seed) % n)));
      const [lo, hi] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y);
      const probe = (): Candidates => ({ size: hi - lo, runs: [{ perm, lo, hi }], exact: true });
      const fast = matchRows(frameOf(n), [], () => true, undefined, probe, true);
      const general = matchRows(frameOf(n), [], () => true, allVisible(n), probe, true);
      expect(fast.count).toBe(hi - lo);
      expect(slotsOf(fast.bits, n)).toEqual([...perm.subarray(lo, hi)].sort((x, y) => x - y));
      expect([...fast.bits]).toEqual([...general.bits]);
      expect(fast.count).toBe(general.count);
    }));
  });

  it('overlapping runs (an OR) count each slot once', () => {
    const perm = Int32Array.from([4, 2, 0, 1, 3]);
    const probe = (): Candidates => ({ size: 5, runs: [{ perm, lo: 0, hi: 3 }, { perm, lo: 1, hi: 5 }], exact: true });
    const { bits, count } = matchRows(frameOf(5), [], () => true, undefined, probe, true);
    expect(count).toBe(5);
    expect(slotsOf(bits, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('distinct runs (an IN cut to a range of slots) count every slot of each, as the general path does', () => {
    const perm = Int32Array.from([1, 3, 4, 7, 9, 0, 2, 5, 8, 6]);
    const probe = (): Candidates => ({ size: 5, runs: [{ perm, lo: 1, hi: 3 }, { perm, lo: 6, hi: 9 }], exact: true, distinct: true });
    const fast = matchRows(frameOf(10), [], () => true, undefined, probe, true);
    const general = matchRows(frameOf(10), [], () => true, allVisible(10), probe, true);
    expect(fast.count).toBe(5);
    expect(slotsOf(fast.bits, 10)).toEqual([2, 3, 4, 5, 8]);
    expect([...fast.bits]).toEqual([...general.bits]);
    expect(general.count).toBe(5);
    // The fast path trusts the flag: it counts every slot of each run, without looking for one
    // met twice (runs that do overlap are never flagged: an OR's union is not distinct).
    const flagged = (): Candidates => ({ size: 5, runs: [{ perm, lo: 1, hi: 3 }, { perm, lo: 2, hi: 5 }], exact: true, distinct: true });
    expect(matchRows(frameOf(10), [], () => true, undefined, flagged, true).count).toBe(5);
    expect(matchRows(frameOf(10), [], () => true, allVisible(10), flagged, true).count).toBe(4);
  });
});
