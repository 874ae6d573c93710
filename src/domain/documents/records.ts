/**
 * The document record of the API (spec: "Document record"): stored values plus the fields the
 * service sets, with type/subtype/classification/lifecycle/status as labels read from the
 * configuration at answer time (so a renamed label shows at once). Every standard field is
 * present (gaps.md §13): an editable one the version has not set has its default
 * (STANDARD_DEFAULTS), binder__v/crosslink__v are false unless set, role fields `{users, groups}`;
 * a version without a file (a placeholder) has size__v and pages__v 0 and no format, file name or
 * checksum (it has no file).
 */
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
import { ROLES, STANDARD_DEFAULTS } from './standard-fields';

export type DocumentRecord = Record<string, unknown> & { id: number };

const iso = (ms: number) => new Date(ms).toISOString();

/** Labels of the Doctype chain: `{type__v, subtype__v?, classification__v?}`. */
export function typeLabels(view: MetadataView, doctype: string): Record<string, string> {
  const chain = view.doctype(doctype)?.chain ?? [doctype];
  const keys = ['type__v', 'subtype__v', 'classification__v'];
  return Object.fromEntries(chain.slice(0, 3).map((name, i) => [keys[i], view.doctype(name)?.label ?? name]));
}

/**
 * The stored field values of a version, multi-value arrays copied: answers deep-freeze records
 * (reusable bodies, kept answers), which must not freeze the stored document's arrays nor, through
 * them, the fixture set's (stored versions share them with the loaded fixtures and each other).
 */
function fieldValues(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
}

/** A new record of the version: shares no array or object with the stored document. */
export function documentRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion = latestVersion(doc)): DocumentRecord {
  const lifecycle = view.lifecycles.get(doc.lifecycle);
  const state = lifecycle?.states.find((s) => s.name === version.state);
  const record: DocumentRecord = {
    id: doc.id,
    version_id: `${doc.id}_${version.major}_${version.minor}`,
    ...fieldValues(version.fields),
    document_number__v: doc.documentNumber,
    ...typeLabels(view, doc.doctype),
    lifecycle__v: lifecycle?.label ?? doc.lifecycle,
    status__v: state?.label ?? version.state,
  };
  for (const [name, value] of Object.entries(STANDARD_DEFAULTS)) if (record[name] === undefined || record[name] === null) record[name] = value();
  for (const role of ROLES) {
    const members = doc.roles[role];
    record[role] = { users: [...(members?.users ?? [])], groups: [...(members?.groups ?? [])] };
  }
  record.binder__v = doc.binder === true;
  record.crosslink__v = doc.crosslink === true;
  if (version.file) {
    record.format__v = version.file.format;
    record.filename__v = version.file.filename;
    record.size__v = version.file.size;
    record.md5checksum__v = version.file.md5;
    record.pages__v = version.file.pages;
  } else {
    record.size__v = 0;
    record.pages__v = 0;
  }
  Object.assign(record, {
    locked__v: doc.lock !== undefined,
    major_version_number__v: version.major,
    minor_version_number__v: version.minor,
    document_creation_date__v: iso(doc.created),
    version_creation_date__v: iso(version.created),
    version_modified_date__v: iso(version.modified),
    created_by__v: doc.createdBy,
    version_created_by__v: version.createdBy,
    last_modified_by__v: version.modifiedBy,
    annotations_all__v: 0, annotations_links__v: 0, annotations_anchors__v: 0, annotations_notes__v: 0,
    annotations_lines__v: 0, annotations_resolved__v: 0, annotations_unresolved__v: 0,
  });
  return record;
}
