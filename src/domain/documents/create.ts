/**
 * Endpoint 28: a new document from form parts (gaps.md §9). Everything is checked before
 * anything is stored, and every bad part is reported: a refused create leaves nothing behind.
 */
import { ApiError, type ErrorItem, apiError, errorItem } from '../errors';
import type { User } from '../users';
import { storedFile } from './files';
import type { DoctypeInfo, FieldMetadata } from './metadata';
import { type StoredDocument, dayOf, isVersionNumber, msOfDay } from './model';
import type { DocumentStore } from './store';

export interface UploadLike {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export type CreateInput = Record<string, string | number | boolean | UploadLike | undefined>;

/** Parts handled by name rather than as plain field values. */
const STRUCTURAL = new Set(['file', 'name__v', 'type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'major_version_number__v', 'minor_version_number__v']);

export { documentNumberOf } from './model';

const isUpload = (v: unknown): v is UploadLike => typeof v === 'object' && v !== null && 'bytes' in v;
const text = (v: CreateInput[string]): string | undefined => (v === undefined || isUpload(v) ? undefined : String(v).trim() || undefined);

/**
 * Converts a field's text (comma-separated values for a multi-value field) to its stored value, or
 * explains why it cannot, naming the value at fault (`part`: one of a multi-value field's values).
 */
export function fieldValue(f: FieldMetadata, raw: string): { value?: unknown; problem?: string; part?: string } {
  const parts = f.repeating ? raw.split(',').map((s) => s.trim()).filter(Boolean) : [raw];
  const out: unknown[] = [];
  for (const p of parts) {
    switch (f.type) {
      case 'Number': {
        const n = Number(p);
        if (p === '' || !Number.isFinite(n)) return { problem: 'expected a number', part: p };
        if (f.minValue !== undefined && n < Number(f.minValue)) return { problem: `below the minimum ${f.minValue}`, part: p };
        if (f.maxValue !== undefined && n > Number(f.maxValue)) return { problem: `above the maximum ${f.maxValue}`, part: p };
        out.push(n);
        break;
      }
      case 'Boolean':
        if (!/^(true|false)$/i.test(p)) return { problem: 'expected true or false', part: p };
        out.push(p.toLowerCase() === 'true');
        break;
      case 'Date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(p) || Number.isNaN(Date.parse(`${p}T00:00:00Z`)) || new Date(`${p}T00:00:00Z`).toISOString().slice(0, 10) !== p) return { problem: 'expected a date YYYY-MM-DD', part: p };
        out.push(p);
        break;
      case 'DateTime':
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(p) || Number.isNaN(Date.parse(p))) return { problem: 'expected an ISO 8601 UTC timestamp', part: p };
        out.push(new Date(p).toISOString());
        break;
      case 'Picklist': {
        const entry = f.entries?.find((e) => e.name === p) ?? f.entries?.find((e) => e.label.toLowerCase() === p.toLowerCase());
        if (!entry) return { problem: `not an entry of picklist ${f.picklist}`, part: p };
        out.push(entry.name);
        break;
      }
      default:
        if (f.maxLength !== undefined && p.length > f.maxLength) return { problem: `longer than ${f.maxLength} characters`, part: p };
        out.push(p);
    }
  }
  return { value: f.repeating ? out : out[0] };
}

/**
 * Whether the tenant has a record of `object` with this id (an ObjectReference field's value);
 * undefined when it keeps no records of that object, which are then not checked.
 */
export type ReferenceCheck = (object: string, id: string) => boolean | undefined;

export function createDocument(store: DocumentStore, user: User, input: CreateInput, maxBytes: number, references?: ReferenceCheck): number {
  const view = store.view();
  const errors: ErrorItem[] = [];
  const required = (name: string): string | undefined => {
    const v = text(input[name]);
    if (v === undefined) errors.push(errorItem('parameterRequired', name));
    return v;
  };

  const name = required('name__v');
  if (name !== undefined && name.length > 100) errors.push(errorItem('documentFieldInvalid', name.slice(0, 20) + '…', 'name__v', 'longer than 100 characters'));

  let doctype: DoctypeInfo | undefined;
  const typeText = required('type__v');
  if (typeText !== undefined) {
    doctype = view.resolve(typeText);
    if (!doctype?.active) {
      errors.push(errorItem('invalidValue', typeText, 'type__v'));
      doctype = undefined;
    }
  }
  // Subtype and classification: required when the level above has some, refused when it has none.
  let stopped = false;
  for (const part of ['subtype__v', 'classification__v'] as const) {
    const given = text(input[part]);
    if (!doctype || stopped) {
      if (given !== undefined && doctype) errors.push(errorItem('invalidValue', given, part));
      continue;
    }
    const hasChildren = doctype.children.some((c) => view.doctype(c)?.active);
    if (!hasChildren) {
      stopped = true;
      if (given !== undefined) errors.push(errorItem('invalidValue', given, part));
      continue;
    }
    const child = given === undefined ? undefined : view.resolve(given, doctype.name);
    if (given === undefined) errors.push(errorItem('parameterRequired', part));
    else if (!child || !child.active) errors.push(errorItem('invalidValue', given, part));
    doctype = child?.active ? child : undefined;
  }

  const lifecycleText = required('lifecycle__v');
  const lifecycle = lifecycleText === undefined ? undefined : view.resolveLifecycle(lifecycleText);
  if (lifecycleText !== undefined) {
    const allowed = doctype ? view.availableLifecycles(doctype.name) : [];
    if (!lifecycle || lifecycle.states.length === 0 || (doctype && allowed.length > 0 && !allowed.some((l) => l.name === lifecycle.name))) {
      errors.push(errorItem('invalidValue', lifecycleText, 'lifecycle__v'));
    }
  }

  const version: number[] = [];
  for (const [part, fallback] of [['major_version_number__v', 0], ['minor_version_number__v', 1]] as const) {
    const v = text(input[part]);
    const n = v === undefined ? fallback : Number(v);
    if (!isVersionNumber(n)) errors.push(errorItem('invalidValue', String(v), part));
    version.push(n);
  }
  if (version[0] === 0 && version[1] === 0) errors.push(errorItem('invalidValue', '0.0', 'major_version_number__v'));

  let upload: UploadLike | undefined;
  if (input.file !== undefined && input.file !== '') {
    if (!isUpload(input.file)) errors.push(errorItem('invalidValue', String(input.file).slice(0, 40), 'file'));
    else if (input.file.bytes.byteLength > maxBytes) throw apiError('fileTooLarge', maxBytes);
    else upload = input.file;
  }

  // A Map while collecting: a part named `__proto__` or `constructor` is a plain key, never an inherited member.
  const fields = new Map<string, unknown>();
  /** Fields given with a value refused (not also reported as missing). */
  const invalid = new Set<string>();
  if (name !== undefined) fields.set('name__v', name);
  const applicable = doctype ? view.fieldsFor(doctype.name) : view.fields;
  for (const [key, raw] of Object.entries(input)) {
    if (STRUCTURAL.has(key) || raw === undefined) continue;
    const f = applicable.find((x) => x.name === key);
    if (!f) {
      errors.push(errorItem('attributeNotSupported', key));
      continue;
    }
    if (!f.editable || f.disabled) {
      errors.push(errorItem('documentFieldNotEditable', key));
      continue;
    }
    const v = text(raw);
    if (v === undefined) continue;
    const { value, problem, part } = fieldValue(f, v);
    const unknown = !problem && f.type === 'ObjectReference' && f.objectType && references
      ? (Array.isArray(value) ? value : [value]).find((id) => references(f.objectType!, String(id)) === false)
      : undefined;
    if (unknown !== undefined) {
      errors.push(errorItem('documentFieldInvalid', String(unknown).slice(0, 60), key, `no ${f.objectType} record has this id`));
      invalid.add(key);
    } else if (problem) {
      errors.push(errorItem('documentFieldInvalid', (part ?? v).slice(0, 60), key, problem));
      invalid.add(key);
    } else fields.set(key, value);
  }
  if (doctype) {
    for (const f of view.fieldsFor(doctype.name)) {
      // A required field given with a value refused above is not also missing.
      if (f.required && f.editable && !f.disabled && !STRUCTURAL.has(f.name) && fields.get(f.name) === undefined && !invalid.has(f.name)) errors.push(errorItem('parameterRequired', f.name));
    }
  }
  if (errors.length > 0 || !doctype || !lifecycle || name === undefined) {
    throw new ApiError(errors.length ? errors : [errorItem('invalidValue', typeText ?? '', 'type__v')]);
  }

  const now = store.now();
  const day = dayOf(now);
  const ms = msOfDay(now);
  const id = store.peekNextId();
  const doc: StoredDocument = {
    id,
    doctype: doctype.name,
    lifecycle: lifecycle.name,
    documentNumber: undefined,
    createdDay: day,
    createdMs: ms,
    createdBy: user.id,
    roles: { owner__v: { users: [user.id], groups: [] } },
    binder: false,
    crosslink: false,
    attachments: [],
    versions: [{
      major: version[0], minor: version[1], state: lifecycle.states[0].name, fields: Object.fromEntries(fields),
      file: upload ? storedFile(upload.filename || 'file', upload.bytes, upload.type) : undefined,
      createdDay: day, createdMs: ms, createdBy: user.id, modifiedDay: day, modifiedMs: ms, modifiedBy: user.id,
    }],
  };
  store.insert(doc);
  return id;
}
