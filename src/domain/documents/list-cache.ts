/**
 * Endpoint 21's answers kept whole (issue 10: a repeated list must not be recomputed, nor, through
 * the HTTP layer's reusable bodies, re-serialised). One cache per store, keyed by the user and every
 * list parameter, valid while the store's revision (documents added or changed, check-outs, named
 * lists) and the metadata view (the configuration revision: labels, fields, sortable fields) are
 * both unchanged. Users, groups and administrator rights do not change at run time.
 *
 * The same ListResult object is handed out while valid (frozen, rows included), so that what is
 * built from it (the answer body and its bytes) can be kept with it.
 */
import type { User } from '../users';
import { AnswerCache, type Stamp } from './answer-cache';
import type { ListParams, ListResult } from './listing';
import type { DocumentStore } from './store';

/** (chosen) Distinct list answers kept per tenant (least recently used out first). */
export const LIST_ANSWERS_KEPT = 32;

const caches = new WeakMap<DocumentStore, AnswerCache<ListResult>>();

/** The cache key of a list request: the user and every parameter (absent ones as null). */
export function listKey(userId: number, p: ListParams): string {
  return JSON.stringify([userId, p.namedFilter ?? null, p.scope ?? null, p.versionscope ?? null, p.search ?? null, p.sort ?? null, p.start ?? null, p.limit ?? null]);
}

/** What every list answer of the store is computed from. */
export function listStamp(store: DocumentStore): Stamp {
  return [store.revision, store.view()];
}

/** The answer of `compute()` for this user and these parameters: kept while the store's stamp holds. */
export function cachedList(store: DocumentStore, user: User, p: ListParams, compute: () => ListResult): ListResult {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new AnswerCache<ListResult>(LIST_ANSWERS_KEPT)));
  return cache.answer(listKey(user.id, p), listStamp(store), () => {
    const result = compute();
    Object.freeze(result.rows);
    return Object.freeze(result);
  });
}

/** How many answers the store's list cache holds now (tests). */
export function cachedListCount(store: DocumentStore): number {
  return caches.get(store)?.size ?? 0;
}
