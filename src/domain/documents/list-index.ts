/**
 * Endpoint 21 without scans (issue 19): per store, the latest versions of its documents (scope
 * `latest`) or every version (scope `all`, `versionscope=all`) kept in sorted orders, one per
 * scope and sortable field asked for (built on first use, O(n log n), from single fields: no
 * records), ascending; a descending page is read from the same order (pageOf: runs of equal keys
 * in reverse, ties still ascending by id and version). They are kept up to date afterwards one
 * document at a time (a create, a check-out, a new version or field change: `changed`), so that a
 * page costs O(page + log n) for the administrator, who sees every document. A user who sees part
 * of the world reads a filtered copy of the order (a pass over a bitmap of the documents they
 * see, kept per user and updated per change too), kept while nothing changed (bounded:
 * LIST_INDEX_FILTERED). The orders themselves are kept through the one cache door, bounded by
 * count and estimated bytes (LIST_ORDERS_KEPT). A new metadata view (MDL, labels) rebuilds the
 * orders on next use: records show labels.
 */
import { BoundedCache, SLOT_BYTES } from '../cache';
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
import { compareNormal, normalValue } from './list-order';

/** One version in a sorted order: its key (normalValue of its record's value of the field). */
export interface OrderEntry {
  readonly doc: StoredDocument;
  readonly version: DocumentVersion;
  readonly key: unknown;
}

/** Which versions an order holds: each document's latest, or every version. */
export type OrderScope = 'latest' | 'all';

/** (chosen) Filtered orders kept (per user, scope and field; least recently used out first) and their estimated bytes. */
export const LIST_INDEX_FILTERED = { entries: 64, bytes: 32 * 1024 * 1024 };
/** (chosen) Users whose visible-document bitmaps are kept (a byte per document id each). */
export const VISIBLE_BITMAPS_KEPT = 64;
/** (chosen) Sorted orders kept (per scope and field, both directions; least recently used out first) and their estimated bytes. */
export const LIST_ORDERS_KEPT = { entries: 32, bytes: 96 * 1024 * 1024 };
/** Estimated bytes of one entry of an order: the entry object, its slot, a share of its key. */
export const ORDER_ENTRY_BYTES = 48;

interface Order {
  readonly scope: OrderScope;
  readonly field: string;
  readonly entries: OrderEntry[];
}

export interface IndexSource {
  /** Every document of the store. */
  documents(): Iterable<StoredDocument>;
  /** The value of a field in a version's record (as endpoint 21 shows it). */
  valueOf(view: MetadataView, doc: StoredDocument, version: DocumentVersion, field: string): unknown;
}

/** Ascending: by key, then document id, major, minor. */
const cmp = (a: OrderEntry, b: OrderEntry): number =>
  compareNormal(a.key, b.key) || a.doc.id - b.doc.id || a.version.major - b.version.major || a.version.minor - b.version.minor;

