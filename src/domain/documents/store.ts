/**
 * The document store of one tenant: documents and their versions, files, check-out state,
 * per-user named-filter state (Favorites, Recent Documents, Cart), and the access rule by role.
 * No HTTP here: failures are ApiErrors from the one table (domain/errors.ts).
 */
import type { ComponentRegistry } from '../configuration';
import type { Clock } from '../clock';
import { apiError } from '../errors';
import type { Tenant } from '../tenants';
import { type User, isTenantAdmin } from '../users';
import type { GroupDirectory } from './groups';
import type { DocumentMetadata, FieldMetadata, MetadataView } from './metadata';
import { type DocumentVersion, type Lock, type StoredDocument, latestVersion } from './model';
import type { DocumentRecord } from './records';
import type { DocumentRow, RecordRow } from './rows';
import { holdsRole } from './access';
import { type NamedList, NamedLists } from './named-lists';
import { RowCache } from './row-cache';
import { ListIndex, type OrderEntry } from './list-index';
import { recordField } from './record-field';
import { documentsUsing } from './uses';
import { StoreCache } from './store-cache';
import { EDIT_ROLES, ROLES, type RoleName } from './standard-fields';
import { thumbnailOf } from './thumbnail';
import { renditionTypesOf } from './renditions';
import { type StoredFile, renditionPdf } from './files';
export type { DocumentRow, RecordRow } from './rows';

export class DocumentStore {
  private readonly docs = new Map<number, StoredDocument>();
  private readonly lists = new NamedLists();
  private nextId = 1;
  /** Rows, API records (bounded) and users' visible documents (the hot path). */
  private readonly cache = new RowCache();
  /** Whole answers (list, retrieve), query rows, file texts, thumbnails, renditions, each bounded (store-cache.ts). */
  readonly kept = new StoreCache();
  /** Sorted orders of the latest versions or of every version, kept up to date per change (endpoint 21 without scans: list-index.ts). */
  private readonly index = new ListIndex({ documents: () => this.docs.values(), document: (id) => this.docs.get(id), count: () => this.docs.size, valueOf: recordField });

  private readonly watchers: Array<(doc: StoredDocument) => void> = [];

  constructor(
    readonly tenant: Tenant,
    readonly metadata: DocumentMetadata,
    private readonly groups: GroupDirectory,
    private readonly clock: Clock,
  ) {}

  view(): MetadataView {
    return this.metadata.view();
  }

  /**
   * Rises with every change of the documents an answer may show: a document added, changed
   * (records, roles, versions), checked out or in. With the metadata view (the configuration) it
   * stamps whole cached answers (documents list, queries): they are reused only while both are
   * unchanged. A user's named lists (Favorites, Recent Documents, Cart) do not move it (a retrieve
   * updates Recent Documents): they have a revision of their own per user (`listsRevision`).
   */
  get revision(): number {
    return this.cache.revision;
  }

  /** Calls `watcher` with each document added or changed beyond a check-out (the query's shared tables, query/document-table.ts). */
  watch(watcher: (doc: StoredDocument) => void): void {
    this.watchers.push(watcher);
  }

  now(): number {
    return this.clock.now();
  }

  /** The documents that use a component (uses.ts: a Doctype, Doclifecycle, Docfield, lifecycle state or picklist entry MDL may not take from under them). */
  usesOf(type: string, name: string, registry: ComponentRegistry): string[] {
    return documentsUsing(this.docs.values(), type, name, registry);
  }

  /** Adds a document (fixtures, create); the id must be new. */
  insert(doc: StoredDocument): void {
    if (this.docs.has(doc.id)) throw new Error(`document ${doc.id} exists already in tenant ${this.tenant.dns}`);
    this.docs.set(doc.id, doc);
    this.nextId = Math.max(this.nextId, doc.id + 1);
    this.cache.accessChanged();
    this.index.changed(doc, true);
    for (const w of this.watchers) w(doc);
  }

  /** A document changed in place (new version, field or role change): its records are made anew, visible lists recomputed (roles decide access). */
  changed(doc: StoredDocument): void {
    this.cache.touch(doc);
    this.cache.accessChanged();
    this.index.changed(doc);
    for (const w of this.watchers) w(doc);
  }

  /** The id the next created document gets (taken only when the create commits). */
  peekNextId = (): number => this.nextId;
  size = (): number => this.docs.size;

  /** Every document, ascending by id, whoever may see it (the control plane's snapshot). */
  all(): StoredDocument[] {
    return [...this.docs.values()].sort((a, b) => a.id - b.id);
  }

