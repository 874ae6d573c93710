/**
 * The query engine's warm-up after start (issue 19): what the first FIND over a large document store
 * would build — the table of latest versions, each searched field's index (30–120 ms a field at
 * 100,000 documents, 19 fields in a generated world) and the token index of large texts — as steps
 * a listening simulator runs one per turn of the event loop (src/run-in-turns.ts), so that no query
 * pays for them and a request arriving meanwhile waits for one step at most: 25,000 rows of a field
 * read (~10 ms), a token index or, the first step, the table of latest versions (the longest: ~100
 * ms at 100,000 documents, ~1 s at 1,000,000). Then, in stores of at most WARM_UP_MAX_ORDER_DOCUMENTS,
 * per field of LIST_SORTS, the orders a first request using it would sort, one a step (40–210 ms
 * at 100,000 documents): the query engine's key index (its `=`, range and `IN` probes; `LIKE 'x%'`
 * for name__v), its ORDER BY ascending and descending, and the document list's kept order (endpoint
 * 21: list-index.ts). The steps change nothing a client can see: they build what the engine and the
 * list keep, as a request would.
 */
import { findRows, isVqlError, parse, prepareFind, searchedFieldNames } from '../../vql';
import { parseSort } from '../documents/listing';
import type { DocumentStore } from '../documents/store';
import { type User, isTenantAdmin } from '../users';
import type { World } from '../world';
import { documentsTarget } from './documents';

/** (chosen) Stores with fewer documents are not warmed up: their first FIND builds its indexes in milliseconds. */
export const WARM_UP_MIN_DOCUMENTS = 5_000;

/**
 * (chosen) The fields whose orders are built ahead: the list's default (`id`) and the standard
 * fields lists are sorted by and queries filter and order on. A field the store's configuration
 * cannot sort or query by is skipped.
 */
export const LIST_SORTS = ['id', 'name__v', 'document_number__v', 'status__v', 'type__v', 'document_creation_date__v', 'version_modified_date__v'];

/**
 * (chosen) Larger stores get no orders ahead: one would hold the event loop for a second or more
 * (an order is one sort), and seven would not fit the list's kept orders (LIST_ORDERS_KEPT).
 */
export const WARM_UP_MAX_ORDER_DOCUMENTS = 250_000;

/**
 * The warm-up as steps (each `next()` one: see prepareFind; a field whose build throws is handed to
 * `onError` and skipped), over warmUpStores, chosen when it starts; each step reads its store's
 * table and configuration as they are then (a change between two parts gives that part up).
 */
export function* queryWarmUp(world: Pick<World, 'tenants' | 'users' | 'documents'>, minDocuments = WARM_UP_MIN_DOCUMENTS, onError?: (e: unknown) => void): Generator<void> {
  for (const { store, admin } of warmUpStores(world, minDocuments)) {
    const target = () => documentsTarget({ store, user: admin, allVersions: false, targetOf: () => undefined });
    for (const field of searchedFieldNames(target())) {
      try {
        yield* prepareFind(target, field);
      } catch (e) {
        onError?.(e); // this field's index is left to the first FIND; the others are built
      }
      yield;
    }
    if (store.size() > WARM_UP_MAX_ORDER_DOCUMENTS) continue;
    // The query engine keeps its own orders of the shared table: a field's keys sorted (its
    // equality, range, IN and LIKE 'x%' probes) and its ORDER BY, per direction.
    const catalog = { target: (name: string, allVersions: boolean) => (name === 'documents' && !allVersions ? target() : undefined) };
    const runs = (clause: string): boolean => {
      try {
        findRows(parse(`SELECT id FROM documents ${clause}`), catalog);
        return true;
      } catch (e) {
        if (!isVqlError(e)) onError?.(e); // a VqlError: a field the documents lack, or a literal not of its type
        return false;
      }
    };
    for (const field of LIST_SORTS) {
      // a range builds the key index: a number's, else a date's or a text's (the first the field takes)
      if (!runs(`WHERE ${field} > 0`)) runs(`WHERE ${field} > '1970-01-01T00:00:00.000Z'`);
      yield;
      const like = field === 'name__v' ? [`WHERE ${field} LIKE 'a%'`] : []; // (chosen) the one field LIKE is usual on
      for (const clause of [...like, `ORDER BY ${field} ASC`, `ORDER BY ${field} DESC`]) {
        runs(clause);
        yield;
      }
    }
    for (const field of LIST_SORTS) {
      if (!sortable(store, field)) continue;
      try {
        // the administrator's list reads the kept order itself (a member's, a part of it): an empty page builds it
        store.sortedPage(admin, { field, desc: false, start: 0, limit: 0 });
      } catch (e) {
        onError?.(e); // left to the first list sorted by it
      }
      yield;
    }
  }
}

function sortable(store: DocumentStore, field: string): boolean {
  try {
    return parseSort(store.view(), field).field === field;
  } catch {
    return false;
  }
}

/**
 * The stores the warm-up covers: at least `minDocuments` documents, and a tenant administrator (the
 * engine's table is shared by every user; an administrator reads it whole, so no visibility is
 * worked out for the warm-up), with that administrator. The CLI's banner names them.
 */
export function warmUpStores(world: Pick<World, 'tenants' | 'users' | 'documents'>, minDocuments = WARM_UP_MIN_DOCUMENTS): { store: DocumentStore; admin: User }[] {
  const users = world.users.all();
  return world.tenants.all().flatMap((tenant) => {
    const store = world.documents.stores.get(tenant.id);
    const admin = store && store.size() >= minDocuments ? users.find((u) => isTenantAdmin(u, tenant)) : undefined;
    return store && admin ? [{ store, admin }] : [];
  });
}
