/**
 * The hot-path caches of a document store (documents list, single document, query seam):
 * - a version's row (document, version, whether it is the latest) asked for by `store.rowOf`: a
 *   small object, one per version asked for (attached to it, so it goes with the version), the same
 *   object while the version stays (or stops being) the latest, so that callers may tell rows apart
 *   by identity (the query's id lookups; `rowsVisibleTo` makes new rows instead, which go with
 *   their array);
 * - a version's API record, made on demand and kept for the most recently used RECORDS_KEPT
 *   versions only (issue 19: not one ~5 KB record per version of a 100,000-document world), from
 *   the second time it is asked for (cache/doorkeeper.ts), through the one cache door
 *   (domain/cache), valid while the metadata view (labels come from the registry) and the
 *   document's revision are unchanged. Sorts, filters, queries and search read
 *   single fields (record-field.ts) and build no record;
 * - in a world of more documents than that, a version's record as JSON bytes only, off the heap
 *   (RECORD_BYTES_KEPT), for the pages of endpoint 21 (`pageRecord`);
 * - a user's visible documents, valid while the access revision is unchanged (a new document, or
 *   a change that may touch roles), for the most recent VISIBLE_LISTS_KEPT users, through the one
 *   cache door. The store's other kept values are in store-cache.ts.
 * Cached rows and records are shared: nobody may modify them (records are frozen at their root and
 * never changed, their JSON text made once: json-text.ts; its length is the record's size; its
 * UTF-8 bytes, made once a long answer holds it, are kept with it too, off the heap).
 */
import { BoundedCache, jsonSize, SLOT_BYTES } from '../cache';
import { jsonOnlyPart, keepJsonText, keptJsonBytes } from '../json-text';
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import { type DocumentRecord, documentRecord } from './records';
import type { DocumentRow } from './store';

/** (chosen) How many users' visible-document lists a store keeps (least recently used out first). */
export const VISIBLE_LISTS_KEPT = 16;
/** (chosen) The estimated bytes of all kept visible-document lists of a store (a slot a document). */
export const VISIBLE_LISTS_BYTES = 16 * 1024 * 1024;
/**
 * (chosen) The API records a store keeps (least recently used out first), by count and by
 * estimated bytes (about their JSON; a record's heap is ~2.5 times that, measured): ten pages of
 * 200, the documents being retrieved; a record is kept from the second time it is asked for
 * (cache/doorkeeper.ts: a record made for one random page of a big world dies young instead of
 * being promoted); once full, one new record in ADMIT_WHEN_FULL, as for the JSON bytes below.
 * Any other record is made again when asked for (~20-40 µs).
 *
 * Why the second bound (issue 19): under `mixed` on the 100,000-document world, every record its
 * pages asked for twice pushed out the least recently used one: ~0.7 KB a request of records
 * promoted and dropped, a third of all it promoted (1.8-2.0 → 1.2 KB a request, measured with
 * --trace-gc-nvp; full collections every ~10 s instead of ~5).
 */
export const RECORDS_KEPT = { entries: 2048, bytes: 8 * 1024 * 1024 };

/**
 * (chosen) The records of a store of more than RECORDS_KEPT.entries documents (issue 19: a page of
 * 100,000 documents' list) kept as their JSON's UTF-8 bytes only, off the heap, by count and bytes
 * (from their first use while there is room, bytes not being promoted by the garbage collector;
 * once full, least recently used out for one new record in ADMIT_WHEN_FULL): a page shows them
 * without making their records (7-15 µs each, made and written).
 */
