/**
 * The query engine's warm-up (issue 19): steps per large store that build what its first FIND
 * would, kept with the store's shared table; a FIND afterwards answers as on a world not warmed up.
 */
import { describe, expect, it, vi } from 'vitest';
import { ListIndex } from '../documents/list-index';
import { searchedFieldNames } from '../../vql';
import { frameOf } from '../../vql/frame';
import { documentsTarget } from './documents';
import { isTenantAdmin } from '../users';
import { promoWorld } from './test-world';
import { LIST_SORTS, queryWarmUp, WARM_UP_MIN_DOCUMENTS } from './warm-up';

function promoTarget(w: ReturnType<typeof promoWorld>) {
  return documentsTarget({ store: w.store(), user: w.admin().user, allVersions: false, targetOf: () => undefined });
}
const FINDS = [
  "SELECT id FROM documents FIND ('label')", "SELECT id FROM documents FIND ('cholecap OR draft')", "SELECT id, name__v FROM documents FIND ('a' SCOPE name__v) ORDER BY id DESC",
  "SELECT id, name__v FROM documents WHERE name__v LIKE 'Cholecap%' ORDER BY document_creation_date__v DESC", "SELECT id FROM documents WHERE status__v IN ('Draft', 'Approved') ORDER BY name__v",
];

describe('queryWarmUp', () => {
  it('has no steps for stores under the threshold (the default world\'s are)', () => {
    const w = promoWorld();
    expect(w.store().size()).toBeLessThan(WARM_UP_MIN_DOCUMENTS);
    expect([...queryWarmUp(w.world)]).toEqual([]);
  });

  it('builds each searched field\'s index of every store with an administrator, as the first FIND would', () => {
    const w = promoWorld();
    const users = w.world.users.all();
    const warmed = w.world.tenants.all().flatMap((t) => {
      const store = w.world.documents.stores.get(t.id);
      const admin = users.find((u) => isTenantAdmin(u, t));
      return store && store.size() > 0 && admin ? [() => documentsTarget({ store, user: admin, allVersions: false, targetOf: () => undefined })] : [];
    });
    expect(warmed.length).toBeGreaterThan(1);
    const indexed = (target: () => ReturnType<typeof promoTarget>) => searchedFieldNames(target()).filter((f) => frameOf(target())!.has(`x:${f}`));
    const fields = searchedFieldNames(promoTarget(w));
    const cold = promoWorld();
    expect(fields).toContain('name__v');
    expect(fields).not.toContain('id');
    for (const target of warmed) expect(indexed(target)).toEqual([]);
    let steps = 0;
    for (const _ of queryWarmUp(w.world, 1)) steps++;
    for (const target of warmed) expect(indexed(target)).toEqual(searchedFieldNames(target()));
    // per field: one step building its index (a small world: one part, no token index), then the
    // warm-up's own between fields; per field of LIST_SORTS, a step for the query's key index, two
    // for its ORDER BY (ASC, DESC), one for the list's order, and one more for name__v's LIKE
    expect(steps).toBe(warmed.reduce((n, target) => n + searchedFieldNames(target()).length * 2 + LIST_SORTS.length * 4 + 1, 0));
    const ordered = (target: () => ReturnType<typeof promoTarget>) => LIST_SORTS.flatMap((f) => [f, `${f} DESC`]).filter((o) => frameOf(target())!.has(`sorted:o:${o}`));
    for (const target of warmed) expect(ordered(target)).toEqual(LIST_SORTS.flatMap((f) => [f, `${f} DESC`]));
    // and each field's key index (its =, range and IN probes), whatever its type
    const keyed = (target: () => ReturnType<typeof promoTarget>) => LIST_SORTS.filter((f) => frameOf(target())!.has(`sorted:key:k:(${f})`));
    for (const target of warmed) expect(keyed(target)).toEqual(LIST_SORTS);
    expect(keyed(() => promoTarget(cold))).toEqual([]);
    expect(ordered(() => promoTarget(cold))).toEqual([]);
    expect(indexed(() => promoTarget(w))).toEqual(fields);
    // A FIND afterwards answers as on a world nobody warmed up, for the administrator and a member.
    for (const q of FINDS) {
      for (const who of ['admin', 'bob'] as const) {
        const warm = w.world.queries.run(w[who](), q, {});
        expect(warm.data.length, q).toBeGreaterThan(0);
        expect(warm.data, `${who}: ${q}`).toEqual(cold.world.queries.run(cold[who](), q, {}).data);
      }
    }
  });

  it('builds the document list\'s orders by LIST_SORTS ahead: a first list sorted by one of them sorts nothing, and answers as unwarmed', () => {
    const w = promoWorld();
    for (const _ of queryWarmUp(w.world, 1)) void _;
    const cold = promoWorld();
    const build = vi.spyOn(ListIndex.prototype as unknown as { build: () => unknown }, 'build');
    const page = (world: typeof w, field: string, desc: boolean) =>
      world.store().sortedPage(world.admin().user, { field, desc, start: 1, limit: 5 }).entries.map((e) => `${e.doc.id}/${e.version.major}.${e.version.minor}`);
    for (const field of LIST_SORTS) {
      for (const desc of [false, true]) expect(page(w, field, desc), `${field} ${desc ? 'DESC' : 'ASC'}`).toEqual(page(cold, field, desc));
    }
    // the cold world built one order per field; the warmed one none
    expect(build).toHaveBeenCalledTimes(LIST_SORTS.length);
    build.mockClear();
    expect(page(w, 'size__v', false)).toEqual(page(cold, 'size__v', false));
    expect(build).toHaveBeenCalledTimes(2);
  });
});