  // ---- access ---------------------------------------------------------------------------------

  private inRole(user: User, doc: StoredDocument, roles: readonly RoleName[]): boolean {
    return holdsRole(user.id, this.groups.groupsOf(user.id, this.tenant.id), doc, roles);
  }

  /** The access rule of endpoint 21: a member of any role, or a tenant administrator (chosen: sees all). */
  canAccess(user: User, doc: StoredDocument): boolean {
    return isTenantAdmin(user, this.tenant) || this.inRole(user, doc, ROLES);
  }

  canEdit(user: User, doc: StoredDocument): boolean {
    return isTenantAdmin(user, this.tenant) || this.inRole(user, doc, EDIT_ROLES);
  }

  isOwner(user: User, doc: StoredDocument): boolean {
    return this.inRole(user, doc, ['owner__v']);
  }

  /** Documents the user may access, ascending by id (a fresh array), cached per user (row-cache.ts) while access may not have changed. */
  visibleTo(user: User): StoredDocument[] {
    return [...this.visibleDocs(user)];
  }

  private visibleDocs(user: User): readonly StoredDocument[] {
    return this.cache.visibleDocs(user.id, () => {
      // canAccess for every document, with the administrator check and the user's groups read once.
      const all = [...this.docs.values()];
      const groups = isTenantAdmin(user, this.tenant) ? undefined : this.groups.groupsOf(user.id, this.tenant.id);
      return (groups ? all.filter((d) => holdsRole(user.id, groups, d, ROLES)) : all).sort((a, b) => a.id - b.id);
    });
  }

  /**
   * A page of the versions the user may access (the latest of each document, or every version:
   * `allVersions`; `mine`: of documents they own or hold checked out) sorted by `field`, and how many there
   * are, from the kept sorted orders (list-index.ts): O(page + log n) for the administrator; not to be modified.
   */
  sortedPage(user: User, p: { field: string; desc: boolean; mine?: boolean; allVersions?: boolean; start: number; limit: number }): { entries: OrderEntry[]; total: number } {
    const admin = isTenantAdmin(user, this.tenant);
    const scope = p.allVersions ? 'all' : 'latest';
    const test = () => {
      const groups = this.groups.groupsOf(user.id, this.tenant.id);
      const sees = (d: StoredDocument) => admin || holdsRole(user.id, groups, d, ROLES);
      return p.mine ? (d: StoredDocument) => sees(d) && (holdsRole(user.id, groups, d, ['owner__v']) || d.lock?.by === user.id) : sees;
    };
    const view = this.view();
    const order = admin && !p.mine
      ? this.index.order(view, scope, p.field)
      : this.index.orderFor(view, `${p.mine ? 'mine' : 'sees'}:${user.id}`, test, scope, p.field);
    return { entries: this.index.page(view, order, p.desc, p.start, p.limit), total: order.docs.length };
  }

  /** A document the user may access; unknown and inaccessible ids get the same answer. */
  get(user: User, id: number): StoredDocument {
    const doc = this.docs.get(id);
    if (!doc || !this.canAccess(user, doc)) throw apiError('resourceNotFound', id);
    return doc;
  }

  getVersion(user: User, id: number, major: number, minor: number): { doc: StoredDocument; version: DocumentVersion } {
    const doc = this.get(user, id);
    const version = doc.versions.find((v) => v.major === major && v.minor === minor);
    if (!version) throw apiError('resourceNotFound', `${id} version ${major}.${minor}`);
    return { doc, version };
  }

  /** The API record of a version (default: the latest), frozen, kept for the most recently used versions only (row-cache.ts). */
  record(doc: StoredDocument, version: DocumentVersion = latestVersion(doc)): DocumentRecord {
    return this.cache.record(this.view(), doc, version);
  }

  /** The records kept now, as objects and as JSON bytes only (row-cache.ts; tests). */
  get recordsKept() { return { objects: this.cache.recordsKept, jsonBytes: this.cache.recordBytesKept }; }

  /** A version's row with its record (an answer's row: a page of endpoint 21; a big world's may be JSON only: row-cache.ts). */
  recordRow(doc: StoredDocument, version: DocumentVersion): RecordRow {
    const record = this.cache.pageRecord(this.view(), doc, version, this.docs.size);
    return { document: doc, version, latest: version === latestVersion(doc), record };
  }

  // ---- the query seam -------------------------------------------------------------------------

