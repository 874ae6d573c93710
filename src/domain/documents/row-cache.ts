/**
 * The hot-path caches of a document store (documents list, single document, query seam):
 * - a version's row with its API record, valid while the metadata view (one per configuration
 *   revision: labels come from the registry) and the document's revision are unchanged;
 *   (one entry per version, attached to it: it grows only with the store, and goes with the version);
 * - a user's visible documents, valid while the access revision is unchanged (a new document, or
 *   a change that may touch roles), for the most recent VISIBLE_LISTS_KEPT users, through the one
 *   cache door (domain/cache). The store's other kept values are in store-cache.ts.
 * Cached rows and records are shared: nobody may modify them (records are frozen).
 */
import { BoundedCache, deepFreeze, SLOT_BYTES } from '../cache';
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import { keepJsonText } from '../json-text';
import { documentRecord } from './records';
import type { DocumentRow } from './store';

/** (chosen) How many users' visible-document lists a store keeps (least recently used out first). */
export const VISIBLE_LISTS_KEPT = 16;
/** (chosen) The estimated bytes of all kept visible-document lists of a store (a slot a document). */
export const VISIBLE_LISTS_BYTES = 16 * 1024 * 1024;

export class RowCache {
  private readonly revisions = new WeakMap<StoredDocument, number>();
  private readonly rows = new WeakMap<DocumentVersion, { view: MetadataView; revision: number; latest: boolean; row: DocumentRow }>();
  /** Per user id, stamped by the access revision (the one cache door: domain/cache). */
  private readonly visible = new BoundedCache<number, readonly StoredDocument[]>({
    entries: VISIBLE_LISTS_KEPT, bytes: VISIBLE_LISTS_BYTES, sizeOf: (docs) => SLOT_BYTES * (docs.length + 1),
  });
  private access = 0;
  private visibleStamp: readonly [number] = [0];
  private changes = 0;

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

  row(view: MetadataView, doc: StoredDocument, version: DocumentVersion, latest: boolean): DocumentRow {
    const revision = this.revisions.get(doc) ?? 0;
    const c = this.rows.get(version);
    if (c && c.view === view && c.revision === revision && c.latest === latest) return c.row;
    const row: DocumentRow = { document: doc, version, latest, record: deepFreeze(keepJsonText(documentRecord(view, doc, version))) };
    this.rows.set(version, { view, revision, latest, row });
    return row;
  }

  /** The visible documents of a user: cached, else `compute()`d and kept. */
  visibleDocs(userId: number, compute: () => readonly StoredDocument[]): readonly StoredDocument[] {
    if (this.access !== this.visibleStamp[0]) this.visibleStamp = [this.access];
    return this.visible.answer(userId, this.visibleStamp, compute);
  }
}
