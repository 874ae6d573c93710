/**
 * Endpoint 21's pages from the kept sorted orders (list-index.ts) are exactly those of a full sort
 * of the visible rows' records, for the administrator and for users who see part of the store (in
 * a role themselves or through a group), latest versions and every version (`versionscope=all`),
 * every sortable field and both directions, every offset, and stay so after each kind of change:
 * a create, a check-out and its undoing, a new version, a field changed in place, a role change, a
 * configuration change (labels shown in records). `search` finds what the records' searchable
 * texts hold, after the same changes (issue 19: both without records but the page's).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockList } from '../../block-list';
import { FilterBitmaps, VISIBLE_BITMAPS_KEPT } from './filter-bitmaps';
import { ListIndex } from './list-index';
import { manualClock } from '../clock';
import { createRegistry, type ComponentRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { storedFile } from './files';
import { GroupDirectory } from './groups';
import { listDocuments } from './listing';
import { listIndexBuild, listSearch } from '../query/list-search';
import type { IndexedSearch } from './search-text';
import { compareValues, valueOf } from './list-order';
import { documentRecord } from './records';
import { DocumentMetadata } from './metadata';
import { latestVersion, type StoredDocument } from './model';
import { DocumentStore } from './store';
import type { User } from '../users';
import { tenant, userOf } from './test-people';

const admin = userOf(1, true);
const ann = userOf(2);
const ben = userOf(3);
/** Sees and owns 2 documents of 40 (a sparse filter: ordered from its members, list-index.ts SPARSE). */
const cy = userOf(4);
const USERS = [admin, ann, ben, cy];
const GROUP = 77;

// Names with case-only differences, repeats and absences; sizes with repeats: ties decided by id.
const NAMES = ['beta', 'Alpha', 'alpha', 'Gamma', undefined, 'delta', 'Beta', null, 'epsilon'];
function doc(id: number): StoredDocument {
  const owner = id % 20 === 0 ? cy.id : id % 3 === 0 ? ben.id : ann.id;
  const name = NAMES[id % NAMES.length];
  return {
    id, doctype: 'promotional__c', lifecycle: 'general_lifecycle__c', documentNumber: `DOC-${(id * 37) % 101}`, createdDay: id % 2, createdMs: id % 5, createdBy: owner,
    roles: { owner__v: { users: [owner], groups: [] }, ...(id % 4 === 0 ? { viewer__v: { users: [], groups: [GROUP] } } : {}) },
    binder: false, crosslink: false, attachments: [],
    versions: [{
      major: 0, minor: 1, state: id % 2 ? 'draft__c' : 'approved__c', fields: { ...(name === undefined ? {} : { name__v: name }), color__c: id % 5 ? 'red__c' : 'green__c' },
      file: id % 6 === 0 ? undefined : storedFile(`d${id}.txt`, new TextEncoder().encode(`content ${id}`)), createdDay: id % 3, createdMs: id % 7, createdBy: owner, modifiedDay: id % 4, modifiedMs: (id * 13) % 17, modifiedBy: owner,
    }],
  };
}

let registry: ComponentRegistry;
let store: DocumentStore;
beforeEach(() => {
  registry = createRegistry(sampleRecords());
  store = new DocumentStore(tenant, new DocumentMetadata(registry), new GroupDirectory([{ id: GROUP, name: 'g__c', label: 'G', tenantId: tenant.id, members: [ben.id] }]), manualClock());
  for (let id = 1; id <= 40; id++) store.insert(doc(id));
});

const SORTS = ['id', 'name__v', 'document_number__v', 'status__v', 'size__v', 'locked__v', 'version_modified_date__v', 'type__v'];

/** The rows a list shows (every visible version with `allVersions`; `mine`: owned or checked out by the user), each with a fresh record. */
function visible(user: User, mine: boolean, allVersions: boolean) {
  return store.rowsVisibleTo(user, { allVersions })
    .filter((r) => !mine || store.isOwner(user, r.document) || r.document.lock?.by === user.id)
    .map((r) => ({ ...r, record: documentRecord(store.view(), r.document, r.version) }));
}
const versionIds = (rows: readonly { record: Record<string, unknown> }[]) => rows.map((r) => r.record.version_id);

