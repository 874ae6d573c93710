import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdLists, NONE } from './idlists';

const listOf = (l: IdLists, i: number): number[] => {
  const v = l.of(i);
  return typeof v === 'number' ? [v] : [...v];
};

describe('IdLists', () => {
  it('keeps one id in place, none as NONE, several in the pool', () => {
    const l = new IdLists(4);
    l.set(0, [7]);
    l.set(1, []);
    l.set(2, [3, 5, 9]);
    l.setOne(3, 2);
    expect(l.ids[0]).toBe(7);
    expect(l.ids[1]).toBe(NONE);
    expect(l.ids[2]).toBeLessThan(NONE);
    expect([0, 1, 2, 3].map((i) => listOf(l, i))).toEqual([[7], [], [3, 5, 9], [2]]);
    const seen: number[] = [];
    l.each(2, (id) => seen.push(id));
    expect(seen).toEqual([3, 5, 9]);
    expect(l.some(2, (id) => id === 9)).toBe(true);
    expect(l.some(2, (id) => id === 4)).toBe(false);
    expect(l.some(1, () => true)).toBe(false);
  });

  it('hands out copies: changing what of() returned changes nothing', () => {
    const l = new IdLists(1);
    l.set(0, [1, 2]);
    (l.of(0) as number[]).push(3);
    expect(listOf(l, 0)).toEqual([1, 2]);
  });

  it('copies the list it is given', () => {
    const l = new IdLists(1);
    const given = [4, 6];
    l.set(0, given);
    given[0] = 99;
    expect(listOf(l, 0)).toEqual([4, 6]);
  });

  it('grows by a quarter, not double, when a row is appended beyond its capacity', () => {
    const l = new IdLists(100_000);
    for (let i = 0; i <= 100_000; i++) l.setOne(i, 0);
    expect(l.length).toBe(100_001);
    expect(l.ids.length).toBe(125_000);
  });

  it('compacts the pool once rows set again leave more waste than live lists', () => {
    const l = new IdLists(100);
    for (let i = 0; i < 100; i++) l.set(i, [i, i + 1, i + 2]);
    expect(l.poolSlots).toBe(400);
    for (let round = 0; round < 50; round++) for (let i = 0; i < 100; i++) l.set(i, [round, i]);
    // Without compaction: 400 + 50 × 300 slots.
    expect(l.poolSlots).toBeLessThanOrEqual(2 * 300 + 1024 + 3);
    for (let i = 0; i < 100; i++) expect(listOf(l, i)).toEqual([49, i]);
  });

  it('reads back what was last set, whatever the order of sets (property)', () => {
    const op = fc.record({ row: fc.nat(40), ids: fc.array(fc.nat(1000), { maxLength: 5 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400, size: 'max' }), (ops) => {
        const l = new IdLists(8);
        const model = new Map<number, number[]>();
        for (const { row, ids } of ops) {
          // A row is appended at the end: rows not yet set become empty first.
          for (let r = l.length; r < row; r++) {
            l.set(r, []);
            model.set(r, []);
          }
          l.set(row, ids);
          model.set(row, ids);
        }
        for (const [row, ids] of model) expect(listOf(l, row)).toEqual(ids);
      }),
      { numRuns: 200 },
    );
  });
});
