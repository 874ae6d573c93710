/**
 * The `documents` and `ALLVERSIONS documents` query targets' shared tables (issue 19): per document
 * store and metadata view, one table of rows (the latest version of each document, or every
 * version), in ascending id (and version) order, shared by every user, kept up to date one changed
 * document at a time (`store.watch`): a new document appends its rows, a changed one replaces its
 * rows (a new array then: a kept result still reads the rows it found). Anything else (a document
 * inserted below the highest id, a version added to an ALLVERSIONS row set) builds the table again.
 * The engine (src/vql) keeps its per-row work with each table (QueryTable) and patches it for the
 * changed slots. A user who sees part of the store reads the table through a bitset of the slots
 * they may see, kept per user (bounded) and updated per change too; an administrator reads it whole.
 */
import type { QueryTable } from '../../vql';
import { type User, isTenantAdmin } from '../users';
import type { MetadataView } from '../documents/metadata';
import type { StoredDocument } from '../documents/model';
import type { DocumentRow, DocumentStore } from '../documents/store';

/** (chosen) Users whose visible-slot bitsets a table keeps (a bit a row each; least recently used out). */
export const VISIBLE_SETS_KEPT = 256;
/** (chosen) Changed slots a table remembers for the engine's patches (beyond: the engine starts afresh). */
export const CHANGE_LOG_KEPT = 16_384;

/** One table: rows in slot order, a change log, and per user the visible slots. */
export class DocumentTable implements QueryTable {
  revision = 0;
  /** Per logged change: the revision it made, and the slot. */
  private readonly logRevisions: number[] = [];
  private readonly logSlots: number[] = [];
  /** changedSince(r) answers for r >= floor. */
  private floor = 0;
  private readonly visible = new Map<number, { user: User; bits: Uint32Array }>();

  constructor(public rows: DocumentRow[], private readonly store: DocumentStore, readonly allVersions: boolean) {}

  changedSince(revision: number): number[] | undefined {
    if (revision < this.floor || revision > this.revision) return undefined;
    const out: number[] = [];
    for (let k = this.logRevisions.length - 1; k >= 0 && this.logRevisions[k] > revision; k--) out.push(this.logSlots[k]);
    return out;
  }

  /** The slots the user may see; undefined for a tenant administrator (every row). */
  visibleTo(user: User): Uint32Array | undefined {
    if (isTenantAdmin(user, this.store.tenant)) return undefined;
    const kept = this.visible.get(user.id);
    if (kept) {
      this.visible.delete(user.id);
      this.visible.set(user.id, kept);
      return kept.bits;
    }
    const sees = new Set(this.store.visibleTo(user));
    const bits = new Uint32Array((this.rows.length + 31) >>> 5);
    this.rows.forEach((row, i) => {
      if (sees.has(row.document)) bits[i >>> 5] |= 1 << (i & 31);
    });
    if (this.visible.size >= VISIBLE_SETS_KEPT) this.visible.delete(this.visible.keys().next().value as number);
    this.visible.set(user.id, { user, bits });
    return bits;
  }

  /** First slot of the document's rows (binary search on ids), or rows.length. */
  private slotOf(id: number): number {
    const rows = this.rows;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid].document.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Brings the rows of changed documents up to date (one new revision); false when a document's
   * rows cannot be appended or replaced in place (the table must be built again).
   */
  update(docs: Iterable<StoredDocument>): boolean {
    const revision = this.revision + 1;
    let copied = false;
    const slots: number[] = [];
    for (const doc of docs) {
      const fresh = rowsOf(this.store, doc, this.allVersions);
      const at = this.slotOf(doc.id);
      let count = 0;
      while (at + count < this.rows.length && this.rows[at + count].document === doc) count++;
      if (count === 0 && at === this.rows.length) {
        for (const row of fresh) {
          slots.push(this.rows.length);
          this.rows.push(row);
        }
      } else if (count === fresh.length) {
        if (!copied) {
          this.rows = this.rows.slice();
          copied = true;
        }
        fresh.forEach((row, k) => {
          this.rows[at + k] = row;
          slots.push(at + k);
        });
      } else return false;
    }
    if (slots.length === 0) return true;
    this.revision = revision;
    for (const s of slots) {
      this.logRevisions.push(revision);
      this.logSlots.push(s);
    }
    this.trimLog();
    for (const v of this.visible.values()) v.bits = this.updateVisible(v.user, v.bits, slots);
    return true;
  }

  private updateVisible(user: User, bits: Uint32Array, slots: readonly number[]): Uint32Array {
    const words = (this.rows.length + 31) >>> 5;
    if (words > bits.length) {
      const grown = new Uint32Array(Math.max(words, bits.length * 2));
      grown.set(bits);
      bits = grown;
    }
    for (const i of slots) {
      const bit = 1 << (i & 31);
      if (this.store.canAccess(user, this.rows[i].document)) bits[i >>> 5] |= bit;
      else bits[i >>> 5] &= ~bit;
    }
    return bits;
  }

  private trimLog(): void {
    if (this.logSlots.length <= CHANGE_LOG_KEPT) return;
    // Drop whole revisions, the older half.
    let cut = this.logSlots.length >>> 1;
    while (cut < this.logRevisions.length && this.logRevisions[cut] === this.logRevisions[cut - 1]) cut++;
    this.floor = this.logRevisions[cut - 1];
    this.logRevisions.splice(0, cut);
    this.logSlots.splice(0, cut);
  }
}

/** A document's rows in a table: its latest version, or every version in order. */
function rowsOf(store: DocumentStore, doc: StoredDocument, allVersions: boolean): DocumentRow[] {
  return allVersions ? doc.versions.map((v) => store.rowOf(doc, v)) : [store.rowOf(doc, doc.versions[doc.versions.length - 1])];
}

/** Both tables of one store under one metadata view, and the documents changed since they were brought up to date. */
class StoreTables {
  private view: MetadataView | undefined;
  private readonly tables: [DocumentTable | undefined, DocumentTable | undefined] = [undefined, undefined];
  private readonly pending = new Set<StoredDocument>();

  constructor(private readonly store: DocumentStore) {
    store.watch((doc) => {
      if (this.tables[0] || this.tables[1]) this.pending.add(doc);
    });
  }

  table(view: MetadataView, allVersions: boolean): DocumentTable {
    if (view !== this.view) {
      // Records show labels and fields of the view: a new view, new tables.
      this.view = view;
      this.tables[0] = this.tables[1] = undefined;
      this.pending.clear();
    }
    if (this.pending.size) {
      const docs = [...this.pending].sort((a, b) => a.id - b.id);
      this.pending.clear();
      this.tables.forEach((t, k) => {
        if (t && (docs.length > t.rows.length / 4 || !t.update(docs))) this.tables[k] = undefined;
      });
    }
    const k = allVersions ? 1 : 0;
    let t = this.tables[k];
    if (!t) {
      const rows: DocumentRow[] = [];
      for (const doc of this.store.all()) rows.push(...rowsOf(this.store, doc, allVersions));
      this.tables[k] = t = new DocumentTable(rows, this.store, allVersions);
    }
    return t;
  }
}

const kept = new WeakMap<DocumentStore, StoreTables>();

/** The store's table of latest versions (or every version) under the view, brought up to date. */
export function documentTable(store: DocumentStore, view: MetadataView, allVersions: boolean): DocumentTable {
  let t = kept.get(store);
  if (!t) kept.set(store, (t = new StoreTables(store)));
  return t.table(view, allVersions);
}