/** The reference: every visible row's record, sorted in full (the comparator of list-order.ts), paged. */
function reference(user: User, field: string, desc: boolean, start: number, limit: number, mine: boolean, allVersions: boolean): unknown[] {
  const rows = visible(user, mine, allVersions);
  rows.sort((a, b) => {
    const c = compareValues(valueOf(a.record, field), valueOf(b.record, field));
    return (c !== 0 ? (desc ? -c : c) : 0) || a.document.id - b.document.id || a.version.major - b.version.major || a.version.minor - b.version.minor;
  });
  return versionIds(rows.slice(start, start + limit));
}

function expectSameAsFullSort(when: string) {
  for (const user of USERS) for (const mine of [false, true]) for (const allVersions of [false, true]) {
    const total = visible(user, mine, allVersions).length;
    for (const field of SORTS) {
      for (const desc of [false, true]) {
        for (const [start, limit] of [[0, 200], [0, 3], [5, 4], [Math.max(0, total - 2), 5], [total, 5]]) {
          const got = listDocuments(store, user, {
            sort: `${field} ${desc ? 'DESC' : 'ASC'}`, start, limit, ...(mine ? { namedFilter: 'My Documents' } : {}), ...(allVersions ? { versionscope: 'all' } : {}),
          });
          const what = `${when}: ${user.username}${mine ? ' mine' : ''}${allVersions ? ' all versions' : ''} ${field} ${desc ? 'DESC' : 'ASC'} start ${start}`;
          expect(versionIds(got.rows), what).toEqual(reference(user, field, desc, start, limit, mine, allVersions));
          expect(got.total).toBe(total);
          for (const r of got.rows) {
            if (!allVersions) expect(r.version).toBe(latestVersion(r.document));
            expect(Object.isFrozen(r.record)).toBe(true);
            expect(r.record).toEqual(documentRecord(store.view(), r.document, r.version));
          }
        }
      }
    }
  }
}

/** The searchable text of a record as endpoint 21 searched it before issue 19 (from the whole record). */
function recordText(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const f of store.view().fields) {
    if (!['String', 'LongText', 'RichText', 'Picklist'].includes(f.type) || f.hidden) continue;
    const v = valueOf(record, f.name);
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
      parts.push(String(x));
      const entry = f.entries?.find((e) => e.name === x);
      if (entry) parts.push(entry.label);
    }
  }
  return parts.join('\n').toLowerCase();
}

const SEARCHES = ['alpha', 'ALPHA beta', 'green', 'verdant', 'promo', 'doc-1', 'draft', 'zzz', 'nothing-like-it', 'promo piece', 'content 1', 'ten\u0000'];
const SCOPES = [undefined, 'contents', 'all'] as const;

/** The query domain's indexed search (query/list-search.ts), counting the searches it answered (the first of a table scans). */
let indexedAnswers = 0;
const counting: IndexedSearch = (...args) => {
  const rows = listSearch(...args);
  if (rows) indexedAnswers++;
  return rows;
};

/**
 * Every search as the records' searchable texts (and the files' texts, by scope) hold it: scanned
 * (no indexed search handed in) and through the indexes (the list cache emptied first).
 */