export const RECORD_BYTES_KEPT = { entries: 16_384, bytes: 16 * 1024 * 1024 };
/**
 * (chosen) Once the JSON bytes cache is full, one new record in this many is kept (the cache
 * door's `admitWhenFull`, domain/cache): a load test's
 * cycle of pages over more records than the cache holds then keeps hitting most of what it holds,
 * instead of each new record pushing out the one the cycle asks for next (least recently used out
 * is the worst order for a cycle: measured on the 100k world, 600 pages of about 25 records, all
 * misses and 710-850 µs a page against 265 with room for all). It helps while the cycle is within
 * a few times the cache (a cache of 20: 19 hits a pass of 30 records, 15 of 60, 1 of 160).
 */
export const ADMIT_WHEN_FULL = 8;

interface KeptRecordBytes {
  readonly doc: StoredDocument;
  readonly revision: number;
  /** The JSON-only record of the bytes (json-text.ts), made once: a page shows the same frozen part each time. */
  readonly part: DocumentRecord;
}

/** (estimated) The heap of a JSON-only part beside its bytes: the part, its kept-text slot and the entry. */
const PART_BYTES = 160;

interface KeptRecord {
  readonly doc: StoredDocument;
  readonly revision: number;
  readonly record: DocumentRecord;
}

export class RowCache {
  private readonly revisions = new WeakMap<StoredDocument, number>();
  private readonly rows = new WeakMap<DocumentVersion, DocumentRow>();
  /** Per version, stamped by the metadata view, valid while the document's revision is the same. */
  private readonly records = new BoundedCache<DocumentVersion, KeptRecord>({ ...RECORDS_KEPT, sizeOf: (k) => jsonSize(k.record) + SLOT_BYTES, admit: 'second use', admitWhenFull: ADMIT_WHEN_FULL });
  /** Per version, as `records`, for pageRecord: JSON bytes only. */
  private readonly recordBytes: BoundedCache<DocumentVersion, KeptRecordBytes | undefined>;
  /** Per user id, stamped by the access revision (the one cache door: domain/cache). */
  private readonly visible = new BoundedCache<number, readonly StoredDocument[]>({
    entries: VISIBLE_LISTS_KEPT, bytes: VISIBLE_LISTS_BYTES, sizeOf: (docs) => SLOT_BYTES * (docs.length + 1),
  });
  private access = 0;
  private visibleStamp: readonly [number] = [0];
  private recordStamp: readonly [MetadataView | undefined] = [undefined];
  private changes = 0;

  /** `recordBytesBounds`: the bounds of the records kept as JSON bytes (tests give small ones). */
  constructor(recordBytesBounds: { entries: number; bytes: number } = RECORD_BYTES_KEPT) {
    this.recordBytes = new BoundedCache({ ...recordBytesBounds, admitWhenFull: ADMIT_WHEN_FULL, sizeOf: (k) => keptJsonBytes(k!.part)!.byteLength + PART_BYTES });
  }

  /** The document changed in a way its records show (check-out, new version, field change). */
  touch(doc: StoredDocument): void {
    this.revisions.set(doc, (this.revisions.get(doc) ?? 0) + 1);
    this.changes++;
  }

  /** Who may see which document may have changed (a new document, a role change). */
  accessChanged(): void {
    this.access++;
    this.changes++;
  }

  /** Rises with every touch and accessChanged: any change a record or a visible list may show. */
  get revision(): number {
    return this.changes;
  }

  /** Rises with each accessChanged (a new document, or a change that may touch roles, versions, fields). */
  get accessRevision(): number {
    return this.access;
  }

  /** The row of a version (no record: `record`, or recordField for one field). */
  row(doc: StoredDocument, version: DocumentVersion, latest: boolean): DocumentRow {
    const kept = this.rows.get(version);
    if (kept && kept.latest === latest && kept.document === doc) return kept;
    const row: DocumentRow = Object.freeze({ document: doc, version, latest });
    this.rows.set(version, row);
    return row;
  }

