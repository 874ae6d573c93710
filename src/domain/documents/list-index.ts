/**
 * Endpoint 21 without scans (issue 19): per store, the latest versions of its documents (scope
 * `latest`) or every version (scope `all`, `versionscope=all`) kept in sorted orders, one per
 * scope and sortable field asked for (built on first use, O(n log n), from single fields: no
 * records), ascending, as arrays of references only (no keys kept: a key is read again from the
 * field when a binary search needs it); a descending page is read from the same order (runs of
 * equal keys in reverse, ties still ascending by id and version). They are kept up to date
 * afterwards one document at a time (a create, a check-out, a new version or field change:
 * `changed`), so that a page costs O(page + log n) for the administrator, who sees every document.
 * A user who sees part of the world reads a filtered copy of the order (a pass over a bitmap of the
 * documents they see, kept per user and updated per change too), kept and brought up to date one
 * changed document at a time like the orders (bounded: LIST_INDEX_FILTERED). The orders themselves are kept through the one cache door,
 * bounded by count and estimated bytes (LIST_ORDERS_KEPT). A new metadata view (MDL, labels)
 * rebuilds the orders on next use: records show labels.
 */
import { BlockList } from '../../block-list';
import { firstIndexWhere } from '../../first-index-where';
import { BoundedCache, SLOT_BYTES } from '../cache';
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
import { FilterBitmaps } from './filter-bitmaps';
import { compareNormal } from './list-order';
import { keyOf, OrderReader } from './order-reader';

/** One version of a sorted order (a page's row). */
export interface OrderEntry {
  readonly doc: StoredDocument;
  readonly version: DocumentVersion;
}

/** Which versions an order holds: each document's latest, or every version. */
export type OrderScope = 'latest' | 'all';

/**
 * Versions in order, as parallel lists (a slot each: no entry objects, no keys kept; a key is read
 * again, from the field, when a search needs it: O(log n) of them per search), kept in blocks so
 * that placing a changed document moves a block's slots, not the whole order's (block-list.ts).
 */
export interface Sorted {
  readonly scope: OrderScope;
  readonly field: string;
  readonly docs: BlockList<StoredDocument>;
  /** Scope `all`: each position's version (scope `latest`: the document's latest). */
  readonly versions: BlockList<DocumentVersion> | undefined;
  /**
   * Whether two positions may have equal keys: false when the order was built without any (`id`,
   * a name or number no two documents share), and it stays false until a change places a version
   * next to an equal key. Without ties a descending page is the ascending order read backwards (no
   * key read at all).
   */
  ties: boolean;
  /**
   * Runs of equal keys a descending page found (order-reader.ts), by key: their ascending
   * positions [start, end). Kept until the order changes (flush forgets them).
   */
  runs?: Map<unknown, readonly [number, number]>;
}

/** (chosen) Filtered orders kept (per user, scope and field; least recently used out first) and their estimated bytes. */
export const LIST_INDEX_FILTERED = { entries: 64, bytes: 16 * 1024 * 1024 };
/** (chosen) A filter holding fewer than 1/SPARSE of the store's documents is ordered from its members (sorted), not by a pass over the whole order (which is then neither built nor brought up to date for it). */
export const SPARSE = 16;

/** (chosen) Sorted orders kept (per scope and field, both directions; least recently used out first) and their estimated bytes (a slot a position and array). */
export const LIST_ORDERS_KEPT = { entries: 64, bytes: 32 * 1024 * 1024 };

const sizeOfSorted = (o: Sorted) => SLOT_BYTES * (4 + o.docs.length * (o.versions ? 2 : 1));

export interface IndexSource {
  /** Every document of the store. */
  documents(): Iterable<StoredDocument>;
  /** The document of an id. */
  document(id: number): StoredDocument | undefined;
  /** How many documents the store holds. */
  count(): number;
  /** The value of a field in a version's record (as endpoint 21 shows it). */
  valueOf(view: MetadataView, doc: StoredDocument, version: DocumentVersion, field: string): unknown;
}

