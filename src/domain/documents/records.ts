/**
 * The document record of the API (spec: "Document record"): stored values plus the fields the
 * service sets, with type/subtype/classification/lifecycle/status as labels read from the
 * configuration at answer time (so a renamed label shows at once). Every standard field is
 * present (gaps.md §13): an editable one the version has not set has its default
 * (STANDARD_DEFAULTS), binder__v/crosslink__v are false unless set, role fields `{users, groups}`;
 * a version without a file (a placeholder) has size__v and pages__v 0 and no format, file name or
 * checksum (it has no file).
 *
 * One definition, in layers (each a table of the fields it sets, in record order), read by
 * `documentRecord` (a whole record, for answers) and by `recordField` (record-field.ts: one field's
 * value, for sorts, filters, queries and search, without building the record), so the two cannot
 * differ:
 * 1. BASE_FIELDS (id, version_id), which a stored field of the same name replaces;
 * 2. the version's stored fields (multi-value arrays copied);
 * 3. LABEL_FIELDS (document number, Doctype, lifecycle and state labels), over the stored ones;
 * 4. STANDARD_DEFAULTS, for a standard field still undefined or null;
 * 5. SERVICE_FIELDS (roles, binder, file, check-out, versions, dates, users, annotations), over all.
 * A rule answers NOT_SET when it does not set the field for this version (e.g. `subtype__v` of a
 * type without a subtype, `format__v` of a placeholder): the layers below decide then.
 */
import type { MetadataView } from './metadata';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
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
/** The value a layer gives a field of a version, or NOT_SET. */
export type FieldRule = (s: RecordSource) => unknown;

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored value as a record holds it: a multi-value array copied (records are deep-frozen by answers; stored arrays must stay mutable). */
export const recordValue = (v: unknown): unknown => (Array.isArray(v) ? [...v] : v);

/** The i-th label of the Doctype chain (type, subtype, classification), or NOT_SET past its end. */
function chainLabel(s: RecordSource, i: number): unknown {
  const chain = s.view.doctype(s.doc.doctype)?.chain ?? [s.doc.doctype];
  if (i >= chain.length) return NOT_SET;
  return s.view.doctype(chain[i])?.label ?? chain[i];
}

/** Layer 1: replaced by a stored field of the same name. */
export const BASE_FIELDS: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ['id', (s) => s.doc.id],
  ['version_id', (s) => `${s.doc.id}_${s.version.major}_${s.version.minor}`],
]);

/** Layer 3: over the stored fields. */
export const LABEL_FIELDS: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ['document_number__v', (s) => s.doc.documentNumber],
  ['type__v', (s) => chainLabel(s, 0)],
  ['subtype__v', (s) => chainLabel(s, 1)],
  ['classification__v', (s) => chainLabel(s, 2)],
  ['lifecycle__v', (s) => s.view.lifecycles.get(s.doc.lifecycle)?.label ?? s.doc.lifecycle],
  ['status__v', (s) => s.view.lifecycles.get(s.doc.lifecycle)?.states.find((st) => st.name === s.version.state)?.label ?? s.version.state],
]);

const withFile = (rule: (f: NonNullable<DocumentVersion['file']>) => unknown, placeholder: unknown = NOT_SET): FieldRule =>
  (s) => (s.version.file ? rule(s.version.file) : placeholder);
const zero: FieldRule = () => 0;

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
  ['document_creation_date__v', (s) => iso(s.doc.created)],
  ['version_creation_date__v', (s) => iso(s.version.created)],
  ['version_modified_date__v', (s) => iso(s.version.modified)],
  ['created_by__v', (s) => s.doc.createdBy],
  ['version_created_by__v', (s) => s.version.createdBy],
  ['last_modified_by__v', (s) => s.version.modifiedBy],
  ...['all', 'links', 'anchors', 'notes', 'lines', 'resolved', 'unresolved'].map((k): [string, FieldRule] => [`annotations_${k}__v`, zero]),
]);

/** Layer 4: the standard fields with a default, as [name, default] (own entries only). */
export const DEFAULTED_FIELDS: ReadonlyMap<string, () => unknown> = new Map(Object.entries(STANDARD_DEFAULTS));

function apply(record: Record<string, unknown>, rules: ReadonlyMap<string, FieldRule>, s: RecordSource): void {
  for (const [name, rule] of rules) {
    const v = rule(s);
    if (v !== NOT_SET) record[name] = v;
  }
}

/** A new record of the version: shares no array or object with the stored document. */
export function documentRecord(view: MetadataView, doc: StoredDocument, version: DocumentVersion = latestVersion(doc)): DocumentRecord {
  const s: RecordSource = { view, doc, version };
  const base: Record<string, unknown> = {};
  apply(base, BASE_FIELDS, s);
  // A spread (not assignment): a stored field named like an Object member is an own value too.
  const record = { ...base, ...Object.fromEntries(Object.entries(version.fields).map(([k, v]) => [k, recordValue(v)])) } as DocumentRecord;
  apply(record, LABEL_FIELDS, s);
  for (const [name, value] of DEFAULTED_FIELDS) if (record[name] === undefined || record[name] === null) record[name] = value();
  apply(record, SERVICE_FIELDS, s);
  return record;
}
