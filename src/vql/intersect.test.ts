/** intersect(): the AND of exact candidates, and a range of slots cutting runs of one key by binary search. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candidates, Run } from './candidates';
import { intersect } from './intersect';

// Ten slots whose keys are b a b a a b c a b a: sorted by key, ties by slot (sorted.ts keyCompare).
const byKey = Int32Array.from([1, 3, 4, 7, 9, 0, 2, 5, 8, 6]);
const identity = Int32Array.from({ length: 10 }, (_, i) => i);
const slotsOf = (c: Candidates): number[] => c.runs.flatMap(({ perm, lo, hi }) => Array.from(perm.subarray(lo, hi))).sort((x, y) => x - y);
const part = (runs: Run[]): Candidates => ({ size: runs.reduce((n, r) => n + r.hi - r.lo, 0), runs, exact: true });
const slotsFrom = (lo: number, hi: number): Candidates => part([{ perm: identity, lo, hi }]);

describe('intersect', () => {
  const keysAB = (ascending: boolean) => part([{ perm: byKey, lo: 0, hi: 5, ascending }, { perm: byKey, lo: 5, hi: 9, ascending }]);

  it("cuts each run of one key to a range of slots, the range's ends as given ([2, 7): slot 2 in, slot 7 out), reading the key index itself", () => {
    const found = intersect([keysAB(true), slotsFrom(2, 7)], 10);
    expect(slotsOf(found)).toEqual([2, 3, 4, 5]);
    expect(found).toMatchObject({ size: 4, exact: true, distinct: true });
    expect(found.runs.every((r) => r.perm === byKey && r.ascending)).toBe(true);
  });

  it('answers the same slots by a pass over runs not known to ascend (a list of its own, not the key index)', () => {
    const found = intersect([slotsFrom(2, 7), keysAB(false)], 10);
    expect(slotsOf(found)).toEqual([2, 3, 4, 5]);
    expect(found.size).toBe(4);
    expect(found.distinct).toBeUndefined();
    expect(found.runs).toHaveLength(1);
    expect(found.runs[0].perm).not.toBe(byKey);
  });

  it('cuts by binary search exactly as the pass does, for any keys, values of an IN and range (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 300, size: 'max' }), fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }), fc.nat(), fc.nat(), (keys, values, a, b) => {
      const n = keys.length;
      const perm = Int32Array.from(keys.map((_, i) => i).sort((x, y) => keys[x] - keys[y] || x - y));
      const runOf = (v: number, ascending: boolean): Run => {
        let lo = 0;
        while (lo < n && keys[perm[lo]] < v) lo++;
        let hi = lo;
        while (hi < n && keys[perm[hi]] === v) hi++;
        return { perm, lo, hi, ascending };
      };
      const [lo, hi] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y);
      const runs = (ascending: boolean) => values.map((v) => runOf(v, ascending)).filter((r) => r.hi > r.lo);
      // An AND hands intersect only parts with candidates (probe.ts: an empty one answers at once).
      fc.pre(runs(true).length > 0);
      const range = (): Candidates => part([{ perm: Int32Array.from({ length: n }, (_, i) => i), lo, hi }]);
      const cut = intersect([part(runs(true)), range()], n);
      const pass = intersect([part(runs(false)), range()], n);
      const expected = keys.flatMap((k, i) => (values.includes(k) && i >= lo && i < hi ? [i] : []));
      expect(slotsOf(cut)).toEqual(expected);
      expect(slotsOf(pass)).toEqual(expected);
      expect(cut.size).toBe(expected.length);
    }), { numRuns: 300 });
  });

  it('narrows the range by every range part, and answers nothing when a cut leaves no slot', () => {
    expect(slotsOf(intersect([keysAB(true), slotsFrom(0, 9), slotsFrom(6, 10)], 10))).toEqual([7, 8]);
    expect(intersect([part([{ perm: byKey, lo: 9, hi: 10, ascending: true }]), slotsFrom(0, 6)], 10)).toMatchObject({ size: 0, runs: [] });
  });

  it('intersects parts without a range through bitsets', () => {
    const even = part([{ perm: Int32Array.from([0, 2, 4, 6, 8]), lo: 0, hi: 5 }]);
    expect(slotsOf(intersect([keysAB(true), even], 10))).toEqual([0, 2, 4, 8]);
  });
});
