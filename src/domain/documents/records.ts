/**
 * The document record of the API (spec: "Document record"): stored values plus the fields the
 * service sets, with type/subtype/classification/lifecycle/status as labels read from the
 * configuration at answer time (so a renamed label shows at once). Every standard field is
 * present (gaps.md §13): an editable one the version has not set has its default
 * (STANDARD_DEFAULTS), binder__v/crosslink__v are false unless set, role fields `{users, groups}`;
 * a version without a file (a placeholder) has size__v and pages__v 0 and no format, file name or
 * checksum (it has no file).
 *
 * The definition, in layers (each a table of the fields it sets, in record order), read by
 * `recordField` (record-field.ts: one field's value, for sorts, filters, queries and search,
 * without building the record) and written out by `documentRecord` (a whole record, for answers;
 * a test holds the two equal, field by field):
 * 1. BASE_FIELDS (id, version_id), which a stored field of the same name replaces;
 * 2. the version's stored fields (multi-value arrays copied);
 * 3. LABEL_FIELDS (document number, Doctype, lifecycle and state labels), over the stored ones;
 * 4. STANDARD_DEFAULTS, for a standard field still undefined or null;
 * 5. SERVICE_FIELDS (roles, binder, file, check-out, versions, dates, users, annotations), over all.
 * A rule answers NOT_SET when it does not set the field for this version (e.g. `subtype__v` of a
 * type without a subtype, `format__v` of a placeholder): the layers below decide then.
 */
import { isoMillis } from '../clock';
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, createdAt, latestVersion, modifiedAt, numberOf } from './model';
import { blankOf, learnShape, shapeKey } from './record-shape';
import { ROLES, STANDARD_DEFAULTS } from './standard-fields';

export type DocumentRecord = Record<string, unknown> & { id: number };

/** What a record is made of: the metadata view (labels), the document and the version. */
export interface RecordSource {
  readonly view: MetadataView;
  readonly doc: StoredDocument;
  readonly version: DocumentVersion;
}

/** A rule's answer when it does not set its field for this version. */
export const NOT_SET: unique symbol = Symbol('not set');
/**
 * The value a layer gives a field of a version, or NOT_SET. A rule reads its source at once, keeps
 * no reference to it and reads no field through recordField (record-field.ts hands every rule
 * one reused source object).
 */
export type FieldRule = (s: RecordSource) => unknown;


/** A stored value as a record holds it: a multi-value array copied (records are deep-frozen by answers; stored arrays must stay mutable). */
export const recordValue = (v: unknown): unknown => (Array.isArray(v) ? [...v] : v);

/** The document's Doctype chain (type, subtype, classification), or its Doctype alone when the view does not know it. */
const chainOf = (view: MetadataView, doc: StoredDocument): readonly string[] => view.doctype(doc.doctype)?.chain ?? [doc.doctype];

/** The i-th label of the Doctype chain (type, subtype, classification), or NOT_SET past its end. */
function chainLabel(s: RecordSource, i: number): unknown {
  const chain = chainOf(s.view, s.doc);
  if (i >= chain.length) return NOT_SET;
  return s.view.doctype(chain[i])?.label ?? chain[i];
}

/** The label fields of the Doctype chain, in its order. */
const CHAIN_LABELS = ['type__v', 'subtype__v', 'classification__v'];

/** Layer 1: replaced by a stored field of the same name. */
export const BASE_FIELDS: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ['id', (s) => s.doc.id],
  ['version_id', (s) => `${s.doc.id}_${s.version.major}_${s.version.minor}`],
]);

/** Layer 3: over the stored fields. */
export const LABEL_FIELDS: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ['document_number__v', (s) => numberOf(s.doc)],
  ['type__v', (s) => chainLabel(s, 0)],
  ['subtype__v', (s) => chainLabel(s, 1)],
  ['classification__v', (s) => chainLabel(s, 2)],
  ['lifecycle__v', (s) => s.view.lifecycles.get(s.doc.lifecycle)?.label ?? s.doc.lifecycle],
  ['status__v', (s) => s.view.lifecycles.get(s.doc.lifecycle)?.states.find((st) => st.name === s.version.state)?.label ?? s.version.state],
]);

const withFile = (rule: (f: NonNullable<DocumentVersion['file']>) => unknown, placeholder: unknown = NOT_SET): FieldRule =>
  (s) => (s.version.file ? rule(s.version.file) : placeholder);
const zero: FieldRule = () => 0;
/** The annotation counts: 0 (the simulator keeps no annotations). */
const ANNOTATION_FIELDS = ['all', 'links', 'anchors', 'notes', 'lines', 'resolved', 'unresolved'].map((k) => `annotations_${k}__v`);