function expectSearchesAsRecords(when: string) {
  let found = 0;
  let eligible = 0;
  const answeredBefore = indexedAnswers;
  for (const user of USERS) for (const allVersions of [false, true]) for (const mine of [false, true]) {
    const rows = visible(user, mine, allVersions).map((r) => ({ ...r, text: recordText(r.record), content: r.version.file ? store.searchText(r.version.file) : '' }));
    // the file-content scopes for everything the user sees (My Documents is the same filter whatever the scope)
    for (const scope of mine ? SCOPES.slice(0, 1) : SCOPES) for (const search of SEARCHES) {
    const words = search.toLowerCase().split(/\s+/);
    const want = rows.filter((r) => {
      const content = scope === undefined ? '' : r.content;
      const fields = scope === 'contents' ? '' : r.text;
      return words.every((w) => content.includes(w) || fields.includes(w));
    });
    for (const sort of ['id ASC', 'name__v DESC']) {
      const desc = sort.endsWith('DESC');
      const sorted = [...want].sort((a, b) => {
        const c = sort.startsWith('id') ? 0 : compareValues(valueOf(a.record, 'name__v'), valueOf(b.record, 'name__v'));
        return (desc ? -c : c) || a.document.id - b.document.id || a.version.major - b.version.major || a.version.minor - b.version.minor;
      });
      const params = { search, sort, limit: 200, ...(scope ? { scope } : {}), ...(mine ? { namedFilter: 'My Documents' } : {}), ...(allVersions ? { versionscope: 'all' as const } : {}) };
      for (const indexed of [undefined, counting]) {
        store.kept.lists.clear();
        // the indexes a search builds in the background, built now
        if (indexed) for (const _ of listIndexBuild(store, user, allVersions));
        const got = listDocuments(store, user, params, indexed);
        if (indexed && !search.includes('\u0000')) eligible++;
        const what = `${when}: ${user.username} search ${search}${scope ? ` in ${scope}` : ''}${mine ? ' mine' : ''}${allVersions ? ' all versions' : ''} ${sort}${indexed ? ' (indexed)' : ''}`;
        expect(versionIds(got.rows), what).toEqual(versionIds(sorted));
        expect(got.total).toBe(want.length);
        found += got.total;
      }
    }
    }
  }
  expect(found).toBeGreaterThan(0);
  // every search but a term with U+0000 (scanned)
  expect(indexedAnswers - answeredBefore).toBe(eligible);
  expect(eligible).toBe(704);
}

/** Changes both tests make: document 5 gets a version 0.2 named 'zzz last'; document 11 a viewer, cy (who then sees it). */
function addVersionTo5(): StoredDocument {
  const d = store.get(admin, 5);
  d.versions.push({ ...d.versions[0], minor: 2, fields: { name__v: 'zzz last' } });
  store.changed(d);
  return d;
}
function showCy11(): void {
  const c = store.get(admin, 11);
  c.roles.viewer__v = { users: [cy.id], groups: [] };
  store.changed(c);
  expect(store.rowsVisibleTo(cy).map((r) => r.document.id)).toEqual([11, 20, 40]);
}

