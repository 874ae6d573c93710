/**
 * Whole list answers kept per store (list-cache.ts): the same frozen answer while nothing changed,
 * a new one after every kind of change that can alter a list.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createRegistry, type ComponentRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { storedFile } from './files';
import { GroupDirectory } from './groups';
import { cachedListCount, LIST_ANSWERS_KEPT, listKey } from './list-cache';
import { listDocuments, type ListResult } from './listing';
import { DocumentMetadata } from './metadata';
import type { StoredDocument } from './model';
import { DocumentStore } from './store';
import type { User } from '../users';
import { tenant, userOf } from './test-people';

const admin = userOf(1, true);
const ann = userOf(2);
const ben = userOf(3);

function doc(id: number, owner: number, extra: Partial<StoredDocument> = {}): StoredDocument {
  return {
    id, doctype: 'promotional__c', lifecycle: 'general_lifecycle__c', documentNumber: `DOC-${id}`, createdDay: 0, createdMs: 0, createdBy: owner,
    roles: { owner__v: { users: [owner], groups: [] } }, binder: false, crosslink: false, attachments: [],
    versions: [{
      major: 0, minor: 1, state: 'draft__c', fields: { name__v: `Document ${id}`, color__c: 'red__c' },
      file: storedFile(`d${id}.txt`, new TextEncoder().encode(`content ${id}`)), createdDay: 0, createdMs: 0, createdBy: owner, modifiedDay: 0, modifiedMs: 0, modifiedBy: owner,
    }],
    ...extra,
  };
}

let registry: ComponentRegistry;
let store: DocumentStore;
beforeEach(() => {
  registry = createRegistry(sampleRecords());
  store = new DocumentStore(tenant, new DocumentMetadata(registry), new GroupDirectory([]), manualClock());
  store.insert(doc(1, ann.id));
  store.insert(doc(2, ann.id));
  store.insert(doc(3, ben.id));
});

const ids = (r: ListResult) => r.rows.map((x) => x.document.id);
/** A list answer asked for twice: an answer is kept from its second request on (cache/doorkeeper.ts). */
const keptList = (u: User, p: Parameters<typeof listDocuments>[2]) => {
  listDocuments(store, u, p);
  return listDocuments(store, u, p);
};

describe('a kept list answer', () => {
  it('is the same frozen object for the same user and parameters from its second request on, another for others', () => {
    const once = listDocuments(store, ann, { limit: 20 });
    expect(ids(once)).toEqual([1, 2]);
    expect(cachedListCount(store)).toBe(0);
    const a = listDocuments(store, ann, { limit: 20 });
    expect(a).not.toBe(once);
    expect(a).toEqual(once);
    expect(listDocuments(store, ann, { limit: 20 })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.rows)).toBe(true);
    expect(listDocuments(store, ann, { limit: 10 })).not.toBe(a);
    expect(ids(listDocuments(store, ben, { limit: 20 }))).toEqual([3]);
    expect(ids(keptList(admin, { limit: 20 }))).toEqual([1, 2, 3]);
    // ann's first list and admin's, asked for twice; ann's second list and ben's were asked for once.
    expect(cachedListCount(store)).toBe(2);
  });

  it('keys on every parameter; absent and present parameters differ', () => {
    const all: Parameters<typeof listKey>[1] = { namedFilter: 'Favorites', scope: 'all', versionscope: 'all', search: 'x', sort: 'id DESC', start: 1, limit: 2 };
    const keys = new Set([listKey(2, {}), listKey(3, {}), listKey(2, all)]);
    for (const k of Object.keys(all) as (keyof typeof all)[]) keys.add(listKey(2, { ...all, [k]: undefined }));
    expect(keys.size).toBe(3 + 7);
    expect(listKey(2, { search: 'a","b' })).not.toBe(listKey(2, { search: 'a', sort: 'b' }));
  });

  it('is not kept when the request fails', () => {
    expect(() => listDocuments(store, ann, { sort: 'nope__c ASC' })).toThrow();
    expect(cachedListCount(store)).toBe(0);
  });

  it(`keeps at most ${LIST_ANSWERS_KEPT} answers per store`, () => {
    for (let start = 0; start < LIST_ANSWERS_KEPT + 5; start++) keptList(admin, { start });
    expect(cachedListCount(store)).toBe(LIST_ANSWERS_KEPT);
  });
});

