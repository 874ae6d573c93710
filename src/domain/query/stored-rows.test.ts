/**
 * A stored result's rows are pool memory given back when the result goes (vql/kept-rows.ts): under
 * churn (more results than the store keeps, each pushing out the least recently used), the memory
 * of results gone is reused by new ones, and every result still kept pages exactly as at first.
 */
import { describe, expect, it } from 'vitest';
import { scratchBuffersMade } from '../../vql/scratch';
import { MAX_STORED_RESULTS } from './choices';
import { promoWorld } from './test-world';

describe('stored results under churn', () => {
  it('page exactly while kept, through more than the store holds; results pushed out expire and their memory is reused', () => {
    const pw = promoWorld();
    const admin = pw.admin();
    const queries = pw.world.queries;
    const ids = (a: { data: Record<string, unknown>[] }) => a.data.map((r) => r.id as number);
    const text = (k: number) => `SELECT id FROM documents WHERE id > ${100 + (k % 25)} ORDER BY id ${k % 2 ? 'DESC' : 'ASC'} PAGESIZE 3`;
    const all = (k: number) => {
      const first = queries.run(admin, text(k));
      const rows = [...ids(first)];
      for (let off = 3; off < first.total!; off += 3) rows.push(...ids(queries.page(admin, first.queryId!, { pagesize: 3, pageoffset: off })));
      return rows;
    };
    const expected = Array.from({ length: 50 }, (_, k) => all(k));
    expect(expected[0].slice(0, 4)).toEqual([101, 102, 103, 104]);
    expect(expected[1].slice(0, 2)).toEqual([...expected[1]].sort((a, b) => b - a).slice(0, 2));
    expect(new Set(expected.map((r) => r.length)).size, 'the texts find lists of different lengths').toBeGreaterThan(5);

    const held = queries.run(admin, text(7));
    const first = queries.run(admin, text(8));
    const madeBefore = scratchBuffersMade();
    for (let k = 0; k < 3 * MAX_STORED_RESULTS; k++) {
      const a = queries.run(admin, text(k));
      expect(ids(a)).toEqual(expected[k % 50].slice(0, 3));
      if (k % 50 === 0) {
        // `held` is taken often enough to stay among the most recent: each of its pages is as at first.
        const pages = [0, 3, 6].map((off) => ids(queries.page(admin, held.queryId!, { pagesize: 3, pageoffset: off })));
        expect(pages.flat()).toEqual(expected[7].slice(0, 9));
      }
    }
    expect(() => queries.page(admin, first.queryId!, { pagesize: 3, pageoffset: 3 }), 'pushed out long ago').toThrow();
    // Each query stored a list of its own; once the store was full, each took the memory of the one it pushed out.
    expect(scratchBuffersMade() - madeBefore, 'new memory for the first MAX_STORED_RESULTS lists only').toBeLessThanOrEqual(MAX_STORED_RESULTS + 10);
  });
});