/** Layer 5: set by the service over everything else. */
export const SERVICE_FIELDS: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ...ROLES.map((role): [string, FieldRule] => [role, (s) => {
    const members = s.doc.roles[role];
    return { users: [...(members?.users ?? [])], groups: [...(members?.groups ?? [])] };
  }]),
  ['binder__v', (s) => s.doc.binder === true],
  ['crosslink__v', (s) => s.doc.crosslink === true],
  ['format__v', withFile((f) => f.format)],
  ['filename__v', withFile((f) => f.filename)],
  ['size__v', withFile((f) => f.size, 0)],
  ['md5checksum__v', withFile((f) => f.md5)],
  ['pages__v', withFile((f) => f.pages, 0)],
  ['locked__v', (s) => s.doc.lock !== undefined],
  ['major_version_number__v', (s) => s.version.major],
  ['minor_version_number__v', (s) => s.version.minor],
  ['document_creation_date__v', (s) => isoMillis(createdAt(s.doc))],
  ['version_creation_date__v', (s) => isoMillis(createdAt(s.version))],
  ['version_modified_date__v', (s) => isoMillis(modifiedAt(s.version))],
  ['created_by__v', (s) => s.doc.createdBy],
  ['version_created_by__v', (s) => s.version.createdBy],
  ['last_modified_by__v', (s) => s.version.modifiedBy],
  ...ANNOTATION_FIELDS.map((name): [string, FieldRule] => [name, zero]),
]);

/** Layer 4: the standard fields with a default, as [name, default] (own entries only). */
export const DEFAULTED_FIELDS: ReadonlyMap<string, () => unknown> = new Map(Object.entries(STANDARD_DEFAULTS));

/**
 * The value of a role nobody holds, shared by every record (frozen throughout: records are shared
 * and never changed; most roles of most documents are empty, 6 of 8 in a generated world).
 */
const NO_MEMBERS: { readonly users: readonly number[]; readonly groups: readonly number[] } = Object.freeze({ users: Object.freeze([]), groups: Object.freeze([]) });

/**
 * A new record of the version: shares no array or object with the stored document (an empty role
 * is the shared, frozen NO_MEMBERS). Written out,
 * layer by layer as the rules above give them, rather than built by calling every rule of the
 * tables (that cost ~4x a record, measured at 100k). The tables stay the definition recordField
 * reads; a test compares the two for every field of every version of the default and a generated
 * world and of generated colliding documents. Filled in a blank of its shape when there is one
 * (record-shape.ts: fast properties), else key by key.
 */
export function documentRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion = latestVersion(doc)): DocumentRecord {
  const chain = chainOf(view, doc);
  const shape = shapeKey(version.fields, chain.length, version.file !== undefined);
  const blank = blankOf(shape);
  if (blank) return fill(blank as DocumentRecord, view, doc, version, chain);
  const record = fill({} as DocumentRecord, view, doc, version, chain);
  if (blank === undefined) learnShape(shape, Object.keys(record));
  return record;
}

/** The same record built key by key on an empty object (as the first of its shape is; tests compare the two). */
export function documentRecordKeyByKey(view: MetadataView, doc: StoredDocument, version: DocumentVersion = latestVersion(doc)): DocumentRecord {
  return fill({} as DocumentRecord, view, doc, version, chainOf(view, doc));
}

/** Writes the record's fields into `record` (empty, or a blank of its shape: the same keys in the same order). */
function fill(record: DocumentRecord, view: MetadataView, doc: StoredDocument, version: DocumentVersion, chain: readonly string[]): DocumentRecord {
  const lifecycle = view.lifecycles.get(doc.lifecycle);
  const state = lifecycle?.states.find((st) => st.name === version.state);
  record.id = doc.id;
  record.version_id = `${doc.id}_${version.major}_${version.minor}`;
  for (const k in version.fields) {
    if (!Object.hasOwn(version.fields, k)) continue;
    const v = recordValue(version.fields[k]);
    // An own value whatever the name (`__proto__` assigned would set the prototype instead).
    if (k === '__proto__') Object.defineProperty(record, k, { value: v, enumerable: true, writable: true, configurable: true });
    else record[k] = v;
  }
  record.document_number__v = numberOf(doc);
  for (let i = 0; i < Math.min(3, chain.length); i++) record[CHAIN_LABELS[i]] = view.doctype(chain[i])?.label ?? chain[i];
  record.lifecycle__v = lifecycle?.label ?? doc.lifecycle;
  record.status__v = state?.label ?? version.state;
  for (const [name, value] of DEFAULTED_FIELDS) if (record[name] === undefined || record[name] === null) record[name] = value();
  for (const role of ROLES) {
    const members = doc.roles[role];
    record[role] = members && (members.users.length > 0 || members.groups.length > 0)
      ? { users: [...members.users], groups: [...members.groups] }
      : NO_MEMBERS;
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
  record.locked__v = doc.lock !== undefined;
  record.major_version_number__v = version.major;
  record.minor_version_number__v = version.minor;
  record.document_creation_date__v = isoMillis(createdAt(doc));
  record.version_creation_date__v = isoMillis(createdAt(version));
  record.version_modified_date__v = isoMillis(modifiedAt(version));
  record.created_by__v = doc.createdBy;
  record.version_created_by__v = version.createdBy;
  record.last_modified_by__v = version.modifiedBy;
  for (const name of ANNOTATION_FIELDS) record[name] = 0;
  return record;
}
