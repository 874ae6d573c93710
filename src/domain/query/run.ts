/**
 * Running a query for the HTTP layer: the engine (src/vql) over a SimCatalog, in two steps so
 * that a result can be paged later exactly as it was found:
 *   1. find: the rows the query finds, unpaged and unprojected (the engine's findRows);
 *   2. page: the SELECT projected over one slice of those rows (projectPage: not run again).
 */
import { findRows, projectPage, type RowList, type Query, type QueryResult, type QueryWarning, type SelectItem, type From } from '../../vql';
import type { DescribeField, DescribeObject, SimCatalog, SimTarget } from './types';

export interface FoundResult {
  target: SimTarget;
  /** Every row found, in result order (compact when found on a cached rows array). */
  rows: RowList;
  warnings?: QueryWarning[];
}

/** Step 1: the ordered rows a query finds, unprojected (throws VqlError like evaluate, SELECT checked too). */
export function find(q: Query, catalog: SimCatalog): FoundResult {
  const target = catalog.target(q.from.name, q.from.allVersions);
  const found = findRows(q, catalog);
  return found.warnings ? { target: target!, rows: found.rows, warnings: found.warnings } : { target: target!, rows: found.rows };
}

/** Step 2: one page of found rows, projected by `select` (projectPage: the query is not run again). */
export function page(select: SelectItem[], from: From, rows: RowList, catalog: SimCatalog, limit: number, offset: number, maxPageSize: number): QueryResult {
  return projectPage({ select, from }, catalog, rows, { pageSize: limit, pageOffset: offset, maxPageSize });
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
    const name = item.fn && item.fn !== 'LATESTVERSION' ? `${item.fn}(${item.field})` : item.field;
    fields.push({ ...meta, name });
  }
  return { object: { ...target.describe }, fields };
}
