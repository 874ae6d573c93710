/**
 * The query engine's warm-up after start (issue 19): what the first FIND over a large document store
 * would build — the table of latest versions, each searched field's index (30–120 ms a field at
 * 100,000 documents, 19 fields in a generated world) and the token index of large texts — as steps
 * a listening simulator runs one per turn of the event loop (src/run-in-turns.ts), so that no query
 * pays for them and a request arriving meanwhile waits for one step at most: 25,000 rows of a field
 * read (~10 ms), a token index or, the first step, the table of latest versions (the longest: ~100
 * ms at 100,000 documents, ~1 s at 1,000,000). The steps change nothing a client can see: they build what the
 * engine keeps with a store's table, as a query would.
 */
import { prepareFind, searchedFieldNames } from '../../vql';
import { isTenantAdmin } from '../users';
import type { World } from '../world';
import { documentsTarget } from './documents';

/** (chosen) Stores with fewer documents are not warmed up: their first FIND builds its indexes in milliseconds. */
export const WARM_UP_MIN_DOCUMENTS = 5_000;

/**
 * The warm-up as steps (each `next()` one: see prepareFind; a field whose build throws is handed to
 * `onError` and skipped), per tenant whose store holds at least
 * `minDocuments` documents and who has a tenant administrator (the engine's table is shared by
 * every user; an administrator reads it whole, so no visibility is worked out for it). The world is
 * read as the steps run: a store or configuration that changed meanwhile is followed.
 */
export function* queryWarmUp(world: Pick<World, 'tenants' | 'users' | 'documents'>, minDocuments = WARM_UP_MIN_DOCUMENTS, onError?: (e: unknown) => void): Generator<void> {
  for (const tenant of world.tenants.all()) {
    const store = world.documents.stores.get(tenant.id);
    if (!store || store.size() < minDocuments) continue;
    const admin = world.users.all().find((u) => isTenantAdmin(u, tenant));
    if (!admin) continue;
    const target = () => documentsTarget({ store, user: admin, allVersions: false, targetOf: () => undefined });
    for (const field of searchedFieldNames(target())) {
      try {
        yield* prepareFind(target, field);
      } catch (e) {
        onError?.(e); // this field's index is left to the first FIND; the others are built
      }
      yield;
    }
  }
}
