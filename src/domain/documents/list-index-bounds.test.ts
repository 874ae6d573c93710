/**
 * The filtered copies of list-index.ts stay within their bounds while patched in place (found by a
 * review of the change that keeps them across changes): the bytes they hold now, and the names kept.
 */
import { expect, it } from 'vitest';
import { ListIndex, LIST_INDEX_FILTERED, type IndexSource } from './list-index';
import type { StoredDocument, DocumentVersion } from './model';
import type { MetadataView } from './metadata';
import { SLOT_BYTES } from '../cache';

it('count a copy grown in place again: the copies kept hold within LIST_INDEX_FILTERED.bytes', () => {
  const docs = new Map<number, StoredDocument>();
  const source: IndexSource = {
    documents: () => docs.values(), document: (id) => docs.get(id), count: () => docs.size,
    valueOf: (_v, doc) => doc.id,
  };
  const view = {} as MetadataView;
  const mk = (id: number): StoredDocument => ({
    id, doctype: 't', lifecycle: 'l', documentNumber: undefined, createdDay: 0, createdMs: 0, createdBy: 1, roles: {}, binder: false, crosslink: false, attachments: [],
    versions: [{ major: 0, minor: 1, state: 's', fields: {}, createdDay: 0, createdMs: 0, createdBy: 1, modifiedDay: 0, modifiedMs: 0, modifiedBy: 1 } as DocumentVersion],
  });
  const index = new ListIndex(source);
  const add = (id: number) => { const d = mk(id); docs.set(id, d); index.changed(d, true); };
  for (let id = 1; id <= 1000; id++) add(id);
  // 40 users who each see every document but one (not the administrator: a filtered copy each)
  const USERS = 40;
  const list = () => { for (let u = 0; u < USERS; u++) index.orderFor(view, `sees:${u}`, () => (d) => d.id !== u + 1, 'latest', 'id'); };
  list();
  const filtered = (index as unknown as { filtered: { bytes: number; size: number } }).filtered;
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
});

it('forget the names of copies no longer kept, also while nothing changes', () => {
  const docs = new Map<number, StoredDocument>();
  const source: IndexSource = { documents: () => docs.values(), document: (id) => docs.get(id), count: () => docs.size, valueOf: (_v, doc) => doc.id };
  const view = {} as MetadataView;
  for (let id = 1; id <= 100; id++) docs.set(id, { id, doctype: 't', lifecycle: 'l', documentNumber: undefined, createdDay: 0, createdMs: 0, createdBy: 1, roles: {}, binder: false, crosslink: false, attachments: [],
    versions: [{ major: 0, minor: 1, state: 's', fields: {}, createdDay: 0, createdMs: 0, createdBy: 1, modifiedDay: 0, modifiedMs: 0, modifiedBy: 1 } as DocumentVersion] });
  const index = new ListIndex(source);
  for (let u = 0; u < 5000; u++) index.orderFor(view, `sees:${u}`, () => (d) => d.id % 7 !== u % 7, 'latest', 'id');
  const priv = index as unknown as { filtered: { size: number }; filteredNames: Map<string, unknown> };
  expect(priv.filtered.size).toBe(LIST_INDEX_FILTERED.entries);
  expect(priv.filteredNames.size).toBeLessThanOrEqual(4 * LIST_INDEX_FILTERED.entries + 1);
});
