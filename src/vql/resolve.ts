import type { FieldInfo, QueryCatalog, QueryTarget, Row } from './catalog';
import { VqlError } from './errors';
import type { Slot } from './frame';
import { keyFnFor, type KeyFn } from './values';

/** A target with its field table, built once per evaluation. */
export interface Scope {
  catalog: QueryCatalog;
  target: QueryTarget;
  fields: ReadonlyMap<string, FieldInfo>;
  /** Per-row values the compiled WHERE/FIND read, bound to cached columns while a rows array is scanned. */
  slots: Slot[];
}

export interface ResolvedField {
  name: string;
  info: FieldInfo;
  /** Raw value of the field for a row (an array for multi-value fields and to-many paths). */
  get: (row: Row) => unknown;
  key: KeyFn;
  /** A plain field of the scope's own target, not volatile: its derived values may be cached per rows array. */
  cacheable: boolean;
}

/**
 * Field tables by the fields array they index: a target's fields are usually one array per
 * configuration (the documents' per metadata view: ~100 fields, two tables a query before).
 */
const fieldTables = new WeakMap<readonly FieldInfo[], ReadonlyMap<string, FieldInfo>>();

function fieldTableOf(fields: readonly FieldInfo[]): ReadonlyMap<string, FieldInfo> {
  let table = fieldTables.get(fields);
  if (!table) fieldTables.set(fields, (table = new Map(fields.map((f) => [f.name, f]))));
  return table;
}

export function makeScope(catalog: QueryCatalog, target: QueryTarget): Scope {
  return { catalog, target, fields: fieldTableOf(target.fields), slots: [] };
}

export function getter(target: QueryTarget, field: string): (row: Row) => unknown {
  const get = target.get;
  if (get) return (row) => get.call(target, row, field);
  return (row) => (row as Record<string, unknown>)[field];
}

function lookup(scope: Scope, name: string, shown: string, position: number): FieldInfo {
  const info = scope.fields.get(name);
  if (!info) {
    throw new VqlError('unknown_field', `Unknown field '${shown}' on '${scope.target.name}' at position ${position}`, position);
  }
  if (info.queryable === false) {
    throw new VqlError('not_queryable', `Field '${shown}' is not queryable at position ${position}`, position);
  }
  return info;
}

/** Resolves a field name or a one-level dot path `relationship.field`; throws VqlError naming it. */
export function resolveField(scope: Scope, name: string, position: number): ResolvedField {
  const dot = name.indexOf('.');
  if (dot < 0) {
    const info = lookup(scope, name, name, position);
    return { name, info, get: getter(scope.target, name), key: keyFnFor(info.type), cacheable: info.volatile !== true };
  }
  const relName = name.slice(0, dot);
  const rest = name.slice(dot + 1);
  const related = relatedScope(scope, relName, name, position);
  if (rest.includes('.')) {
    throw new VqlError('unknown_field', `Unknown field '${name}': only one relationship level is supported, at position ${position}`, position);
  }
  const info = lookup(related, rest, name, position);
  const inner = getter(related.target, rest);
  const target = scope.target;
  const get = (row: Row): unknown => {
    const r = target.related ? target.related(row, relName) : undefined;
    if (r === undefined || r === null) return null;
    if (Array.isArray(r)) return (r as Row[]).flatMap((x) => flat(inner(x)));
    return inner(r as Row);
  };
  return { name, info, get, key: keyFnFor(info.type), cacheable: false };
}

/** A slot of the scope (cached under `sig` when given), read by compiled predicates. */
export function slot(scope: Scope, sig: string | undefined, derive: (row: Row) => unknown): Slot {
  const s: Slot = { sig, derive };
  scope.slots.push(s);
  return s;
}

function flat(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === undefined || v === null ? [] : [v];
}

/** The scope of a relationship's target, for dot paths and sub-selects. */
export function relatedScope(scope: Scope, relName: string, shown: string, position: number): Scope {
  const rel = scope.target.relationships?.find((r) => r.name === relName);
  const target = rel && scope.catalog.target(rel.target, false);
  if (!rel || !target) {
    throw new VqlError('unknown_field', `Unknown relationship '${relName}' in '${shown}' on '${scope.target.name}' at position ${position}`, position);
  }
  return makeScope(scope.catalog, target);
}
