/**
 * The orders and filtered copies of list-index.ts stay within their bounds while patched in place
 * (found by a review of the change that keeps copies across changes): the cache door counts each as
 * it is now, and the index keeps nothing per filter beyond its bounded caches.
 */
import { expect, it } from 'vitest';
import { ListIndex, LIST_INDEX_FILTERED, type IndexSource } from './list-index';
import { VISIBLE_BITMAPS_KEPT } from './filter-bitmaps';
import type { StoredDocument, DocumentVersion } from './model';
import type { MetadataView } from './metadata';
import { SLOT_BYTES } from '../cache';

const view = {} as MetadataView;

/** A document of one version and no fields: ordered by id here (`valueOf`). */
const docOf = (id: number): StoredDocument => ({
  id, doctype: 't', lifecycle: 'l', documentNumber: undefined, createdDay: 0, createdMs: 0, createdBy: 1, roles: {}, binder: false, crosslink: false, attachments: [],
  versions: [{ major: 0, minor: 1, state: 's', fields: {}, createdDay: 0, createdMs: 0, createdBy: 1, modifiedDay: 0, modifiedMs: 0, modifiedBy: 1 } as DocumentVersion],
});

/** An index over documents 1…n, and `add` to create one more. */
function indexOf(n: number) {
  const docs = new Map<number, StoredDocument>();
  const source: IndexSource = { documents: () => docs.values(), document: (id) => docs.get(id), count: () => docs.size, valueOf: (_v, doc) => doc.id };
  const index = new ListIndex(source);
  const add = (id: number) => {
    const d = docOf(id);
    docs.set(id, d);
    index.changed(d, true);
  };
  for (let id = 1; id <= n; id++) add(id);
  type Counted = { bytes: number; size: number };
  const caches = index as unknown as { filtered: Counted; orders: Counted; bitmaps: { bitmaps: Map<string, unknown> } };
  return { docs, index, add, caches };
}

it('count a copy grown in place again: the copies kept hold within LIST_INDEX_FILTERED.bytes', () => {
  const { docs, index, add, caches } = indexOf(1000);
  // 40 users who each see every document but one (not the administrator: a filtered copy each)
  const USERS = 40;
  const list = () => { for (let u = 0; u < USERS; u++) index.orderFor(view, `sees:${u}`, () => (d) => d.id !== u + 1, 'latest', 'id'); };
  list();
  const filtered = caches.filtered;
  expect(filtered.size).toBe(USERS);
  const counted0 = filtered.bytes;
  for (let id = 1001; id <= 60_000; id++) { add(id); if (id % 5000 === 0) list(); }
  list();
  const real = USERS * SLOT_BYTES * (4 + docs.size - 1);
  // all 40 copies grown in place would hold ~19 MB: the door counts them as they are now and keeps fewer
  expect(real).toBeGreaterThan(LIST_INDEX_FILTERED.bytes);
  expect(filtered.bytes).toBeGreaterThan(counted0 * 10);
  expect(filtered.bytes).toBeLessThanOrEqual(LIST_INDEX_FILTERED.bytes);
  expect(filtered.size).toBeLessThan(USERS);
  // the whole order the copies came from, grown by the same creates, is counted as it is now too
  expect(caches.orders.size).toBe(1);
  expect(caches.orders.bytes).toBe(SLOT_BYTES * (4 + docs.size));
}, 60_000); // ~8 s alone (59,000 creates, each patching 40 copies): 22 s once beside the rest of the suite on a busy 2-core machine

it('keeps nothing per filter beyond its bounds when many users list once, also while nothing changes', () => {
  const { index, caches } = indexOf(100);
  for (let u = 0; u < 5000; u++) index.orderFor(view, `sees:${u}`, () => (d) => d.id % 7 !== u % 7, 'latest', 'id');
  expect(caches.filtered.size).toBe(LIST_INDEX_FILTERED.entries);
  expect(caches.bitmaps.bitmaps.size).toBeLessThanOrEqual(VISIBLE_BITMAPS_KEPT);
  expect(Object.values(index).filter((v) => v instanceof Map || v instanceof Set).map((m) => (m as Map<unknown, unknown>).size)).toEqual([0]); // only `pending`, empty
});