/** The first position in [lo, hi) whose entry is not before `e` per `before` (binary search). */
function firstNotBefore(entries: readonly OrderEntry[], lo: number, hi: number, before: (x: OrderEntry) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(entries[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Entries `start` to `start + limit` of an ascending order read ascending, or descending (`desc`:
 * by key descending, ties still ascending by id and version): each run of equal keys is found by
 * binary search, so a page costs O(page + log n) whatever the direction.
 */
export function pageOf(entries: readonly OrderEntry[], desc: boolean, start: number, limit: number): OrderEntry[] {
  if (!desc) return entries.slice(start, start + limit);
  const n = entries.length;
  const out: OrderEntry[] = [];
  let p = start;
  while (p < n && out.length < limit) {
    const key = entries[n - 1 - p].key;
    // The run of `key`: [s, e) in ascending positions, [n - e, n - s) in descending ones, in the same inner order.
    const s = firstNotBefore(entries, 0, n - p, (x) => compareNormal(x.key, key) < 0);
    const e = firstNotBefore(entries, n - 1 - p, n, (x) => compareNormal(x.key, key) <= 0);
    for (let q = p; q < n - s && out.length < limit; q++) out.push(entries[s + q - (n - e)]);
    p = n - s;
  }
  return out;
}

export class ListIndex {
  private view: MetadataView | undefined;
  private stampOfView: readonly [MetadataView | undefined] = [undefined];
  /** Orders by `scope field` (the one cache door: bounded; an order out is rebuilt on next use). */
  private readonly orders = new BoundedCache<string, Order>({ ...LIST_ORDERS_KEPT, sizeOf: (o) => SLOT_BYTES + o.entries.length * ORDER_ENTRY_BYTES });
  /** The names of the orders kept (some may have been evicted since: `peek` tells). */
  private readonly names = new Set<string>();
  /** Documents changed since the last read (`true`: new, in no order yet). */
  private readonly pending = new Map<StoredDocument, boolean>();
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

  /** A document was added (`added`) or changed (fields, versions, roles, check-out): its places are updated on next read. */
  changed(doc: StoredDocument, added = false): void {
    if (this.names.size > 0) this.pending.set(doc, (this.pending.get(doc) ?? true) && added);
    // Bitmaps are updated now: who sees the document may have changed (roles, a new document).
    for (const b of this.bitmaps.values()) b.bits = this.setBit(b.bits, doc, b.test(doc));
    this.revision++;
  }

  /** The ascending order of the scope's versions by `field`; callers must not modify it. */
  order(view: MetadataView, scope: OrderScope, field: string): readonly OrderEntry[] {
    if (view !== this.view) {
      this.names.clear();
      this.pending.clear();
      this.view = view;
      this.stampOfView = [view];
      this.revision++;
    }
    this.flush(view);
    const name = `${scope} ${field}`;
    return this.orders.answer(name, this.stampOfView, () => {
      const entries: OrderEntry[] = [];
      for (const doc of this.source.documents()) this.entriesOf(view, scope, field, doc, entries);
      entries.sort(cmp);
      this.names.add(name);
      return { scope, field, entries };
    }).entries;
  }

  /**
   * The order filtered (a user who sees part of the world, `My Documents`): through the filter's
   * bitmap (`filter` names it; `test()` gives its test, read once when the bitmap is built), the
   * copy kept while nothing changed.
   */
  orderFor(view: MetadataView, filter: string, test: () => (doc: StoredDocument) => boolean, scope: OrderScope, field: string): readonly OrderEntry[] {
    const all = this.order(view, scope, field);
    if (this.stamp[0] !== this.revision || this.stamp[1] !== view) this.stamp = [this.revision, view];
    return this.filtered.answer(`${filter} ${scope} ${field}`, this.stamp, () => {
      const bits = this.bitmapOf(filter, test);
      const out: OrderEntry[] = [];
      for (const e of all) if (bits[e.doc.id] === 1) out.push(e);
      return out;
    });
  }

  private entriesOf(view: MetadataView, scope: OrderScope, field: string, doc: StoredDocument, into: OrderEntry[]): void {
    const versions = scope === 'latest' ? [latestVersion(doc)] : doc.versions;
    for (const version of versions) into.push({ doc, version, key: normalValue(this.source.valueOf(view, doc, version, field)) });
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

  /**
   * Moves each changed document to its new places in every kept order: its old entries found by a
   * pass comparing references (no per-document map kept), the new ones placed by binary search.
   */
  private flush(view: MetadataView): void {
    if (this.pending.size === 0) return;
    const old = new Set([...this.pending].filter(([, added]) => !added).map(([doc]) => doc));
    for (const name of this.names) {
      const o = this.orders.peek(name);
      if (!o) {
        this.names.delete(name);
        continue;
      }
      const { entries } = o;
      if (old.size > 0) {
        let w = 0;
        for (let r = 0; r < entries.length; r++) if (!old.has(entries[r].doc)) entries[w++] = entries[r];
        entries.length = w;
      }
      const fresh: OrderEntry[] = [];
      for (const doc of this.pending.keys()) this.entriesOf(view, o.scope, o.field, doc, fresh);
      for (const e of fresh) entries.splice(firstNotBefore(entries, 0, entries.length, (x) => cmp(x, e) < 0), 0, e);
    }
    this.pending.clear();
    this.revision++;
  }
}
