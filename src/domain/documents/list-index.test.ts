/**
 * Endpoint 21's pages from the kept sorted orders (list-index.ts) are exactly those of a full sort
 * of the visible rows, for the administrator and for users who see part of the store (in a role
 * themselves or through a group), every sortable field and both directions, every offset, and stay
 * so after each kind of change: a create, a check-out and its undoing, a new version, a role
 * change, a configuration change (labels shown in records).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createRegistry, type ComponentRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { storedFile } from './files';
import { GroupDirectory } from './groups';
import { listDocuments } from './listing';
import { compareValues } from './list-order';
import { recordField } from './record-field';
import { DocumentMetadata } from './metadata';
import { latestVersion, type StoredDocument } from './model';
import { DocumentStore } from './store';
import type { User } from '../users';
import { tenant, userOf } from './test-people';

const admin = userOf(1, true);
const ann = userOf(2);
const ben = userOf(3);
const USERS = [admin, ann, ben];
const GROUP = 77;

// Names with case-only differences, repeats and absences; sizes with repeats: ties decided by id.
const NAMES = ['beta', 'Alpha', 'alpha', 'Gamma', undefined, 'delta', 'Beta', 'epsilon'];
function doc(id: number): StoredDocument {
  const owner = id % 3 === 0 ? ben.id : ann.id;
  const name = NAMES[id % NAMES.length];
  return {
    id, doctype: 'promotional__c', lifecycle: 'general_lifecycle__c', documentNumber: `DOC-${(id * 37) % 101}`, created: id % 5, createdBy: owner,
    roles: { owner__v: { users: [owner], groups: [] }, ...(id % 4 === 0 ? { viewer__v: { users: [], groups: [GROUP] } } : {}) },
    binder: false, crosslink: false, attachments: [],
    versions: [{
      major: 0, minor: 1, state: id % 2 ? 'draft__c' : 'approved__c', fields: { ...(name === undefined ? {} : { name__v: `${name}` }), color__c: 'red__c' },
      file: id % 6 === 0 ? undefined : storedFile(`d${id}.txt`, new TextEncoder().encode(`content ${id}`)), created: id % 7, createdBy: owner, modified: (id * 13) % 17, modifiedBy: owner,
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

/** The reference: every visible row, sorted in full (the comparator of list-order.ts), paged. */
function reference(user: User, field: string, desc: boolean, start: number, limit: number, mine: boolean): number[] {
  const rows = store.rowsVisibleTo(user).filter((r) => !mine || store.isOwner(user, r.document) || r.document.lock?.by === user.id);
  rows.sort((a, b) => {
    const c = compareValues(recordField(store.view(), a.document, a.version, field), recordField(store.view(), b.document, b.version, field));
    return c !== 0 ? (desc ? -c : c) : a.document.id - b.document.id;
  });
  return rows.slice(start, start + limit).map((r) => r.document.id);
}

function expectSameAsFullSort(when: string) {
  for (const user of USERS) for (const mine of [false, true]) {
    for (const field of SORTS) {
      for (const desc of [false, true]) {
        const total = store.rowsVisibleTo(user).filter((r) => !mine || store.isOwner(user, r.document) || r.document.lock?.by === user.id).length;
        for (const [start, limit] of [[0, 200], [0, 3], [5, 4], [Math.max(0, total - 2), 5], [total, 5]]) {
          const got = listDocuments(store, user, { sort: `${field} ${desc ? 'DESC' : 'ASC'}`, start, limit, ...(mine ? { namedFilter: 'My Documents' } : {}) });
          expect(got.rows.map((r) => r.document.id), `${when}: ${user.username}${mine ? ' mine' : ''} ${field} ${desc ? 'DESC' : 'ASC'} start ${start}`).toEqual(reference(user, field, desc, start, limit, mine));
          expect(got.total).toBe(total);
          for (const r of got.rows) {
            expect(r.version).toBe(latestVersion(r.document));
            expect(r.record).toBe(store.record(r.document));
          }
        }
      }
    }
  }
}

describe('the kept sorted orders of endpoint 21', () => {
  it('give the pages of a full sort for every user, field, direction and offset', () => {
    expect(store.rowsVisibleTo(ann).length).toBeLessThan(40);
    expect(store.rowsVisibleTo(ben).length).toBeGreaterThan(store.rowsVisibleTo(ben).filter((r) => r.document.createdBy === ben.id).length); // a group's documents too
    expectSameAsFullSort('at start');
  });

  it('follow a create, a check-out and its undoing, a new version, a role change and a configuration change', () => {
    expectSameAsFullSort('before'); // the orders are built
    store.insert({ ...doc(41), versions: [{ ...doc(41).versions[0], fields: { name__v: 'AAA first' } }] });
    expectSameAsFullSort('after a create');
    store.lock(admin, 1);
    expectSameAsFullSort('after a check-out');
    store.lock(ann, 4);
    expect(listDocuments(store, ann, { namedFilter: 'My Documents', limit: 200 }).rows.map((r) => r.document.id)).toContain(4);
    expectSameAsFullSort('after a check-out by a user');
    store.unlock(admin, 1);
    expectSameAsFullSort('after an undone check-out');
    const d = store.get(admin, 5);
    d.versions.push({ ...d.versions[0], minor: 2, fields: { name__v: 'zzz last' } });
    store.changed(d);
    expectSameAsFullSort('after a new version');
    const e = store.get(admin, 7);
    e.roles.viewer__v = { users: [ben.id], groups: [] };
    store.changed(e);
    expect(store.rowsVisibleTo(ben).map((r) => r.document.id)).toContain(7);
    expectSameAsFullSort('after a role change');
    const type = registry.get('Doctype', 'promotional__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    expect(listDocuments(store, ann, { sort: 'type__v ASC', limit: 1 }).rows[0].record.type__v).toBe('Promo Piece');
    expectSameAsFullSort('after a configuration change');
  });
});
