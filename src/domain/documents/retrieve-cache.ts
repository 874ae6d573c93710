/**
 * Endpoint 22's answers kept whole (issue 10): the answer of a document (its record, renditions,
 * versions and attachments, with links under the document's address) is kept per address key
 * (the caller's: public base, tenant, API version, id; every link of the answer starts with it)
 * while it was built from the record the store gives now. The store hands out a new record
 * whenever any part of the answer may have changed (the document changed or was checked out or
 * in, a new configuration revision). One cache per store (`store.kept.retrieves`, store-cache.ts:
 * bounded by entries and estimated bytes; an answer kept from its second request on).
 */
import { deepFreeze, NO_STAMP } from '../cache';
import { withKeptSlot } from '../kept-slot';
import type { StoredDocument } from './model';
import type { DocumentRecord } from './records';
import type { DocumentStore } from './store';
import { STORE_CACHE_BOUNDS } from './store-cache';

/** (chosen) Retrieve answers kept per tenant store (least recently used out first; bytes: store-cache.ts). */
export const RETRIEVE_ANSWERS_KEPT = STORE_CACHE_BOUNDS.retrieves.entries;

/**
 * The kept answer of `doc` for `addressKey`, else `build(record)` (frozen throughout, kept): the
 * same object while valid, so that what the HTTP layer builds from it (its bytes) is kept with it.
 */
export function retrieveAnswer<A extends object>(store: DocumentStore, doc: StoredDocument, addressKey: string, build: (record: DocumentRecord) => A): Readonly<A> {
  const record = store.record(doc);
  const kept = store.kept.retrieves.answer(addressKey, NO_STAMP, () => {
    const answer = deepFreeze(withKeptSlot(build(record)));
    return { record, answer };
  }, { valid: (k) => k.record === record });
  return kept.answer as Readonly<A>;
}

/** How many retrieve answers the store holds now (tests). */
export function retrieveAnswerCount(store: DocumentStore): number {
  return store.kept.retrieves.size;
}
