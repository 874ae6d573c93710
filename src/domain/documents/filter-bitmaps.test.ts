/** The filter bitmaps of the kept orders (filter-bitmaps.ts): members, their count, growth, and changes in and out. */
import { describe, expect, it } from 'vitest';
import { FilterBitmaps, VISIBLE_BITMAPS_KEPT } from './filter-bitmaps';
import type { StoredDocument } from './model';

const doc = (id: number, owner: number) => ({ id, roles: { owner__v: { users: [owner], groups: [] } } }) as unknown as StoredDocument;

describe('filter bitmaps', () => {
  it('hold the documents their test admits, count them, and follow a document in and out', () => {
    const docs = new Map([1, 2, 3, 4, 5].map((id) => [id, doc(id, id % 2)]));
    const bitmaps = new FilterBitmaps(() => docs.values(), (id) => docs.get(id));
    const owns = (user: number) => () => (d: StoredDocument) => d.roles.owner__v!.users.includes(user);
    const odd = bitmaps.of('odd', owns(1));
    expect([...bitmaps.members(odd)].map((d) => d.id)).toEqual([1, 3, 5]);
    expect(odd.count).toBe(3);
    expect(bitmaps.of('odd', () => { throw new Error('not built again'); })).toBe(odd);

    // Out (a role change), in, and unchanged (counted once).
    docs.get(3)!.roles.owner__v = { users: [0], groups: [] };
    bitmaps.changed(docs.get(3)!);
    docs.get(4)!.roles.owner__v = { users: [1], groups: [] };
    bitmaps.changed(docs.get(4)!);
    bitmaps.changed(docs.get(4)!);
    expect([...bitmaps.members(odd)].map((d) => d.id)).toEqual([1, 4, 5]);
    expect(odd.count).toBe(3);

    // A new document beyond the bitmap's length: grown when it is in, left alone when not.
    const length = odd.bits.length;
    docs.set(5000, doc(5000, 0));
    bitmaps.changed(docs.get(5000)!);
    expect(odd.bits.length).toBe(length);
    docs.set(5001, doc(5001, 1));
    bitmaps.changed(docs.get(5001)!);
    expect(odd.bits.length).toBeGreaterThan(5001);
    expect([...bitmaps.members(odd)].map((d) => d.id)).toEqual([1, 4, 5, 5001]);
    expect(odd.count).toBe(4);
  });

  it('keeps at most VISIBLE_BITMAPS_KEPT bitmaps, the oldest out first', () => {
    const docs = new Map([[1, doc(1, 1)]]);
    const bitmaps = new FilterBitmaps(() => docs.values(), (id) => docs.get(id));
    let built = 0;
    const test = () => { built++; return () => true; };
    const first = bitmaps.of('f0', test);
    for (let i = 1; i <= VISIBLE_BITMAPS_KEPT; i++) bitmaps.of(`f${i}`, test);
    expect(built).toBe(VISIBLE_BITMAPS_KEPT + 1);
    // The others are still kept (not built again)…
    for (let i = 1; i <= VISIBLE_BITMAPS_KEPT; i++) bitmaps.of(`f${i}`, test);
    expect(built).toBe(VISIBLE_BITMAPS_KEPT + 1);
    // …and the first went out: built again.
    expect(bitmaps.of('f0', test)).not.toBe(first);
    expect(built).toBe(VISIBLE_BITMAPS_KEPT + 2);
  });
});
