/**
 * The hot-path caches (issue 10): each version's API record is kept from the second time it is
 * asked for (issue 19: a record asked for once dies young) and shared until the document or the
 * configuration changes; each user's visible documents are kept until a document
 * is added or changed. Behaviour only (no timings): answers stay what they were without caches.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VISIBLE_LISTS_KEPT, latestVersion } from '../../src/domain/documents';
import { PROMO, type Personas, api, ids, personas } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const store = () => p.sim.world.documents.store(p.sim.world.tenants.byDnsName(PROMO)!.id);
const registry = () => p.sim.world.configuration.get(p.sim.world.tenants.byDnsName(PROMO)!.id)!;
// Each asked for twice: an answer is kept from its second request on (cache/doorkeeper.ts), and a change must not leave a kept one in place.
const twice = async <T>(ask: () => Promise<T>): Promise<T> => {
  await ask();
  return ask();
};
const listed = async (session: string, id: number) => (await twice(() => p.sim.json('GET', api('/objects/documents'), session))).documents.find((d: any) => d.document.id === id)?.document;
const retrieved = async (session: string, id: number) => (await twice(() => p.sim.json('GET', api(`/objects/documents/${id}`), session))).document;

describe('API record of a version', () => {
  it('is shared (frozen) between answers from its second use on while nothing changes', () => {
    const s = store();
    const admin = p.sim.world.users.get(61002)!;
    const doc = s.get(admin, 101);
    s.record(doc);
    const record = s.record(doc);
    expect(s.record(doc)).toBe(record);
    expect(s.record(doc, latestVersion(doc))).toBe(record);
    expect(Object.isFrozen(record)).toBe(true);
    const row = s.rowsVisibleTo(admin).find((r) => r.document.id === 101)!;
    expect(s.record(row.document, row.version)).toBe(record);
    // Each call hands out a fresh array (callers sort and filter it) of the same rows.
    const [a, b] = [s.rowsVisibleTo(admin), s.rowsVisibleTo(admin)];
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(s.visibleTo(admin)).not.toBe(s.visibleTo(admin));
  });

  it('a check-out and its undo show at once in list and retrieve', async () => {
    const recordOf = () => store().record(store().get(p.sim.world.users.get(61002)!, 104));
    recordOf();
    const before = recordOf();
    expect(recordOf()).toBe(before); // kept
    expect((await listed(p.alice, 104)).locked__v).toBe(false);
    expect((await p.sim.json('POST', api('/objects/documents/104/lock'), p.alice)).responseStatus).toBe('SUCCESS');
    expect((await listed(p.alice, 104)).locked__v).toBe(true);
    expect((await retrieved(p.bob, 104)).locked__v).toBe(true);
    expect(recordOf()).not.toBe(before);
    expect((await p.sim.json('DELETE', api('/objects/documents/104/lock'), p.alice)).responseStatus).toBe('SUCCESS');
    expect((await listed(p.alice, 104)).locked__v).toBe(false);
    expect((await retrieved(p.bob, 104)).locked__v).toBe(false);
  });

  it('a new version or a field changed in place shows once the store is told (changed)', async () => {
    const s = store();
    const doc = s.get(p.sim.world.users.get(61002)!, 107);
    const latest = latestVersion(doc);
    expect((await listed(p.alice, 107)).version_id).toBe(`107_${latest.major}_${latest.minor}`);
    latest.fields = { ...latest.fields, title__v: 'Changed in place' };
    s.changed(doc);
    expect((await retrieved(p.alice, 107)).title__v).toBe('Changed in place');
    doc.versions.push({ ...latest, major: latest.major + 1, minor: 0, fields: { ...latest.fields, title__v: 'A new version' } });
    s.changed(doc);
    const shown = await listed(p.alice, 107);
    expect(shown).toMatchObject({ version_id: `107_${latest.major + 1}_0`, title__v: 'A new version', major_version_number__v: latest.major + 1 });
    expect((await p.sim.json('GET', api(`/objects/documents/107/versions/${latest.major}/${latest.minor}`), p.alice)).document.title__v).toBe('Changed in place');
  });

  it('a configuration change (a renamed Doctype or lifecycle label) shows at once', async () => {
    const doc = await listed(p.alice, 101);
    const view = store().view();
    const type = [...view.doctypes.values()].find((d) => d.label === doc.type__v)!;
    const r = registry().get('Doctype', type.name)!;
    registry().put({ ...r, attributes: { ...r.attributes, label: 'Promotional Piece (renamed)' } });
    try {
      expect((await listed(p.alice, 101)).type__v).toBe('Promotional Piece (renamed)');
      expect((await retrieved(p.alice, 101)).type__v).toBe('Promotional Piece (renamed)');
    } finally {
      registry().put(r);
    }
    expect((await listed(p.alice, 101)).type__v).toBe(doc.type__v);
  });
});

describe('visible documents of a user', () => {
  it('a created document shows at once to its creator and the administrator, not to others', async () => {
    const before = { alice: ids(await p.sim.json('GET', api('/objects/documents'), p.alice)), bob: ids(await p.sim.json('GET', api('/objects/documents'), p.bob)) };
    const created = await p.sim.json('POST', api('/objects/documents'), p.alice, { form: { name__v: 'Cache Probe', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' } });
    expect(created.responseStatus).toBe('SUCCESS');
    expect(ids(await p.sim.json('GET', api('/objects/documents'), p.alice))).toEqual([...before.alice, created.id]);
    expect(ids(await p.sim.json('GET', api('/objects/documents'), p.admin))).toContain(created.id);
    expect(ids(await p.sim.json('GET', api('/objects/documents'), p.bob))).toEqual(before.bob);
  });

  it('more users than the cache keeps still get their own lists (least recently used evicted)', () => {
    const s = store();
    const alice = p.sim.world.users.get(61002)!;
    const bob = p.sim.world.users.get(61003)!;
    const aliceIds = s.visibleTo(alice).map((d) => d.id);
    const bobIds = s.visibleTo(bob).map((d) => d.id);
    // Fake users (no roles, no groups) push alice and bob out of the cache.
    for (let i = 0; i < VISIBLE_LISTS_KEPT + 2; i++) expect(s.visibleTo({ ...bob, id: 990000 + i })).toEqual([]);
    expect(s.visibleTo(alice).map((d) => d.id)).toEqual(aliceIds);
    expect(s.visibleTo(bob).map((d) => d.id)).toEqual(bobIds);
  });
});
