/**
 * Endpoint 21's `search` through kept indexes (issue 19): the versions a user sees whose searchable
 * text (documents/search-text.ts: each searchable field's values and picklist labels) and/or file
 * content holds every term. The fields are indexed like FIND's (src/vql/prepare.ts), kept with the
 * store's shared table (document-table.ts) and patched as documents change, under names of their
 * own (`list:<field>`: the list searches labels too, FIND does not); the content is FIND's kept
 * column. A term occurs in the list's joined text exactly when it occurs in one field text (terms
 * hold no whitespace), so the answer is the scan's. While the indexes a search needs are missing,
 * the search scans (listing.ts, as before) and they are built in the background, a part per turn
 * of the event loop (src/run-in-turns.ts), so that no request waits for them (~1 s of work and
 * ~66 MB at 100,000 documents); searches then take tens of ms instead of ~400.
 */
import { prepareContent, prepareTextIndex, rowsHoldingAll, textIndexesKept, type TextField } from '../../vql';
import { runInTurns } from '../../run-in-turns';
import type { MetadataView } from '../documents/metadata';
import type { DocumentVersion, StoredDocument } from '../documents/model';
import { type IndexedSearch, searchedFields } from '../documents/search-text';
import type { DocumentRow, DocumentStore } from '../documents/store';
import type { User } from '../users';
import { documentsTarget } from './documents';
import type { SimTarget } from './types';

/** The list's text fields of each view, as indexes: `list:<field>`, each reading a version's field texts. */
const fieldsOfView = new WeakMap<MetadataView, { fields: TextField[]; names: string[] }>();
function listFields(view: MetadataView): { fields: TextField[]; names: string[] } {
  let kept = fieldsOfView.get(view);
  if (!kept) {
    const fields = searchedFields(view).map((f) => ({ name: `list:${f.name}`, get: (row: unknown) => f.texts((row as DocumentRow).document, (row as DocumentRow).version) }));
    fieldsOfView.set(view, (kept = { fields, names: fields.map((f) => f.name) }));
  }
  return kept;
}

/** The user's documents target over the store's table of latest versions (or every version). */
const targetOf = (store: DocumentStore, user: User, allVersions: boolean): SimTarget => documentsTarget({ store, user, allVersions, targetOf: () => undefined });

/** Tables whose list indexes are being built. */
const building = new WeakSet<object>();

/**
 * The missing list indexes and the content column of the table a user's search reads now (latest
 * versions or every version), built in steps (src/vql/prepare.ts). It ends when that table is no
 * longer the store's (a new configuration, or a change it could not be patched for, such as a new
 * version for the every-version table): the next search builds for the new one.
 */
export function* listIndexBuild(store: DocumentStore, user: User, allVersions: boolean): Generator<void> {
  const target = () => targetOf(store, user, allVersions);
  const table = target().table;
  // a new configuration makes new tables too (document-table.ts)
  const current = () => target().table === table;
  for (const field of listFields(store.view()).fields) {
    if (!current()) return;
    yield* prepareTextIndex(target, field);
    yield;
  }
  if (current()) yield* prepareContent(target);
}

/** Runs listIndexBuild in the background, a step per turn of the event loop, at most one build per table; `signal` stops it. */
function buildInBackground(table: object, store: DocumentStore, user: User, allVersions: boolean, signal: AbortSignal | undefined): void {
  if (building.has(table) || signal?.aborted) return;
  building.add(table);
  const onError = (e: unknown) => console.error('[dms-sim] building the documents list\'s search indexes failed (searches scan instead):', e);
  void runInTurns(listIndexBuild(store, user, allVersions), { onError, signal, keepAlive: false }).finally(() => building.delete(table));
}

/**
 * The indexed search of endpoint 21 (handed to listDocuments by the handler); `background`: aborted
 * when the world's stores are replaced (a reset, a restored snapshot), ending the builds it started.
 */
export function indexedListSearch(background?: AbortSignal): IndexedSearch {
  return (store, user, { terms, scope, allVersions }) => {
    // U+0000 separates an index's texts: such a term is looked for by the scan (terms hold no whitespace: searchTerms).
    if (terms.some((t) => t.includes('\u0000'))) return undefined;
    const target = targetOf(store, user, allVersions);
    const list = scope === 'contents' ? { fields: [], names: [] } : listFields(store.view());
    const withContent = scope !== 'properties';
    if (!textIndexesKept(target, list.names, withContent)) {
      buildInBackground(target.table!, store, user, allVersions, background);
      return undefined;
    }
    const found = rowsHoldingAll(target, list.fields, terms, withContent);
    if (!found) return undefined;
    const rows = target.table!.rows as readonly DocumentRow[];
    const out: { doc: StoredDocument; version: DocumentVersion }[] = [];
    for (let i = 0; i < found.length; i++) if (found[i] === 1) out.push({ doc: rows[i].document, version: rows[i].version });
    return out;
  };
}

/** The indexed search with builds nobody stops (tests, in-process callers without a world). */
export const listSearch: IndexedSearch = indexedListSearch();