  /**
   * Rows the user may see (a fresh array of new rows, not to be modified): the latest version of each document, or every
   * version (`allVersions`). Same access rule as endpoint 21. No records: fields by recordField, records by `record`.
   */
  rowsVisibleTo(user: User, opts: { allVersions?: boolean } = {}): DocumentRow[] {
    // New rows, not the kept ones of rowOf: they go with the array (~90 B a row kept for good otherwise).
    const out: DocumentRow[] = [];
    for (const document of this.visibleDocs(user)) {
      const latest = latestVersion(document);
      if (!opts.allVersions) out.push({ document, version: latest, latest: true });
      else for (const version of document.versions) out.push({ document, version, latest: version === latest });
    }
    return out;
  }

  /** The kept row of one version (the same object while it stays, or stops being, the latest: the query's id lookups tell rows apart by identity; not to be modified). */
  rowOf(doc: StoredDocument, version: DocumentVersion): DocumentRow {
    return this.cache.row(doc, version, version === latestVersion(doc));
  }

  /** Field metadata with types (the query engine's catalogue of `documents`). */
  fieldMetadata(): FieldMetadata[] {
    return this.view().fields;
  }

  // ---- named filters --------------------------------------------------------------------------

  namedList(user: User, list: NamedList): number[] {
    return this.lists.ids(user.id, list);
  }

  /** Rises when one of the user's named lists changes: it stamps kept lists with a named filter only. */
  listsRevision(userId: number): number {
    return this.lists.revision(userId);
  }

  /** Adds a document to a user's named list (`recent`: moved to the front); the user's lists revision moves only when the list changed. */
  addToList(userId: number, list: NamedList, docId: number): void {
    this.lists.add(userId, list, docId);
  }

  /** Records a view (retrieve, download) for `Recent Documents`. */
  viewed(user: User, doc: StoredDocument): void {
    this.addToList(user.id, 'recent', doc.id);
  }

  // ---- check-out ------------------------------------------------------------------------------

  lockOf(user: User, id: number): Lock | undefined {
    return this.get(user, id).lock;
  }

  /** Whether the user may check the document out now (throws the refusal `lock` would); the document. */
  lockable(user: User, id: number): StoredDocument {
    const doc = this.get(user, id);
    if (doc.lock && doc.lock.by !== user.id) throw apiError('documentLockedByOther', id);
    if (!this.canEdit(user, doc)) throw apiError('insufficientAccess', `You do not have permission to check out document [${id}].`);
    if (!latestVersion(doc).file) throw apiError('documentHasNoFile', id);
    return doc;
  }

  /** Checks the document out to the user; idempotent for the holder, refused while another holds it. */
  lock(user: User, id: number): Lock {
    const doc = this.lockable(user, id);
    if (doc.lock) return doc.lock;
    doc.lock = { by: user.id, at: this.clock.now() };
    this.cache.touch(doc);
    this.index.changed(doc);
    return doc.lock;
  }

  /** Undoes a check-out: by the holder, or a tenant administrator. */
  unlock(user: User, id: number): void {
    const doc = this.get(user, id);
    if (!doc.lock) throw apiError('documentNotLocked', id);
    if (doc.lock.by !== user.id && !isTenantAdmin(user, this.tenant)) throw apiError('documentLockedByOther', id);
    doc.lock = undefined;
    this.cache.touch(doc);
    this.index.changed(doc);
  }

  // ---- files ----------------------------------------------------------------------------------

  /** The source file of a version; a placeholder has none. */
  fileOf(doc: StoredDocument, version: DocumentVersion): StoredFile {
    if (!version.file) throw apiError('documentHasNoFile', doc.id);
    return version.file;
  }

  thumbnail(version: DocumentVersion): Uint8Array {
    return this.kept.thumbnail(version, () => thumbnailOf(version.file));
  }

  /** The lower-case searchable text of a file (list content search, query FIND). */
  searchText(file: StoredFile): string {
    return this.kept.fileText(file);
  }

  /** Rendition types a version has (renditions.ts): the viewable rendition when its file has one, and those configured for its Doctype. */
  renditionTypes(doc: StoredDocument, version: DocumentVersion): string[] {
    return renditionTypesOf(this.view(), doc, version);
  }

  /** A rendition's bytes: a PDF source is its own rendition; any other gets a generated PDF. */
  rendition(doc: StoredDocument, version: DocumentVersion, type: string): StoredFile {
    if (!this.renditionTypes(doc, version).includes(type)) throw apiError('resourceNotFound', `${doc.id} rendition ${type}`);
    const file = version.file!;
    if (file.format === 'application/pdf') return file;
    return this.kept.rendition(version, () => renditionPdf(file, String(version.fields.name__v ?? file.filename), version));
  }
}
