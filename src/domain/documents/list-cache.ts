/**
 * Endpoint 21's answers kept whole (issue 10: a repeated list must not be recomputed, nor, through
 * the HTTP layer's reusable bodies, re-serialised). One cache per store (`store.kept.lists`,
 * store-cache.ts: bounded by entries and estimated bytes), keyed by the user and every
 * list parameter, valid while the store's revision (documents added or changed, check-outs) and the
 * metadata view (the configuration revision: labels, fields, sortable fields) are both unchanged.
 * An answer with a named filter also holds only while the user's named lists are unchanged
 * (`store.listsRevision`, checked per answer): a retrieve updates Recent Documents, and must not
 * empty the plain lists kept for everyone. Users, groups and administrator rights do not change
 * at run time. An answer is kept from its second request on (cache/doorkeeper.ts: a one-off list
 * of a big world dies young instead of being promoted by the garbage collector).
 *
 * The same ListResult object is handed out while valid (frozen, rows included), so that what is
 * built from it (the answer body and its bytes) can be kept with it, in its kept slot (kept-slot.ts).
 */
import type { Stamp } from '../cache';
import { withKeptSlot } from '../kept-slot';
import type { User } from '../users';
import type { ListParams, ListResult } from './listing';
import type { DocumentStore } from './store';
import { STORE_CACHE_BOUNDS } from './store-cache';

/** (chosen) Distinct list answers kept per tenant (least recently used out first; bytes: store-cache.ts). */
export const LIST_ANSWERS_KEPT = STORE_CACHE_BOUNDS.lists.entries;

/** The cache key of a list request: the user and every parameter (absent ones as null). */
export function listKey(userId: number, p: ListParams): string {
  return JSON.stringify([userId, p.namedFilter ?? null, p.scope ?? null, p.versionscope ?? null, p.search ?? null, p.sort ?? null, p.start ?? null, p.limit ?? null]);
}

/** What every list answer of the store is computed from (shared by all its answers). */
export function listStamp(store: DocumentStore): Stamp {
  return [store.revision, store.view()];
}

/**
 * What an answer reads beyond `listStamp`: the user's named-lists revision when the list has a
 * named filter (all of them are stamped alike, `My Documents` too: simpler, and it costs only a
 * recomputation); undefined for a plain list, which never reads named lists.
 */
export function namedListsStamp(store: DocumentStore, user: User, p: ListParams): number | undefined {
  return p.namedFilter === undefined ? undefined : store.listsRevision(user.id);
}

/** The answer of `compute()` for this user and these parameters: kept while the store's stamp (and the user's named lists, for a named filter) hold. */
export function cachedList(store: DocumentStore, user: User, p: ListParams, compute: () => ListResult): ListResult {
  const lists = namedListsStamp(store, user, p);
  const kept = store.kept.lists.answer(listKey(user.id, p), listStamp(store), () => {
    const result = withKeptSlot(compute());
    Object.freeze(result.rows);
    return { result: Object.freeze(result), lists };
  }, { valid: (k) => k.lists === lists });
  return kept.result;
}

/** How many answers the store's list cache holds now (tests). */
export function cachedListCount(store: DocumentStore): number {
  return store.kept.lists.size;
}
