/**
 * Running a query for the HTTP layer: the engine (src/vql) over a SimCatalog, in two steps so
 * that a result can be paged later exactly as it was found:
 *   1. find: the query with its SELECT replaced by a row handle, unpaged → the ordered rows;
 *   2. page: the original SELECT projected over one slice of those rows.
 * Before both, the query is compiled against an empty copy of its target so that errors are
 * reported in the engine's own order (SELECT first).
 */
import { evaluate, type Query, type QueryResult, type QueryWarning, type Row, type SelectItem, type From } from '../../vql';
import type { DescribeField, DescribeObject, SimCatalog, SimTarget } from './types';

/** Name of the synthetic field that projects the row object itself (never visible to callers). */
const HANDLE = '__dmssim_row__';
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export interface FoundResult {
  target: SimTarget;
  /** Every row found, in result order. */
  rows: Row[];
  warnings?: QueryWarning[];
}

/** A catalog where `from` names a copy of its target: with `rows` (in that order, no id lookup) and/or the handle field. */
function overlay(catalog: SimCatalog, from: From, rows: (() => Iterable<Row>) | undefined, handle: boolean): SimCatalog {
  return {
    target(name, allVersions) {
      const t = catalog.target(name, allVersions);
      if (!t || name !== from.name || allVersions !== from.allVersions) return t;
      const copy: SimTarget = Object.create(t);
      Object.defineProperties(copy, {
        ...(rows ? { rows: { value: rows }, byId: { value: undefined } } : {}),
        ...(handle ? {
          fields: { value: [...t.fields, { name: HANDLE, type: 'id' }] },
          get: { value: (row: Row, field: string) => (field === HANDLE ? row : t.get ? t.get(row, field) : (row as Record<string, unknown>)[field]) },
        } : {}),
      });
      return copy;
    },
  };
}

/** Step 1: the ordered rows a query finds (throws VqlError like evaluate). */
export function find(q: Query, catalog: SimCatalog): FoundResult {
  // Compile everything first (errors in the engine's order), on no rows.
  evaluate(q, overlay(catalog, q.from, () => [], false));
  const target = catalog.target(q.from.name, q.from.allVersions)!;
  const handleQuery: Query = { ...q, select: [{ kind: 'field', field: HANDLE }], pageSize: undefined, pageOffset: undefined };
  const all = evaluate(handleQuery, overlay(catalog, q.from, undefined, true), { pageSize: UNBOUNDED, pageOffset: 0, maxPageSize: UNBOUNDED });
  const rows = all.rows.map((r) => r[HANDLE] as Row);
  return all.warnings ? { target, rows, warnings: all.warnings } : { target, rows };
}

/** Step 2: one page of found rows, projected by `select`. */
export function page(select: SelectItem[], from: From, rows: readonly Row[], catalog: SimCatalog, limit: number, offset: number, maxPageSize: number): QueryResult {
  const q: Query = { select, from, orderBy: [] };
  const slice = rows.slice(offset, offset + limit);
  const r = evaluate(q, overlay(catalog, from, () => slice, false), { pageSize: limit, pageOffset: 0, maxPageSize });
  return { rows: r.rows, total: rows.length, limit: r.limit, offset };
}

/** `queryDescribe` of a query: the target's object and, per top-level selected field, its metadata. */
export function describeQuery(q: Query, catalog: SimCatalog): { object: DescribeObject; fields: DescribeField[] } {
  const target = catalog.target(q.from.name, q.from.allVersions)!;
  const fields: DescribeField[] = [];
  for (const item of q.select) {
    if (item.kind !== 'field') continue;
    const dot = item.field.indexOf('.');
    let meta: DescribeField | undefined;
    if (dot < 0) meta = target.describeField(item.field);
    else {
      const rel = target.relationships?.find((r) => r.name === item.field.slice(0, dot));
      meta = rel ? catalog.target(rel.target, false)?.describeField(item.field.slice(dot + 1)) : undefined;
    }
    if (!meta) continue;
    const name = item.fn ? (item.fn === 'LATESTVERSION' ? `LATESTVERSION ${item.field}` : `${item.fn}(${item.field})`) : item.field;
    fields.push({ ...meta, name });
  }
  return { object: { ...target.describe }, fields };
}
