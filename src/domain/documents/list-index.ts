/**
 * Endpoint 21 without scans (issue 19): per store, the latest versions of its documents kept in
 * sorted orders, one per sortable field and direction asked for (built on first use, O(n log n)),
 * and kept up to date afterwards one document at a time (a create, a check-out, a new version or
 * field change: `changed`), so that a page costs O(page + log n) for the administrator, who sees
 * every document. A user who sees part of the world reads a filtered copy of the order (a pass over a
 * bitmap of the documents they see, kept per user and updated per change too), kept while
 * nothing changed (bounded: LIST_INDEX_FILTERED). A new metadata view (MDL, labels) rebuilds the
 * orders on next use: records show labels.
 */
import { BoundedCache, SLOT_BYTES } from '../cache';
import type { MetadataView } from './metadata';
import type { StoredDocument } from './model';
import { compareNormal, normalValue } from './list-order';

/** One document in a sorted order: its key (normalValue of its latest record's value). */
export interface OrderEntry {
  readonly doc: StoredDocument;
  readonly key: unknown;
}

/** (chosen) Filtered orders kept (per user, field and direction; least recently used out first) and their estimated bytes. */
export const LIST_INDEX_FILTERED = { entries: 64, bytes: 32 * 1024 * 1024 };
/** (chosen) Users whose visible-document bitmaps are kept (a byte per document id each). */
export const VISIBLE_BITMAPS_KEPT = 64;

interface Order {
  readonly desc: boolean;
  readonly field: string;
  readonly entries: OrderEntry[];
  /** Each document's entry, to find it again (by its old key) when it changes. */
  readonly byDoc: Map<StoredDocument, OrderEntry>;
}

export interface IndexSource {
  /** Every document of the store. */
  documents(): Iterable<StoredDocument>;
  /** The value of a field in a document's latest record (as endpoint 21 shows it). */
  valueOf(view: MetadataView, doc: StoredDocument, field: string): unknown;
}

const cmp = (desc: boolean, a: OrderEntry, b: OrderEntry): number => {
  const c = compareNormal(a.key, b.key);
  if (c !== 0) return desc ? -c : c;
  return a.doc.id - b.doc.id;
};

/** The first position whose entry is not before `e` (binary search). */
function lowerBound(entries: readonly OrderEntry[], desc: boolean, e: OrderEntry): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(desc, entries[mid], e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ListIndex {
  private view: MetadataView | undefined;
  private readonly orders = new Map<string, Order>();
  private readonly pending = new Set<StoredDocument>();
  /** Rises whenever an order or a bitmap changed: it stamps the filtered copies. */
  private revision = 0;
  private stamp: readonly [number, MetadataView | undefined] = [0, undefined];
  private readonly filtered = new BoundedCache<string, readonly OrderEntry[]>({
    ...LIST_INDEX_FILTERED, sizeOf: (entries) => SLOT_BYTES * (entries.length + 1),
  });
  /**
   * Per filter (a user's visible documents, a user's `My Documents`), a byte per document id (1: in
   * it) and the test that decides it, updated in place on every change (not through the cache door:
   * it is never stale, only bounded), the oldest out first.
   */
  private readonly bitmaps = new Map<string, { bits: Uint8Array; test: (doc: StoredDocument) => boolean }>();

  constructor(private readonly source: IndexSource) {}

  /** A document was added or changed (fields, versions, roles, check-out): its places are updated on next read. */
  changed(doc: StoredDocument): void {
    if (this.orders.size > 0) this.pending.add(doc);
    // Bitmaps are updated now: who sees the document may have changed (roles, a new document).
    for (const b of this.bitmaps.values()) b.bits = this.setBit(b.bits, doc, b.test(doc));
    this.revision++;
  }

  /** The sorted order of every document by `field` (latest versions), as entries; callers must not modify it. */
  order(view: MetadataView, field: string, desc: boolean): readonly OrderEntry[] {
    if (view !== this.view) {
      this.orders.clear();
      this.pending.clear();
      this.view = view;
      this.revision++;
    }
    this.flush(view);
    const name = `${field} ${desc ? 'DESC' : 'ASC'}`;
    let o = this.orders.get(name);
    if (!o) {
      const entries: OrderEntry[] = [];
      const byDoc = new Map<StoredDocument, OrderEntry>();
      for (const doc of this.source.documents()) {
        const e = { doc, key: normalValue(this.source.valueOf(view, doc, field)) };
        entries.push(e);
        byDoc.set(doc, e);
      }
      entries.sort((a, b) => cmp(desc, a, b));
      this.orders.set(name, (o = { desc, field, entries, byDoc }));
    }
    return o.entries;
  }

  /**
   * The order filtered (a user who sees part of the world, `My Documents`): through the filter's
   * bitmap (`filter` names it; `test()` gives its test, read once when the bitmap is built), the
   * copy kept while nothing changed.
   */
  orderFor(view: MetadataView, filter: string, test: () => (doc: StoredDocument) => boolean, field: string, desc: boolean): readonly OrderEntry[] {
    const all = this.order(view, field, desc);
    if (this.stamp[0] !== this.revision || this.stamp[1] !== view) this.stamp = [this.revision, view];
    return this.filtered.answer(`${filter} ${field} ${desc}`, this.stamp, () => {
      const bits = this.bitmapOf(filter, test);
      const out: OrderEntry[] = [];
      for (const e of all) if (bits[e.doc.id] === 1) out.push(e);
      return out;
    });
  }

  private bitmapOf(filter: string, makeTest: () => (doc: StoredDocument) => boolean): Uint8Array {
    const kept = this.bitmaps.get(filter);
    if (kept) return kept.bits;
    const test = makeTest();
    let bits: Uint8Array = new Uint8Array(1024);
    for (const doc of this.source.documents()) bits = this.setBit(bits, doc, test(doc));
    if (this.bitmaps.size >= VISIBLE_BITMAPS_KEPT) this.bitmaps.delete(this.bitmaps.keys().next().value as string);
    this.bitmaps.set(filter, { bits, test });
    return bits;
  }

  private setBit(bits: Uint8Array, doc: StoredDocument, on: boolean): Uint8Array {
    if (doc.id >= bits.length) {
      if (!on) return bits;
      const grown = new Uint8Array(Math.max(doc.id + 1, bits.length * 2));
      grown.set(bits);
      bits = grown;
    }
    bits[doc.id] = on ? 1 : 0;
    return bits;
  }

  /** Moves each changed document to its new place in every order (O(log n) to find, a shift to move). */
  private flush(view: MetadataView): void {
    if (this.pending.size === 0) return;
    for (const doc of this.pending) {
      for (const o of this.orders.values()) {
        const old = o.byDoc.get(doc);
        if (old) {
          let at = lowerBound(o.entries, o.desc, old);
          if (o.entries[at] !== old) at = o.entries.indexOf(old);
          if (at >= 0) o.entries.splice(at, 1);
        }
        const e = { doc, key: normalValue(this.source.valueOf(view, doc, o.field)) };
        o.entries.splice(lowerBound(o.entries, o.desc, e), 0, e);
        o.byDoc.set(doc, e);
      }
    }
    this.pending.clear();
    this.revision++;
  }
}
