/**
 * The text endpoint 21's `search` looks in for a version's fields (scope `properties`, `all`):
 * the values of its searchable fields (string-like types, not hidden), with each picklist value's
 * label, lower-case, one a line. Made from single fields (record-field.ts), not from a record,
 * and not kept (issue 19): ~4 µs a version, where keeping every version's text (~300 characters
 * on a generated world) would cost ~30 MB per 100,000 versions, and a bounded cache smaller than
 * the world is all misses for a search, which reads every version in the same order.
 */
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
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

/** The lower-case searchable text of a version's fields. */
export function fieldText(view: MetadataView, doc: StoredDocument, version: DocumentVersion): string {
  const parts: string[] = [];
  for (const f of searchableFields(view)) {
    const v = recordField(view, doc, version, f.name);
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
      parts.push(String(x));
      const label = f.labels?.get(x);
      if (label !== undefined) parts.push(label);
    }
  }
  return parts.join('\n').toLowerCase();
}

/** The words of a `search` parameter, lower-case (every one must be found). */
export const searchTerms = (search: string): string[] => search.toLowerCase().split(/\s+/).filter(Boolean);
