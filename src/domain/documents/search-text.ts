/**
 * The text endpoint 21's `search` looks in for a version's fields (scope `properties`, `all`):
 * the values of its searchable fields (string-like types, not hidden), with each picklist value's
 * label, lower-case, one a line. Made from single fields (record-field.ts), not from a record, and
 * not kept per version (~300 characters a version on a generated world: ~30 MB per 100,000). The
 * query domain keeps an index of them field by field (query/list-search.ts, handed in as an
 * IndexedSearch, built in the background); a list scans them while that index is missing.
 */
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import type { DocumentStore } from './store';
import type { User } from '../users';
import { recordField } from './record-field';

const SEARCHABLE_TYPES = new Set(['String', 'LongText', 'RichText', 'Picklist']);

interface Searchable {
  readonly name: string;
  /** A picklist's entry labels by entry name. */
  readonly labels?: ReadonlyMap<unknown, string>;
}

/** The searchable fields of a metadata view, read once per view. */
const searchables = new WeakMap<MetadataView, readonly Searchable[]>();

function searchableFields(view: MetadataView): readonly Searchable[] {
  let s = searchables.get(view);
  if (!s) {
    s = view.fields
      .filter((f) => SEARCHABLE_TYPES.has(f.type) && !f.hidden)
      .map((f) => {
        // The first entry of a name wins (as `entries.find` would).
        const labels = new Map<unknown, string>();
        for (const e of f.entries ?? []) if (!labels.has(e.name)) labels.set(e.name, e.label);
        return { name: f.name, ...(f.entries ? { labels } : {}) };
      });
    searchables.set(view, s);
  }
  return s;
}

/** The texts a searchable field gives a version: each value (as String writes it) and a picklist value's label. */
function textsOf(f: Searchable, view: MetadataView, doc: StoredDocument, version: DocumentVersion, out: string[]): string[] {
  const v = recordField(view, doc, version, f.name);
  for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
    out.push(String(x));
    const label = f.labels?.get(x);
    if (label !== undefined) out.push(label);
  }
  return out;
}

/** The lower-case searchable text of a version's fields. */
export function fieldText(view: MetadataView, doc: StoredDocument, version: DocumentVersion): string {
  const parts: string[] = [];
  for (const f of searchableFields(view)) textsOf(f, view, doc, version, parts);
  return parts.join('\n').toLowerCase();
}

/**
 * The same text field by field, for an index of each (query/list-search.ts): a term without
 * whitespace occurs in `fieldText` exactly when it occurs in one of these texts, lowercased.
 */
export function searchedFields(view: MetadataView): { name: string; texts: (doc: StoredDocument, version: DocumentVersion) => string[] }[] {
  return searchableFields(view).map((f) => ({ name: f.name, texts: (doc, version) => textsOf(f, view, doc, version, []) }));
}

/** The search of endpoint 21 through kept indexes (query/list-search.ts), handed in by the caller. */
export type IndexedSearch = (
  store: DocumentStore,
  user: User,
  q: { terms: readonly string[]; scope: 'properties' | 'contents' | 'all'; allVersions: boolean },
) => { doc: StoredDocument; version: DocumentVersion }[] | undefined;

/** The words of a `search` parameter, lower-case (every one must be found). */
export const searchTerms = (search: string): string[] => search.toLowerCase().split(/\s+/).filter(Boolean);
