/**
 * The filters of endpoint 21's kept orders (list-index.ts): per filter (a user's visible documents,
 * a user's `My Documents`), a byte per document id (1: in it), how many are in it, and the test
 * that decides it; updated in place on every change (not through the cache door: a bitmap is never
 * stale, only bounded), the oldest out first.
 */
import type { StoredDocument } from './model';

/** (chosen) Users whose visible-document bitmaps are kept (a byte per document id each). */
export const VISIBLE_BITMAPS_KEPT = 64;

/** A filter's bitmap: a byte per document id (1: in it), how many are in it, and the test that decides it. */
export interface Bitmap {
  bits: Uint8Array;
  count: number;
  readonly test: (doc: StoredDocument) => boolean;
}

export class FilterBitmaps {
  private readonly bitmaps = new Map<string, Bitmap>();

  constructor(private readonly documents: () => Iterable<StoredDocument>, private readonly document: (id: number) => StoredDocument | undefined) {}

  /** A document was added or changed: who is in each filter may have changed (roles, a new document). */
  changed(doc: StoredDocument): void {
    for (const b of this.bitmaps.values()) mark(b, doc, b.test(doc));
  }

  /** The bitmap of `filter`, built now (from `makeTest()`'s test) unless kept. */
  of(filter: string, makeTest: () => (doc: StoredDocument) => boolean): Bitmap {
    const kept = this.bitmaps.get(filter);
    if (kept) return kept;
    const b: Bitmap = { bits: new Uint8Array(1024), count: 0, test: makeTest() };
    for (const doc of this.documents()) mark(b, doc, b.test(doc));
    if (this.bitmaps.size >= VISIBLE_BITMAPS_KEPT) this.bitmaps.delete(this.bitmaps.keys().next().value as string);
    this.bitmaps.set(filter, b);
    return b;
  }

  /** The bitmap of `filter` when kept (none is built). */
  peek(filter: string): Bitmap | undefined {
    return this.bitmaps.get(filter);
  }

  /** The documents of a bitmap, ascending by id. */
  *members(b: Bitmap): Iterable<StoredDocument> {
    for (let id = b.bits.indexOf(1); id >= 0; id = b.bits.indexOf(1, id + 1)) {
      const doc = this.document(id);
      if (doc) yield doc;
    }
  }
}

/** Puts a document in a bitmap or takes it out (the bitmap grown to hold its id). */
function mark(b: Bitmap, doc: StoredDocument, on: boolean): void {
  const was = b.bits[doc.id] === 1;
  if (doc.id >= b.bits.length) {
    if (!on) return;
    const grown = new Uint8Array(Math.max(doc.id + 1, b.bits.length * 2));
    grown.set(b.bits);
    b.bits = grown;
  }
  b.bits[doc.id] = on ? 1 : 0;
  b.count += Number(on) - Number(was);
}
