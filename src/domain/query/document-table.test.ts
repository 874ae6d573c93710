/**
 * The documents targets' shared tables (document-table.ts): one table per store and view for every
 * user, kept up to date in place; after the engine kept its work with it (columns, orders, FIND and
 * key indexes), a new document, a new version, a field or role change and an MDL change show in the
 * next query, for an administrator and for a user who sees part of the store, and a stored result
 * keeps the rows it found.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { PROMO, type PromoWorld, promoWorld } from './test-world';
import { latestVersion } from '../documents';
import type { StoredDocument } from '../documents/model';
import { documentTable } from './document-table';

let pw: PromoWorld;
beforeEach(() => {
  pw = promoWorld();
});
const ids = (c: Caller, q: string) => {
  const a = pw.world.queries.run(c, `${q} PAGESIZE 1000`);
  return a.data.map((r) => r.id as number);
};
/** The reference: the ids of the latest versions the user may see whose record passes `test`, ascending. */
const expected = (c: Caller, test: (record: Record<string, unknown>) => boolean) =>
  pw.store().rowsVisibleTo(c.user).filter((r) => test(pw.store().record(r.document, r.version))).map((r) => r.document.id);

const QUERIES: Array<[string, (r: Record<string, unknown>) => boolean]> = [
  ["SELECT id FROM documents WHERE name__v LIKE 'Zy%'", (r) => String(r.name__v ?? '').startsWith('Zy')],
  ["SELECT id FROM documents WHERE name__v = 'Renamed brochure'", (r) => r.name__v === 'Renamed brochure'],
  ['SELECT id FROM documents WHERE id >= 0', () => true],
  ["SELECT id FROM documents FIND ('zyxwv')", (r) => String(r.name__v ?? '').toLowerCase().includes('zyxwv')],
];

function checkAll(): void {
  for (const c of [pw.admin(), pw.bob()]) for (const [q, test] of QUERIES) expect(ids(c, q), `${c.user.username}: ${q}`).toEqual(expected(c, test));
}

function copyOf(doc: StoredDocument, id: number, name: string, owner: number): StoredDocument {
  const latest = latestVersion(doc);
  return { ...doc, id, versions: [{ ...latest, fields: { ...latest.fields, name__v: name } }], roles: { owner__v: { users: [owner], groups: [] } }, lock: undefined };
}

describe('the shared document tables', () => {
  it('are one table per store, view and version scope for every user, kept in place', () => {
    const s = pw.store();
    const t = documentTable(s, s.view(), false);
    expect(documentTable(s, s.view(), false)).toBe(t);
    expect(documentTable(s, s.view(), true)).not.toBe(t);
    expect(t.visibleTo(pw.admin().user)).toBeUndefined();
    const seen = t.visibleTo(pw.bob().user)!;
    const bobSees = t.rows.filter((_, i) => (seen[i >>> 5] & (1 << (i & 31))) !== 0).map((r) => r.document.id);
    expect(bobSees).toEqual(s.visibleTo(pw.bob().user).map((d) => d.id));
    const revision = t.revision;
    s.insert(copyOf(s.get(pw.admin().user, 101), 900, 'Zyxwv new', pw.bob().user.id));
    expect(documentTable(s, s.view(), false)).toBe(t);
    expect(t.revision).toBe(revision + 1);
    expect(t.rows.at(-1)?.document.id).toBe(900);
    expect(t.changedSince(revision)).toEqual([t.rows.length - 1]);
  });

  it('a new document, a field change, a new version and a role change show in the next query', () => {
    checkAll();
    const s = pw.store();
    const a = pw.admin().user;
    s.insert(copyOf(s.get(a, 101), 950, 'Zyxwv brochure', pw.bob().user.id));
    checkAll();
    expect(ids(pw.bob(), "SELECT id FROM documents FIND ('zyxwv')")).toEqual([950]);
    expect(ids(pw.admin(), 'SELECT id FROM documents ORDER BY id DESC')[0]).toBe(950);

    // a field change in place, then a new version
    const d101 = s.get(a, 101);
    latestVersion(d101).fields = { ...latestVersion(d101).fields, name__v: 'Zy field change' };
    s.changed(d101);
    checkAll();
    const latest = latestVersion(d101);
    d101.versions.push({ ...latest, major: latest.major + 1, minor: 0, fields: { ...latest.fields, name__v: 'Renamed brochure' } });
    s.changed(d101);
    checkAll();
    expect(ids(pw.admin(), "SELECT id FROM ALLVERSIONS documents WHERE name__v = 'Renamed brochure'")).toEqual([101]);
    expect(ids(pw.admin(), "SELECT id FROM ALLVERSIONS documents WHERE name__v LIKE 'Zy field%'")).toEqual([101]);

    // a role change: bob sees 102 now, and no longer 950
    const d102 = s.get(a, 102);
    d102.roles = { ...d102.roles, viewer__v: { users: [pw.bob().user.id], groups: [] } };
    s.changed(d102);
    const d950 = s.get(a, 950);
    d950.roles = { owner__v: { users: [a.id], groups: [] } };
    s.changed(d950);
    checkAll();
    expect(ids(pw.bob(), 'SELECT id FROM documents WHERE id >= 0')).toContain(102);
    expect(ids(pw.bob(), 'SELECT id FROM documents WHERE id >= 0')).not.toContain(950);

    // a document below the highest id: the table is built again
    s.insert(copyOf(s.get(a, 101), 99, 'Zyxwv lower id', pw.bob().user.id));
    expect(ids(pw.bob(), "SELECT id FROM documents WHERE name__v LIKE 'Zyxwv%'")).toEqual([99]);
    checkAll();
  });

  it('an MDL change (a Doctype label) shows in the next filtered query', () => {
    const q = "SELECT id FROM documents WHERE type__v = 'Promo Piece'";
    expect(ids(pw.admin(), q)).toEqual([]);
    const before = ids(pw.admin(), "SELECT id FROM documents WHERE type__v = 'Promotional Piece'");
    expect(before.length).toBeGreaterThan(0);
    const registry = pw.world.configuration.get(pw.world.tenants.byDnsName(PROMO)!.id)!;
    const type = registry.get('Doctype', 'promotional_piece__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    expect(ids(pw.admin(), q)).toEqual(before);
  });

  it('a stored result keeps the rows it found (which, in which order, how many) when documents change later; a page shows their values as they are when read', () => {
    const c = pw.admin();
    const first = pw.world.queries.run(c, 'SELECT id, name__v FROM documents ORDER BY id PAGESIZE 2');
    expect(first.queryId).toBeDefined();
    const d101 = pw.store().get(c.user, 101);
    const name = latestVersion(d101).fields.name__v;
    expect(first.data[0]).toEqual({ id: 101, name__v: name });
    latestVersion(d101).fields = { ...latestVersion(d101).fields, name__v: 'Changed later' };
    pw.store().changed(d101);
    pw.store().insert(copyOf(d101, 990, 'Appended later', c.user.id));
    // a query brings the table up to date before the page is read
    expect(ids(c, "SELECT id FROM documents WHERE name__v = 'Changed later'")).toEqual([101]);
    const again = pw.world.queries.page(c, first.queryId!, { pagesize: 2, pageoffset: 0 });
    expect(again.data).toEqual([{ id: 101, name__v: 'Changed later' }, first.data[1]]);
    expect(again.total).toBe(first.total);
  });
});
