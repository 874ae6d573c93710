/**
 * One field of a document record without building the record (issue 19): what
 * `documentRecord(view, doc, version)` holds as its own value of `field` (undefined when it has
 * none), read through the same layers of rules (records.ts), in the same precedence. Sorts,
 * filters, the query engine and search read fields this way; answers read whole records
 * (store.record, bounded). A multi-value array or a role object is a fresh copy (a record shares
 * one frozen value for a role nobody holds: equal, not the same object).
 */
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import { BASE_FIELDS, DEFAULTED_FIELDS, LABEL_FIELDS, NOT_SET, type RecordSource, SERVICE_FIELDS, recordValue } from './records';

/**
 * The one source every read hands to the rules (a query reads a field of each row it sorts,
 * filters or shows: no object each time). Safe while rules read it synchronously, keep no
 * reference to it and read no field through recordField themselves (records.ts: none does).
 */
const s: { -readonly [K in keyof RecordSource]: RecordSource[K] } = { view: undefined as never, doc: undefined as never, version: undefined as never };

export function recordField(view: MetadataView, doc: StoredDocument, version: DocumentVersion, field: string): unknown {
  s.view = view;
  s.doc = doc;
  s.version = version;
  const service = SERVICE_FIELDS.get(field);
  if (service) {
    const v = service(s);
    if (v !== NOT_SET) return v;
  }
  let v: unknown = NOT_SET;
  const label = LABEL_FIELDS.get(field);
  if (label) v = label(s);
  if (v === NOT_SET) {
    if (Object.hasOwn(version.fields, field)) v = recordValue(version.fields[field]);
    else {
      const base = BASE_FIELDS.get(field);
      v = base ? base(s) : undefined;
      if (v === NOT_SET) v = undefined;
    }
  }
  if (v === undefined || v === null) {
    const fallback = DEFAULTED_FIELDS.get(field);
    if (fallback) return fallback();
  }
  return v;
}
