/**
 * Documents: the per-tenant document store and the metadata views of the one configuration model.
 *
 * Seam for the query engine (src/vql): `world.documents.store(tenantId)` gives a DocumentStore;
 * `store.rowsVisibleTo(user, { allVersions })` lists the rows a user may see (the access rule of
 * endpoint 21: `documents` = latest versions, `ALLVERSIONS documents` = every version), rows
 * without records: a field's value is `recordField(view, doc, version, field)`, a whole record
 * `store.record(doc, version)` (kept for the most recent only); `store.fieldMetadata()` is the
 * field catalogue with types; `store.view()` the whole metadata view (types, lifecycles with state
 * types for STEADYSTATE() and friends).
 */
export { commonFields } from './common-fields';
export { createDocument, documentNumberOf, fieldValue, type CreateInput, type UploadLike } from './create';
export { detectFormat, simplePdf, storedFile, textOf, type StoredFile } from './files';
export { GroupDirectory, type Group } from './groups';
export { cachedListCount, LIST_ANSWERS_KEPT, listKey } from './list-cache';
export { retrieveAnswer, retrieveAnswerCount, RETRIEVE_ANSWERS_KEPT } from './retrieve-cache';
export { STORE_CACHE_BOUNDS, StoreCache } from './store-cache';
export { listDocuments, MAX_PAGE, NAMED_FILTERS, parseSort, type ListParams, type ListResult } from './listing';
export { DocumentMetadata, MetadataView, type DoctypeInfo, type FieldMetadata, type Level, type LifecycleInfo, type RelationshipTypeInfo, type TemplateInfo } from './metadata';
export { isVersionNumber, latestVersion, MAX_VERSION_NUMBER, versionNumber, type Attachment, type DocumentVersion, type Lock, type StoredDocument } from './model';
export { documentRecord, type DocumentRecord } from './records';
export { recordField } from './record-field';
export { loadDocuments, TenantDocuments } from './setup';
export { NamedLists, RECENT_MAX, type NamedList } from './named-lists';
export { DocumentStore, type DocumentRow } from './store';
export { RowCache, VISIBLE_LISTS_BYTES, VISIBLE_LISTS_KEPT } from './row-cache';
export { EDIT_ROLES, LOCK_FIELDS, ROLES, STANDARD_FIELDS, type RoleName } from './standard-fields';
export { THUMBNAIL, thumbnailOf } from './thumbnail';
