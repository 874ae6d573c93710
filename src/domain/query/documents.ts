/**
 * The `documents` and `ALLVERSIONS documents` targets, on the document store's query seam: the
 * same access rule as the documents list (endpoint 21) and the field metadata of the tenant's
 * configuration, read on each query (custom fields created by MDL are queryable at once).
 * Rows are the store's rows (document and version, no record), in one table per store and view
 * shared by every user (document-table.ts); the engine reads single fields through recordField (no
 * record is built) and keeps its per-row work across users and changes.
 */
import type { FieldInfo, FieldType, RelationshipInfo, Row, StateKind } from '../../vql';
import type { User } from '../users';
import type { FieldMetadata, MetadataView } from '../documents/metadata';
import { type StoredDocument, latestVersion } from '../documents/model';
import { recordField } from '../documents/record-field';
import type { DocumentRow, DocumentStore } from '../documents/store';
import type { DescribeField, SimTarget } from './types';
import { documentTable } from './document-table';

const FIELD_TYPES: Record<string, FieldType> = {
  id: 'id', String: 'string', LongText: 'string', RichText: 'string', Link: 'string', Number: 'number', Boolean: 'boolean',
  Date: 'date', DateTime: 'datetime', Picklist: 'picklist', ObjectReference: 'reference', Users: 'reference',
};

/** The catalog name of a referenced object (`user__sys` is the `users` target). */
const targetOfObject = (objectType: string) => (objectType === 'user__sys' ? 'users' : objectType);

const STATE_KINDS: Record<string, StateKind> = { steady_state: 'steady', obsolete_state: 'obsolete', superseded_state: 'superseded' };

interface Schema {
  fields: FieldInfo[];
  relationships: RelationshipInfo[];
  /** relationship name → the field holding the referenced ids. */
  relField: Map<string, FieldMetadata>;
  meta: Map<string, FieldMetadata>;
  stateKind: Map<string, StateKind | undefined>;
}

const schemas = new WeakMap<MetadataView, Schema>();

function namesOf(entries: Iterable<{ name: string; label: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) if (!(e.label in out)) out[e.label] = e.name;
  return out;
}

/** Query fields of the documents of a metadata revision. */
function schemaOf(view: MetadataView): Schema {
  let s = schemas.get(view);
  if (s) return s;
  const doctypes = namesOf(view.doctypes.values());
  const lifecycles = namesOf(view.lifecycles.values());
  const states = namesOf([...view.lifecycles.values()].flatMap((l) => l.states));
  const names: Record<string, Record<string, string>> = {
    type__v: doctypes, subtype__v: doctypes, classification__v: doctypes, lifecycle__v: lifecycles, status__v: states,
  };
  const fields: FieldInfo[] = [];
  const relationships: RelationshipInfo[] = [];
  const relField = new Map<string, FieldMetadata>();
  for (const f of view.fields) {
    const entryNames = f.entries ? namesOf(f.entries) : undefined;
    fields.push({
      name: f.name,
      type: FIELD_TYPES[f.type] ?? 'string',
      multiValue: f.repeating,
      queryable: f.queryable && !f.hidden,
      // read live from the document (check-out), never cached by the engine
      ...(f.name === 'locked__v' ? { volatile: true } : {}),
      ...(names[f.name] ? { names: names[f.name] } : entryNames ? { names: entryNames } : {}),
    });
    if (f.relationshipName && f.objectType && f.queryable) {
      for (const rel of new Set([f.relationshipName, `${f.name}r`])) {
        if (relField.has(rel)) continue;
        relationships.push({ name: rel, target: targetOfObject(f.objectType) });
        relField.set(rel, f);
      }
    }
  }
  fields.push({ name: 'version_id', type: 'string', searchable: false });
  const stateKind = new Map<string, StateKind | undefined>();
  for (const l of view.lifecycles.values()) for (const st of l.states) stateKind.set(`${l.name}\u0000${st.name}`, st.stateType ? STATE_KINDS[st.stateType] : undefined);
  s = { fields, relationships, relField, meta: new Map(view.fields.map((f) => [f.name, f])), stateKind };
  schemas.set(view, s);
  return s;
}

export interface DocumentsTargetOptions {
  store: DocumentStore;
  user: User;
  allVersions: boolean;
  /** Other targets of the catalog (for relationships). */
  targetOf: (name: string) => SimTarget | undefined;
}

export function documentsTarget({ store, user, allVersions, targetOf }: DocumentsTargetOptions): SimTarget {
  const view = store.view();
  const schema = schemaOf(view);
  const table = documentTable(store, view, allVersions);
  const visible = table.visibleTo(user);
  const rowsOf = (doc: StoredDocument): DocumentRow[] =>
    allVersions ? doc.versions.map((v) => store.rowOf(doc, v)) : [store.rowOf(doc, latestVersion(doc))];
  return {
    name: 'documents',
    fields: schema.fields,
    relationships: schema.relationships,
    describe: { name: 'documents', label: 'Document', label_plural: 'Documents' },
    // One table per store and view, shared by every user (document-table.ts); the user's rows are its visible slots.
    table,
    visible,
    rows: () => table.rows.filter((_, i) => visible === undefined || ((visible[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0),
    byId(id) {
      const n = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : NaN;
      if (!Number.isSafeInteger(n)) return undefined;
      let doc: StoredDocument;
      try {
        doc = store.get(user, n);
      } catch {
        return undefined;
      }
      const rows = rowsOf(doc);
      return allVersions ? rows : rows[0];
    },
    get: (row, field) => (field === 'locked__v' ? (row as DocumentRow).document.lock !== undefined : recordField(view, (row as DocumentRow).document, (row as DocumentRow).version, field)),
    // the file's lower-case text (the one kept for list content search too): FIND lowercases anyway
    content: (row) => {
      const file = (row as DocumentRow).version.file;
      return file && store.searchText(file);
    },
    related(row, rel) {
      const f = schema.relField.get(rel);
      const target = f && targetOf(targetOfObject(f.objectType!));
      if (!f || !target?.byId) return undefined;
      const v = recordField(view, (row as DocumentRow).document, (row as DocumentRow).version, f.name);
      const ids = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
      const found: Row[] = [];
      for (const id of ids) {
        const r = target.byId(id as number | string);
        if (r !== undefined && !Array.isArray(r)) found.push(r as Row);
      }
      return f.repeating ? found : found[0];
    },
    versionOf(row) {
      const { document, version } = row as DocumentRow;
      return { document, place: document.versions.indexOf(version) };
    },
    stateKind(row) {
      const r = row as DocumentRow;
      return schema.stateKind.get(`${r.document.lifecycle}\u0000${r.version.state}`);
    },
    describeField(name) {
      if (name === 'version_id') return { name, label: 'Version ID', type: 'String', status: ['active__v'] };
      const m = schema.meta.get(name);
      if (!m || !m.queryable || m.hidden) return undefined;
      const d: DescribeField = { name, label: m.label, type: m.type, required: m.required, status: [m.disabled ? 'inactive__v' : 'active__v'] };
      if (m.maxLength !== undefined) d.max_length = m.maxLength;
      if (typeof m.maxValue === 'number') d.max_value = m.maxValue;
      if (typeof m.minValue === 'number') d.min_value = m.minValue;
      if (m.type === 'id') d.unique = true;
      if (m.picklist) d.picklist = m.picklist;
      return d;
    },
  };
}