describe('the kept sorted orders of endpoint 21', () => {
  it('give the pages of a full sort for every user, field, direction and offset', () => {
    expect(store.rowsVisibleTo(ann).length).toBeLessThan(40);
    expect(store.rowsVisibleTo(cy).map((r) => r.document.id)).toEqual([20, 40]);
    expect(store.rowsVisibleTo(ben).length).toBeGreaterThan(store.rowsVisibleTo(ben).filter((r) => r.document.createdBy === ben.id).length); // a group's documents too
    // cy's filters (and the administrator's My Documents) are sparse: ordered from their members.
    // Neither is the whole sorted order built nor brought up to date for them.
    const order = vi.spyOn(ListIndex.prototype, 'order');
    listDocuments(store, cy, { sort: 'name__v DESC', limit: 5 });
    expect(order).not.toHaveBeenCalled();
    order.mockRestore();
    const sparse = vi.spyOn(FilterBitmaps.prototype, 'members');
    expectSameAsFullSort('at start');
    expect(sparse).toHaveBeenCalled();
    sparse.mockRestore();
    expectSearchesAsRecords('at start');
  });

  it('follow more than 16 documents changed at once (taken out in one pass, not one by one)', () => {
    expectSameAsFullSort('before'); // the orders are built
    for (let id = 2; id <= 40; id += 2) {
      const v = latestVersion(store.get(admin, id));
      v.fields = { ...v.fields, name__v: `renamed ${(id * 7) % 11}` };
      v.modifiedDay = 0;
      v.modifiedMs = 100 - id;
      store.changed(store.get(admin, id));
    }
    expectSameAsFullSort('after 20 changes at once');
  });

  it('keep orders of more than a block (block-list.ts) right through creates and changes', () => {
    for (let id = 41; id <= 1540; id++) store.insert(doc(id));
    const expectAdminPages = (when: string) => {
      for (const allVersions of [false, true]) for (const field of ['name__v', 'id', 'size__v']) for (const desc of [false, true]) for (const start of [0, 511, 1023, 1500]) {
        const got = listDocuments(store, admin, { sort: `${field} ${desc ? 'DESC' : 'ASC'}`, start, limit: 30, ...(allVersions ? { versionscope: 'all' } : {}) });
        // (a big store's page records may be kept as JSON bytes only: the row names its version)
        expect(got.rows.map((r) => `${r.document.id}_${r.version.major}_${r.version.minor}`), `${when}: ${field} ${desc ? 'DESC' : 'ASC'} start ${start}${allVersions ? ' all versions' : ''}`).toEqual(reference(admin, field, desc, start, 30, false, allVersions));
      }
    };
    expectAdminPages('built');
    // Creates in one place of the name order (the same name): its block outgrows the bound and is split.
    for (let id = 1541; id <= 2200; id++) store.insert({ ...doc(id), versions: [{ ...doc(id).versions[0], fields: { name__v: 'Alpha' } }] });
    expectAdminPages('after 660 creates');
    for (let id = 100; id <= 1300; id += 60) store.changed(Object.assign(store.get(admin, id), { documentNumber: `DOC-X${id}` }));
    expectAdminPages('after 21 changes at once');
  });

  it('bring the filtered copies up to date per change: after a create, a check-out, a new version and a role change none is made again', () => {
    // the copies of every user's filters (what they see, their My Documents) by two fields, both
    // scopes: fewer than the copies kept (LIST_INDEX_FILTERED), so none is made again for want of room
    const lists = (when: string) => {
      for (const user of USERS) for (const mine of [false, true]) for (const allVersions of [false, true]) for (const field of ['name__v', 'id']) for (const desc of [false, true]) {
        if (user === admin && !mine) continue; // the whole order, not a copy
        store.kept.lists.clear();
        const got = listDocuments(store, user, { sort: `${field} ${desc ? 'DESC' : 'ASC'}`, limit: 200, ...(mine ? { namedFilter: 'My Documents' } : {}), ...(allVersions ? { versionscope: 'all' } : {}) });
        expect(versionIds(got.rows), `${when}: ${user.username}${mine ? ' mine' : ''}${allVersions ? ' all versions' : ''} ${field} ${desc ? 'DESC' : 'ASC'}`)
          .toEqual(reference(user, field, desc, 0, 200, mine, allVersions));
      }
    };
    const made = vi.spyOn(BlockList, 'from');
    const sparse = vi.spyOn(FilterBitmaps.prototype, 'members');
    lists('made');
    expect(made).toHaveBeenCalled(); // dense copies (ann's, ben's) made from the order
    expect(sparse).toHaveBeenCalled(); // sparse ones (cy's, My Documents) from their members
    made.mockClear();
    sparse.mockClear();
    store.insert({ ...doc(41), versions: [{ ...doc(41).versions[0], fields: { name__v: 'AAA first' } }] }); // ann's
    lists('after a create');
    store.lock(ben, 3);
    lists('after a check-out');
    addVersionTo5();
    lists('after a new version');
    showCy11();
    lists('after a document came into a sparse filter');
    expect(made).not.toHaveBeenCalled();
    expect(sparse).not.toHaveBeenCalled();
  });

  it('drop a filtered copy whose filter\'s bitmap is no longer kept (it cannot tell who is in the filter now): made again, right', () => {
    const page = () => listDocuments(store, ann, { sort: 'name__v ASC', limit: 200 });
    expect(versionIds(page().rows)).toEqual(reference(ann, 'name__v', false, 0, 200, false, false));
    // other users' filters push ann's bitmap out (the oldest made first), while her copy, read
    // between them, stays among the most recently used copies
    for (let k = 0; k < VISIBLE_BITMAPS_KEPT; k++) {
      listDocuments(store, userOf(100 + k), { limit: 1 });
      if (k < VISIBLE_BITMAPS_KEPT - 1) page();
    }
    const index = (store as unknown as { index: { bitmaps: FilterBitmaps; filtered: { peek(key: string): unknown } } }).index;
    expect(index.bitmaps.peek(`sees:${ann.id}`)).toBeUndefined();
    expect(index.filtered.peek(`sees:${ann.id} latest name__v`)).toBeDefined();
    const c = store.get(admin, 3);
    c.roles.viewer__v = { users: [ann.id], groups: [] };
    store.changed(c);
    store.kept.lists.clear();
    expect(versionIds(page().rows)).toContain(versionIds([{ record: documentRecord(store.view(), c, latestVersion(c)) }])[0]);
    expect(versionIds(page().rows)).toEqual(reference(ann, 'name__v', false, 0, 200, false, false));
  });

  it('follow a create, a check-out and its undoing, a new version, a role change and a configuration change', () => {
    expectSameAsFullSort('before'); // the orders are built
    store.insert({ ...doc(41), versions: [{ ...doc(41).versions[0], fields: { name__v: 'AAA first' } }] });
    expectSameAsFullSort('after a create');
    // A document number no other had, then one another has: the order by it had no ties, and has one now.
    const byNumber = () => (store as unknown as { index: ListIndex }).index.order(store.view(), 'latest', 'document_number__v');
    expect(byNumber().ties).toBe(false);
    store.insert({ ...doc(42), documentNumber: doc(1).documentNumber });
    expect(byNumber().ties).toBe(true);
    expectSameAsFullSort('after a create with a number another document has');
    expectSearchesAsRecords('after a create');
    store.lock(admin, 1);
    expectSameAsFullSort('after a check-out');
    expectSearchesAsRecords('after a check-out');
    store.lock(ann, 4);
    expect(listDocuments(store, ann, { namedFilter: 'My Documents', limit: 200 }).rows.map((r) => r.document.id)).toContain(4);
    expectSameAsFullSort('after a check-out by a user');
    expectSearchesAsRecords('after a check-out by a user');
    store.unlock(admin, 1);
    expectSameAsFullSort('after an undone check-out');
    const d = addVersionTo5();
    expectSameAsFullSort('after a new version');
    expectSearchesAsRecords('after a new version');
    // A document of two versions changed: both its positions in the orders of every version move.
    d.versions[0].fields = { ...d.versions[0].fields, name__v: 'aaa older' };
    store.changed(d);
    expectSameAsFullSort('after a change to a document of two versions');
    const f = latestVersion(store.get(admin, 9));
    f.fields = { ...f.fields, name__v: 'Alpha again', color__c: 'green__c' };
    store.changed(store.get(admin, 9));
    expectSameAsFullSort('after a field changed in place');
    expectSearchesAsRecords('after a field changed in place');
    showCy11();
    expectSameAsFullSort('after a document came into a sparse filter');
    const e = store.get(admin, 7);
    e.roles.viewer__v = { users: [ben.id], groups: [] };
    store.changed(e);
    expect(store.rowsVisibleTo(ben).map((r) => r.document.id)).toContain(7);
    expectSameAsFullSort('after a role change');
    expectSearchesAsRecords('after a role change');
    const type = registry.get('Doctype', 'promotional__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    // A picklist entry's label (searched beside its name).
    const color = registry.get('Picklist', 'color__c')!;
    const entries = (color.subcomponents?.Picklistentry ?? []).map((e) => (e.name === 'green__c' ? { ...e, attributes: { ...e.attributes, value: 'Verdant' } } : e));
    registry.put({ ...color, subcomponents: { ...color.subcomponents, Picklistentry: entries } });
    expect(listDocuments(store, ann, { sort: 'type__v ASC', limit: 1 }).rows[0].record.type__v).toBe('Promo Piece');
    expectSameAsFullSort('after a configuration change');
    expectSearchesAsRecords('after a configuration change');
    expect(listDocuments(store, admin, { search: 'verdant' }).total).toBeGreaterThan(0);
  }, 60_000);
});
