/**
 * Endpoint 21's indexed search (list-search.ts): while its indexes are missing a search scans (no
 * answer from here) and they are built in the background; then searches answer from them, as the
 * scan does. A new configuration ends a build (its table is gone).
 */
import { describe, expect, it } from 'vitest';
import { listDocuments } from '../documents/listing';
import { searchedFields } from '../documents/search-text';
import { textIndexesKept } from '../../vql';
import { documentsTarget } from './documents';
import { indexedListSearch, listIndexBuild, listSearch } from './list-search';
import { PROMO, promoWorld } from './test-world';

const until = async (what: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setImmediate(r));
  return what();
};

describe('listSearch', () => {
  it('scans while its indexes are missing, builds them in the background, then answers as the scan does', async () => {
    const w = promoWorld();
    const admin = w.admin().user;
    const store = w.store();
    const target = () => documentsTarget({ store, user: admin, allVersions: false, targetOf: () => undefined });
    const names = searchedFields(store.view()).map((f) => `list:${f.name}`);
    expect(names.length).toBeGreaterThan(3);
    expect(textIndexesKept(target(), names, false)).toBe(false);
    const q = { terms: ['label'], scope: 'all' as const, allVersions: false };
    expect(listSearch(store, admin, q)).toBeUndefined();
    expect(listSearch(store, admin, q)).toBeUndefined(); // still building (one build a table)
    expect(await until(() => listSearch(store, admin, q) !== undefined)).toBe(true);
    expect(textIndexesKept(target(), names, true)).toBe(true);
    for (const [user, terms] of [[admin, ['label']], [w.bob().user, ['label']], [admin, ['cholecap', 'promo']], [w.bob().user, ['nothing-like-it']]] as const) {
      for (const scope of ['properties', 'contents', 'all'] as const) {
        for (const allVersions of [false, true]) {
          for (const _ of listIndexBuild(store, user, allVersions));
          const got = listSearch(store, user, { terms, scope, allVersions });
          expect(got, `${user.username} ${terms} ${scope} ${allVersions}`).toBeDefined();
          store.kept.lists.clear();
          const scanned = listDocuments(store, user, { search: terms.join(' '), limit: 200, ...(scope === 'properties' ? {} : { scope }), ...(allVersions ? { versionscope: 'all' } : {}) });
          expect(got!.map((r) => `${r.doc.id}_${r.version.major}_${r.version.minor}`)).toEqual(scanned.rows.map((r) => r.record.version_id));
        }
      }
    }
  });

  it('ends a build when the configuration changes (the table it built for is gone)', () => {
    const w = promoWorld();
    const admin = w.admin().user;
    const store = w.store();
    const build = listIndexBuild(store, admin, false);
    expect(build.next().done).toBe(false);
    const registry = w.world.configuration.get(w.world.tenants.byDnsName(PROMO)!.id)!;
    const type = registry.get('Doctype', 'promotional_piece__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    let steps = 0;
    while (!build.next().done) steps++;
    expect(steps).toBeLessThanOrEqual(1);
    expect(listSearch(store, admin, { terms: ['promo'], scope: 'properties', allVersions: false })).toBeUndefined();
  });

  it('ends a build when its table is replaced (a new version, for the every-version table), keeping nothing on the new one', () => {
    const w = promoWorld();
    const admin = w.admin().user;
    const store = w.store();
    const tableNow = () => documentsTarget({ store, user: admin, allVersions: true, targetOf: () => undefined }).table!;
    const before = tableNow();
    const build = listIndexBuild(store, admin, true);
    expect(build.next().done).toBe(false);
    const doc = store.get(admin, store.all()[0].id);
    doc.versions.push({ ...doc.versions[doc.versions.length - 1], minor: doc.versions[doc.versions.length - 1].minor + 1 });
    store.changed(doc);
    expect(tableNow()).not.toBe(before);
    let steps = 0;
    while (!build.next().done) steps++;
    expect(steps).toBeLessThanOrEqual(1);
    const names = searchedFields(store.view()).map((f) => `list:${f.name}`);
    expect(names.some((n) => textIndexesKept(documentsTarget({ store, user: admin, allVersions: true, targetOf: () => undefined }), [n], false))).toBe(false);
  });

  it('starts no build once its world\'s stores were replaced (the background signal aborted)', async () => {
    const w = promoWorld();
    const admin = w.admin().user;
    const store = w.store();
    const gone = new AbortController();
    gone.abort();
    const search = indexedListSearch(gone.signal);
    const q = { terms: ['label'], scope: 'properties' as const, allVersions: false };
    expect(search(store, admin, q)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(search(store, admin, q)).toBeUndefined();
    // the same search with a live signal builds
    const live = indexedListSearch(new AbortController().signal);
    expect(live(store, admin, q)).toBeUndefined();
    expect(await until(() => live(store, admin, q) !== undefined)).toBe(true);
  });
});