  /** The API record of a version (frozen), kept while the view and the document's revision hold, else made anew. */
  record(view: MetadataView, doc: StoredDocument, version: DocumentVersion): DocumentRecord {
    const revision = this.revisionOf(view, doc);
    // A hit checked without the closures of `answer` (a page asks for 10-200 records); `get` counts it as answer would.
    this.records.restamp(this.recordStamp);
    const kept = this.records.get(version);
    if (madeAt(kept, doc, revision)) return kept!.record;
    const valid = (k: KeptRecord | undefined) => madeAt(k, doc, revision);
    return this.records.answer(version, this.recordStamp, () => ({ doc, revision, record: madeRecord(view, doc, version) }), { valid }).record;
  }

  /** The view stamps the records (both caches); the document's revision now (madeAt: whether a kept record or its bytes were made at it). */
  private revisionOf(view: MetadataView, doc: StoredDocument): number {
    if (this.recordStamp[0] !== view) this.recordStamp = [view];
    return this.revisions.get(doc) ?? 0;
  }

  /**
   * The record of a version for a page of a list, in a store of `documents` documents: `record`
   * while they fit in the record cache; beyond that (a big world) a kept record when there is one,
   * else a JSON-only record (json-text.ts: its kept bytes, no fields made), else `record` (whose
   * cache keeps, from their second use, records the full bytes cache turned away: a second layer,
   * ~10% of a 600-page cycle's CPU on the 100k world for at most RECORDS_KEPT), its bytes kept.
   */
  pageRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion, documents: number): DocumentRecord {
    if (documents <= RECORDS_KEPT.entries) return this.record(view, doc, version);
    const revision = this.revisionOf(view, doc);
    // A record the record cache holds (a retrieved document's), its use not counted.
    this.records.restamp(this.recordStamp);
    const kept = this.records.peek(version);
    if (madeAt(kept, doc, revision)) return kept!.record;
    // Its JSON bytes (the cache door's hit, without the closures of `answer`: a page asks for 10-50).
    this.recordBytes.restamp(this.recordStamp);
    const hit = this.recordBytes.get(version);
    if (madeAt(hit, doc, revision)) return hit!.part;
    return this.madePageRecord(view, doc, version, revision);
  }

  /** pageRecord's miss: the record made (through the record cache), its bytes kept (apart: a hit allocates no closure context). */
  private madePageRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion, revision: number): DocumentRecord {
    let made: DocumentRecord | undefined;
    const json = this.recordBytes.answer(version, this.recordStamp, () => {
      made = this.record(view, doc, version);
      const bytes = keptJsonBytes(made);
      return bytes && { doc, revision, part: jsonOnlyPart(bytes) as DocumentRecord };
    }, { valid: (k) => madeAt(k, doc, revision) });
    return made ?? json!.part;
  }

  /** How many records are kept now, and their estimated bytes (tests). */
  get recordsKept(): { entries: number; bytes: number } {
    return { entries: this.records.size, bytes: this.records.bytes };
  }

  /** How many records are kept as JSON bytes only now, and their bytes (tests). */
  get recordBytesKept(): { entries: number; bytes: number } {
    return { entries: this.recordBytes.size, bytes: this.recordBytes.bytes };
  }

  /** The visible documents of a user: cached, else `compute()`d and kept. */
  visibleDocs(userId: number, compute: () => readonly StoredDocument[]): readonly StoredDocument[] {
    if (this.access !== this.visibleStamp[0]) this.visibleStamp = [this.access];
    return this.visible.answer(userId, this.visibleStamp, compute);
  }
}

/** Whether a kept record (or its bytes) was made of this document at this revision. */
const madeAt = (k: { doc: StoredDocument; revision: number } | undefined, doc: StoredDocument, revision: number): boolean => k?.revision === revision && k.doc === doc;

/**
 * A version's API record, made now: frozen at its root (a kept part never changes, json-text.ts, so
 * the cache door neither walks it to freeze it nor to size it: its size is its text's length).
 */
function madeRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion): DocumentRecord {
  return Object.freeze(keepJsonText(documentRecord(view, doc, version)));
}
