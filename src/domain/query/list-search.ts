/**
 * Endpoint 21's `search` through kept indexes (issue 19): the versions a user sees whose searchable
 * text (documents/search-text.ts: each searchable field's values and picklist labels) and/or file
 * content holds every term. The fields are indexed like FIND's (src/vql, find-index.ts), kept with
 * the store's shared table (document-table.ts) and patched as documents change, under names of their
 * own (`list:<field>`): the list searches labels too, FIND does not. A term occurs in the list's
 * joined text exactly when it occurs in one field text (terms hold no whitespace), so the answer is
 * the scan's. The first search of a table scans (listing.ts) and the second builds the indexes, so
 * that a world searched once does not pay for them (about a second, and tens of MB, at 100,000
 * documents); later searches read them (tens of ms instead of ~400 at 100,000).
 */
import { rowsHoldingAll } from '../../vql';
import type { DocumentVersion, StoredDocument } from '../documents/model';
import { type IndexedSearch, searchedFields } from '../documents/search-text';
import type { DocumentRow } from '../documents/store';
import { documentsTarget } from './documents';

/** Searches seen per table (the first one scans). */
const searches = new WeakMap<object, number>();

export const listSearch: IndexedSearch = (store, user, { terms, scope, allVersions }) => {
  // U+0000 separates an index's texts: such a term is looked for by the scan.
  if (terms.length === 0 || terms.some((t) => t.includes('\u0000') || /\s/.test(t))) return undefined;
  const target = documentsTarget({ store, user, allVersions, targetOf: () => undefined });
  const table = target.table!;
  const seen = searches.get(table) ?? 0;
  searches.set(table, seen + 1);
  if (seen === 0) return undefined;
  const fields = scope === 'contents'
    ? []
    : searchedFields(store.view()).map((f) => ({ name: `list:${f.name}`, get: (row: unknown) => f.texts((row as DocumentRow).document, (row as DocumentRow).version) }));
  const found = rowsHoldingAll(target, fields, terms, scope !== 'properties');
  if (!found) return undefined;
  const visible = target.visible;
  const rows = table.rows as readonly DocumentRow[];
  const out: { doc: StoredDocument; version: DocumentVersion }[] = [];
  for (let i = 0; i < found.length; i++) {
    if (found[i] === 1 && (visible === undefined || ((visible[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0)) out.push({ doc: rows[i].document, version: rows[i].version });
  }
  return out;
};