describe('a change shows in the next list answer', () => {
  // Each list is asked for twice (keptList): the answer before a change is a kept one, which the change must not leave in place.
  it('a new document', () => {
    const before = keptList(ann, {});
    expect(listDocuments(store, ann, {})).toBe(before);
    store.insert(doc(4, ann.id));
    const after = keptList(ann, {});
    expect(ids(before)).toEqual([1, 2]);
    expect(ids(after)).toEqual([1, 2, 4]);
  });

  it('a check-out and its undo (locked__v, My Documents of the holder)', () => {
    const mine = () => ids(keptList(admin, { namedFilter: 'My Documents' }));
    const locked = () => keptList(ann, {}).rows.find((r) => r.document.id === 1)!.record.locked__v;
    expect([mine(), locked()]).toEqual([[], false]);
    store.lock(admin, 1);
    expect([mine(), locked()]).toEqual([[1], true]);
    store.unlock(admin, 1);
    expect([mine(), locked()]).toEqual([[], false]);
  });

  it('a role change (told through changed)', () => {
    expect(ids(keptList(ben, {}))).toEqual([3]);
    const d = store.get(admin, 2);
    d.roles = { ...d.roles, viewer__v: { users: [ben.id], groups: [] } };
    store.changed(d);
    expect(ids(keptList(ben, {}))).toEqual([2, 3]);
  });

  it('a field changed in place or a new version (told through changed)', () => {
    const name = () => keptList(ann, {}).rows[0].record.name__v;
    expect(name()).toBe('Document 1');
    const d = store.get(admin, 1);
    d.versions.push({ ...d.versions[0], major: 1, minor: 0, fields: { ...d.versions[0].fields, name__v: 'Renamed' } });
    store.changed(d);
    expect(name()).toBe('Renamed');
  });

  it('Favorites, Cart and Recent Documents of the user', () => {
    const named = (f: string) => ids(listDocuments(store, ann, { namedFilter: f }));
    expect([named('Favorites'), named('Cart'), named('Recent Documents')]).toEqual([[], [], []]);
    store.addToList(ann.id, 'favorites', 2);
    store.addToList(ann.id, 'cart', 1);
    store.viewed(ann, store.get(ann, 1));
    expect([named('Favorites'), named('Cart'), named('Recent Documents')]).toEqual([[2], [1], [1]]);
    store.viewed(ann, store.get(ann, 2));
    expect(named('Recent Documents')).toEqual([1, 2]);
  });

  it('viewing the most recent document again changes nothing (the answer stays kept)', () => {
    store.viewed(ann, store.get(ann, 1));
    const revision = store.listsRevision(ann.id);
    const kept = keptList(ann, { namedFilter: 'Recent Documents' });
    store.viewed(ann, store.get(ann, 1));
    expect(store.listsRevision(ann.id)).toBe(revision);
    expect(listDocuments(store, ann, { namedFilter: 'Recent Documents' })).toBe(kept);
    store.addToList(ann.id, 'favorites', 1);
    const afterFavorite = store.listsRevision(ann.id);
    store.addToList(ann.id, 'favorites', 1); // already there
    expect(afterFavorite).toBe(revision + 1);
    expect(store.listsRevision(ann.id)).toBe(afterFavorite);
    expect(ids(listDocuments(store, ann, { namedFilter: 'Recent Documents' }))).toEqual(ids(kept));
  });

  it('Favorites and Cart, kept before the change, show it at once (only in that user\'s named lists)', () => {
    const named = (u: User, f: string) => listDocuments(store, u, { namedFilter: f });
    const favorites = keptList(ann, { namedFilter: 'Favorites' });
    const cart = keptList(ann, { namedFilter: 'Cart' });
    const bens = keptList(ben, { namedFilter: 'Favorites' });
    const plain = keptList(ann, {});
    expect([ids(favorites), ids(cart), ids(bens)]).toEqual([[], [], []]);
    expect(named(ann, 'Favorites')).toBe(favorites);
    store.addToList(ann.id, 'favorites', 2);
    expect(ids(named(ann, 'Favorites'))).toEqual([2]);
    store.addToList(ann.id, 'cart', 1);
    expect(ids(named(ann, 'Cart'))).toEqual([1]);
    store.addToList(ann.id, 'favorites', 1);
    expect(ids(named(ann, 'Favorites'))).toEqual([1, 2]);
    // another user's named list and the user's plain list stay kept
    expect(named(ben, 'Favorites')).toBe(bens);
    expect(listDocuments(store, ann, {})).toBe(plain);
  });
});

describe('a view that changes Recent Documents (retrieve, download)', () => {
  it('keeps every kept answer without a named filter, and other users\' answers', () => {
    const plain = keptList(ann, {});
    const searched = keptList(ann, { search: 'document' });
    const bens = keptList(ben, { namedFilter: 'Recent Documents' });
    const revision = store.revision;
    for (const id of [1, 2, 1]) store.viewed(ann, store.get(ann, id));
    expect(store.revision).toBe(revision);
    expect(listDocuments(store, ann, {})).toBe(plain);
    expect(listDocuments(store, ann, { search: 'document' })).toBe(searched);
    expect(listDocuments(store, ben, { namedFilter: 'Recent Documents' })).toBe(bens);
  });

  it('shows in the user\'s Recent Documents at once, kept or not', () => {
    const recent = () => listDocuments(store, ann, { namedFilter: 'Recent Documents' });
    const before = recent();
    expect(ids(before)).toEqual([]);
    store.viewed(ann, store.get(ann, 2));
    const after = recent();
    expect(ids(after)).toEqual([2]);
    expect(recent()).toBe(after);
    store.viewed(ann, store.get(ann, 1));
    expect(ids(recent())).toEqual([1, 2]);
  });

  it('a configuration change: a Doctype label, a picklist entry label (search), a new sortable Docfield', () => {
    const first = () => listDocuments(store, ann, {}).rows[0].record;
    expect(first().type__v).toBe('Promotional Piece');
    const type = registry.get('Doctype', 'promotional__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    expect(first().type__v).toBe('Promo Piece');

    expect(ids(listDocuments(store, ann, { search: 'scarlet' }))).toEqual([]);
    const color = registry.get('Picklist', 'color__c')!;
    const entries = color.subcomponents.Picklistentry!.map((e) => (e.name === 'red__c' ? { ...e, attributes: { ...e.attributes, value: 'Scarlet' } } : e));
    registry.put({ ...color, subcomponents: { ...color.subcomponents, Picklistentry: entries } });
    expect(ids(listDocuments(store, ann, { search: 'scarlet' }))).toEqual([1, 2]);

    expect(() => listDocuments(store, ann, { sort: 'rank__c DESC' })).toThrow();
    registry.put({ type: 'Docfield', name: 'rank__c', attributes: { label: 'Rank', type: 'Number' }, subcomponents: {} });
    expect(ids(listDocuments(store, ann, { sort: 'rank__c DESC' }))).toEqual([1, 2]);
  });
});