export class ListIndex {
  private view: MetadataView | undefined;
  private stampOfView: readonly [MetadataView | undefined] = [undefined];
  /** Orders by `scope field` (the one cache door: bounded; an order out is rebuilt on next use). */
  private readonly orders = new BoundedCache<string, Sorted>({ ...LIST_ORDERS_KEPT, sizeOf: sizeOfSorted });
  /** Documents changed since the last read (`true`: new, in no order yet). */
  private readonly pending = new Map<StoredDocument, boolean>();
  /** Filtered copies of orders (per filter, scope and field), brought up to date like the orders. */
  private readonly filtered = new BoundedCache<string, FilteredCopy>({ ...LIST_INDEX_FILTERED, sizeOf: sizeOfSorted });
  /** Per filter (a user's visible documents, a user's `My Documents`), its bitmap (filter-bitmaps.ts). */
  private readonly bitmaps: FilterBitmaps;

  constructor(private readonly source: IndexSource) {
    this.bitmaps = new FilterBitmaps(() => source.documents(), (id) => source.document(id));
  }

  /** A document was added (`added`) or changed (fields, versions, roles, check-out): its places are updated on next read. */
  changed(doc: StoredDocument, added = false): void {
    if (this.orders.size > 0 || this.filtered.size > 0) this.pending.set(doc, (this.pending.get(doc) ?? true) && added);
    // Bitmaps are updated now: who sees the document may have changed (roles, a new document).
    this.bitmaps.changed(doc);
  }

  /** The ascending order of the scope's versions by `field`; callers must not modify it. */
  order(view: MetadataView, scope: OrderScope, field: string): Sorted {
    this.sync(view);
    const name = `${scope} ${field}`;
    return this.orders.answer(name, this.stampOfView, () => this.build(view, scope, field));
  }

  /**
   * The order filtered (a user who sees part of the world, `My Documents`): through the filter's
   * bitmap (`filter` names it; `test()` gives its test, read once when the bitmap is built), the
   * copy kept and brought up to date per changed document (a create, a check-out: not a pass over
   * the whole order again for every user after each); a sparse filter's (a user's few documents of
   * a big world) is its members sorted, not a pass over the whole order.
   */
  orderFor(view: MetadataView, filter: string, test: () => (doc: StoredDocument) => boolean, scope: OrderScope, field: string): Sorted {
    this.sync(view);
    const bitmap = this.bitmaps.of(filter, test);
    const all = bitmap.count * SPARSE < this.source.count() ? undefined : this.order(view, scope, field);
    return this.filtered.answer(`${filter} ${scope} ${field}`, this.stampOfView, () => ({
      ...(all ? filteredCopy(all, bitmap.bits) : this.build(view, scope, field, this.bitmaps.members(bitmap))),
      filter,
    }));
  }

  /** Positions `start` to `start + limit` of an order (kept or filtered), ascending or descending (`desc`). */
  page(view: MetadataView, sorted: Sorted, desc: boolean, start: number, limit: number): OrderEntry[] {
    return new OrderReader(this.source, view, sorted).page(desc, start, limit);
  }

  private build(view: MetadataView, scope: OrderScope, field: string, from: Iterable<StoredDocument> = this.source.documents()): Sorted {
    const docs: StoredDocument[] = [];
    const versions: DocumentVersion[] = [];
    const keys: unknown[] = [];
    const add = (doc: StoredDocument, version: DocumentVersion) => {
      docs.push(doc);
      versions.push(version);
      keys.push(keyOf(this.source, view, field, doc, version));
    };
    for (const doc of from) {
      if (scope === 'latest') add(doc, latestVersion(doc));
      else for (const version of doc.versions) add(doc, version);
    }
    const by = docs.map((_, i) => i);
    by.sort((a, b) => compareNormal(keys[a], keys[b]) || docs[a].id - docs[b].id || versions[a].major - versions[b].major || versions[a].minor - versions[b].minor);
    let ties = false;
    for (let i = 1; i < by.length && !ties; i++) ties = compareNormal(keys[by[i - 1]], keys[by[i]]) === 0;
    return { scope, field, docs: BlockList.from(by.map((i) => docs[i])), versions: scope === 'all' ? BlockList.from(by.map((i) => versions[i])) : undefined, ties };
  }
  /** A new metadata view (records show its labels) drops every order; then the changed documents are placed. */
  private sync(view: MetadataView): void {
    if (view !== this.view) {
      this.pending.clear();
      this.view = view;
      this.stampOfView = [view];
      this.orders.restamp(this.stampOfView);
      this.filtered.restamp(this.stampOfView);
    }
    this.flush(view);
  }

