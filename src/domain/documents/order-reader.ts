/**
 * Reading a sorted order of endpoint 21 (list-index.ts): a position's key (read again from the
 * field: orders keep no keys), a position against a version (for a binary search), and a page in
 * either direction in O(page + log n) key reads.
 */
import { firstIndexWhere } from '../../first-index-where';
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
import { compareNormal, normalValue } from './list-order';
import type { IndexSource, OrderEntry, Sorted } from './list-index';

/** (chosen) A run of equal keys at least this long is kept once found (a shorter one costs a few key reads to find again). */
const RUN_KEPT = 8;
/** (chosen) The most runs kept per order. */
const RUNS_KEPT = 4096;
const ABSENT = Symbol('absent key');

/** Reads an order's keys (normalValue of the field's value) and compares positions with a version. */
export class OrderReader {
  constructor(private readonly source: IndexSource, private readonly view: MetadataView, readonly o: Sorted) {}

  version(i: number): DocumentVersion {
    return this.o.versions ? this.o.versions.at(i) : latestVersion(this.o.docs.at(i));
  }

  key(i: number): unknown {
    return keyOf(this.source, this.view, this.o.field, this.o.docs.at(i), this.version(i));
  }

  /** The last key a page read (a descending page reads the key below a run, then starts the next run there). */
  private lastAt = -1;
  private lastKey: unknown;

  /** key(i), remembering the last one: for page() only (the order does not change while a page is read). */
  private pageKey(i: number): unknown {
    if (i !== this.lastAt) {
      this.lastKey = this.key(i);
      this.lastAt = i;
    }
    return this.lastKey;
  }

  /** Position i against a version with its key: ascending by key, document id, major, minor. */
  cmp(i: number, doc: StoredDocument, version: DocumentVersion, key: unknown): number {
    const v = this.version(i);
    return compareNormal(this.key(i), key) || this.o.docs.at(i).id - doc.id || v.major - version.major || v.minor - version.minor;
  }

  /**
   * Positions `start` to `start + limit` read ascending, or descending (`desc`: by key descending,
   * ties still ascending by id and version): an order without ties read backwards, else each run of
   * equal keys found by galloping from its end, so a page costs O(page + log n) key reads whatever
   * the direction.
   */
  page(desc: boolean, start: number, limit: number): OrderEntry[] {
    const n = this.o.docs.length;
    const at = (i: number): OrderEntry => ({ doc: this.o.docs.at(i), version: this.version(i) });
    const out: OrderEntry[] = [];
    if (!desc) {
      for (let i = start; i < Math.min(n, start + limit); i++) out.push(at(i));
      return out;
    }
    if (!this.o.ties) {
      for (let p = start; p < Math.min(n, start + limit); p++) out.push(at(n - 1 - p));
      return out;
    }
    let p = start;
    // Where the run above began: the end of the next one (unknown for the first run of the page).
    let above = -1;
    const runs = (this.o.runs ??= new Map());
    while (p < n && out.length < limit) {
      const m = n - 1 - p;
      const key = this.pageKey(m);
      // The run of `key`: [s, e) in ascending positions, [n - e, n - s) in descending ones, in the same inner order.
      // The end first: runStart's last read is then the key below the run, where the next run starts.
      // A long run found before is not searched again (absent keys, undefined or null, are one run).
      const known = runs.get(key ?? ABSENT);
      const e = known ? known[1] : above >= 0 ? above : this.runEnd(m, key);
      const s = known ? known[0] : this.runStart(m, key);
      if (!known && e - s >= RUN_KEPT && runs.size < RUNS_KEPT) runs.set(key ?? ABSENT, [s, e]);
      for (let q = p; q < n - s && out.length < limit; q++) out.push(at(s + q - (n - e)));
      p = n - s;
      above = s;
    }
    return out;
  }

  private runStart(m: number, key: unknown): number {
    let same = m;
    let step = 1;
    let i = m - 1;
    while (i >= 0 && compareNormal(this.pageKey(i), key) >= 0) {
      same = i;
      step *= 2;
      i = m - step;
    }
    return firstIndexWhere(Math.max(i + 1, 0), same, (j) => compareNormal(this.pageKey(j), key) >= 0);
  }

  private runEnd(m: number, key: unknown): number {
    const n = this.o.docs.length;
    let same = m;
    let step = 1;
    let i = m + 1;
    while (i < n && compareNormal(this.pageKey(i), key) <= 0) {
      same = i;
      step *= 2;
      i = m + step;
    }
    return firstIndexWhere(same + 1, Math.min(i, n), (j) => compareNormal(this.pageKey(j), key) > 0);
  }
}

export const keyOf = (source: IndexSource, view: MetadataView, field: string, doc: StoredDocument, version: DocumentVersion) =>
  normalValue(source.valueOf(view, doc, version, field));
