/** Stored results behind paging links: kept through the cache door (entries and bytes), renewed on use, expiring after 72 h. */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { MAX_STORED_RESULTS, PAGE_LINK_TTL_MS } from './choices';
import type { RowList } from '../../vql';
import { QueryResultStore, type StoredResult } from './results';

const entry = (rows: number, userId = 1): Omit<StoredResult, 'id' | 'expiresAt'> => ({
  tenantId: 10, userId, select: [], from: { name: 'documents', allVersions: false }, rows: Array.from({ length: rows }, (_, i) => ({ id: i })), limit: 5, maxPageSize: 1000,
});

describe('QueryResultStore', () => {
  it('names each result by 32 hex digits of its own, across blocks of the random source', () => {
    const store = new QueryResultStore(manualClock(), 1000);
    const ids = Array.from({ length: 600 }, () => store.save(entry(1)).id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(600);
  });

  it('takes a result only for its tenant and user, renewing it for 72 hours; an expired one is gone', () => {
    const clock = manualClock();
    const store = new QueryResultStore(clock);
    const r = store.save(entry(10));
    expect(store.take(r.id, 10, 2)).toBeUndefined();
    expect(store.take(r.id, 11, 1)).toBeUndefined();
    clock.advance(PAGE_LINK_TTL_MS - 1);
    expect(store.take(r.id, 10, 1)).toBe(r);
    expect(r.expiresAt).toBe(clock.now() + PAGE_LINK_TTL_MS);
    clock.advance(PAGE_LINK_TTL_MS);
    expect(store.take(r.id, 10, 1)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it(`keeps at most its capacity (default ${MAX_STORED_RESULTS}): the least recently used goes; a take makes a result the most recent`, () => {
    const store = new QueryResultStore(manualClock(), 3);
    const [a, b, c] = [store.save(entry(1)), store.save(entry(1)), store.save(entry(1))];
    expect(store.take(a.id, 10, 1)).toBe(a);
    store.save(entry(1)); // b goes
    expect([store.take(a.id, 10, 1), store.take(b.id, 10, 1), store.take(c.id, 10, 1)]).toEqual([a, undefined, c]);
    expect(store.size).toBe(3);
  });

  it('keeps at most its estimated bytes (a slot a row of a plain array): large results push out the least recent', () => {
    const store = new QueryResultStore(manualClock(), 100, 256 * 3 + 8 * 250);
    const small = store.save(entry(10));
    const big1 = store.save(entry(100));
    expect([store.take(small.id, 10, 1), store.take(big1.id, 10, 1)]).toEqual([small, big1]);
    const big2 = store.save(entry(150)); // 3×256 + 8×260 > bound: small (least recent) goes
    expect([store.take(small.id, 10, 1), store.take(big1.id, 10, 1), store.take(big2.id, 10, 1)]).toEqual([undefined, big1, big2]);
    const huge = store.save(entry(1000)); // above the whole bound: never kept, the others stay
    expect([store.take(huge.id, 10, 1), store.size]).toEqual([undefined, 2]);
  });

  it('drops expired results when saving', () => {
    const clock = manualClock();
    const store = new QueryResultStore(clock);
    store.save(entry(1));
    store.save(entry(1));
    clock.advance(PAGE_LINK_TTL_MS);
    store.save(entry(1));
    expect(store.size).toBe(1);
  });

  it('drops expired results from the least recently used end only; one behind a live result (the clock set back) is never taken', () => {
    const clock = manualClock(1_000_000_000);
    const store = new QueryResultStore(clock);
    const early = store.save(entry(1));
    clock.set(clock.now() - PAGE_LINK_TTL_MS); // back: the next result expires a lifetime before the first
    const behind = store.save(entry(1));
    clock.set(clock.now() + PAGE_LINK_TTL_MS + 1); // behind has expired, early has not
    store.save(entry(1));
    expect(store.size).toBe(3); // behind is not at the end: kept, though expired
    expect(store.take(behind.id, 10, 1)).toBeUndefined();
    expect(store.take(early.id, 10, 1)).toBe(early);
    expect(store.size).toBe(2);
  });

  it('gives back the memory of a result\'s rows when it goes (pushed out, expired), never while it is kept or taken', () => {
    const clock = manualClock();
    const store = new QueryResultStore(clock, 2);
    const released: string[] = [];
    const rowsNamed = (name: string): RowList => ({ length: 3, slice: () => [], release: () => released.push(name) });
    const a = store.save({ ...entry(0), rows: rowsNamed('a') });
    store.save({ ...entry(0), rows: rowsNamed('b') });
    expect(store.take(a.id, 10, 1)).toBe(a);
    expect(released).toEqual([]);
    store.save({ ...entry(0), rows: rowsNamed('c') }); // b (least recently used) goes
    expect(released).toEqual(['b']);
    clock.advance(PAGE_LINK_TTL_MS);
    expect(store.take(a.id, 10, 1)).toBeUndefined(); // expired: a goes
    expect(released).toEqual(['b', 'a']);
    store.save({ ...entry(0), rows: rowsNamed('d') }); // c has expired too: swept
    expect(released).toEqual(['b', 'a', 'c']);
    expect(store.size).toBe(1);
  });
});