  /**
   * Moves each changed document to its new places in every kept order and filtered copy (there,
   * only when its filter's bitmap holds it now; a copy whose bitmap is gone is dropped).
   */
  private flush(view: MetadataView): void {
    if (this.pending.size === 0) return;
    const old = new Set([...this.pending].filter(([, added]) => !added).map(([doc]) => doc));
    for (const [name, o] of this.orders.kept()) {
      if (this.orders.peek(name) !== o) continue; // pushed out by another's growth meanwhile
      this.place(view, o, old);
      this.orders.remeasure(name); // grown by creates: counted as it is now
    }
    for (const [key, o] of this.filtered.kept()) {
      if (this.filtered.peek(key) !== o) continue;
      const bitmap = this.bitmaps.peek(o.filter);
      // A copy more than 16 changes touch, beyond a quarter of it (as the query tables rule), is made again on
      // next use: placing each in each copy cost ~10× a remake for 2,000 changes at 100k (a review).
      if (bitmap && (this.pending.size <= 16 || this.pending.size * 4 <= o.docs.length)) {
        this.place(view, o, old, (doc) => bitmap.bits[doc.id] === 1);
        this.filtered.remeasure(key);
      } else this.filtered.delete(key);
    }
    this.pending.clear();
  }

  /**
   * Places the pending documents in one order: the old positions of those not new (`old`) found by
   * a pass comparing references (no per-document map kept), the new ones (of those `holds`) placed
   * by binary search.
   */
  private place(view: MetadataView, o: Sorted, old: ReadonlySet<StoredDocument>, holds?: (doc: StoredDocument) => boolean): void {
    const { docs, versions } = o;
    o.runs = undefined; // positions move
    if (old.size > 0 && old.size <= 16) {
      // A few documents: found by the engine's own scan (indexOf), each position taken out in place.
      for (const doc of old) {
        for (let at = docs.indexOf(doc); at >= 0; at = o.scope === 'latest' ? -1 : docs.indexOf(doc, at)) {
          docs.removeAt(at);
          versions?.removeAt(at);
        }
      }
    } else if (old.size > 0) {
      const kept = new Uint8Array(docs.length);
      docs.forEach((d, i) => {
        kept[i] = old.has(d) ? 0 : 1;
      });
      docs.retain((i) => kept[i] === 1);
      versions?.retain((i) => kept[i] === 1);
    }
    const reader = new OrderReader(this.source, view, o);
    for (const doc of this.pending.keys()) {
      if (holds && !holds(doc)) continue;
      for (const version of o.scope === 'latest' ? [latestVersion(doc)] : doc.versions) {
        const key = keyOf(this.source, view, o.field, doc, version);
        const at = firstIndexWhere(0, docs.length, (i) => reader.cmp(i, doc, version, key) >= 0);
        docs.insert(at, doc);
        versions?.insert(at, version);
        // (a version taken out leaves no tie that was not there: its neighbours' keys were below and above its own)
        if (!o.ties) o.ties = (at > 0 && compareNormal(reader.key(at - 1), key) === 0) || (at + 1 < docs.length && compareNormal(reader.key(at + 1), key) === 0);
      }
    }
  }
}

/** An order filtered through a bitmap, with the name of its filter (its bitmap tells which changed documents it holds). */
interface FilteredCopy extends Sorted {
  readonly filter: string;
}

/** The positions of an order whose documents a filter's bitmap holds, in order (a part of an order without ties has none). */
function filteredCopy(all: Sorted, bits: Uint8Array): Sorted {
  const docs: StoredDocument[] = [];
  const versions: DocumentVersion[] | undefined = all.versions ? [] : undefined;
  all.docs.forEach((d, i) => {
    if (bits[d.id] !== 1) return;
    docs.push(d);
    versions?.push(all.versions!.at(i));
  });
  return { scope: all.scope, field: all.field, docs: BlockList.from(docs), versions: versions && BlockList.from(versions), ties: all.ties };
}
