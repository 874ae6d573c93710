import type { Condition, Query } from './ast';
import type { EvaluateOptions, QueryCatalog, QueryResult, QueryTarget, QueryWarning, Row } from './catalog';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAXROWS_WARNING } from './choices';
import { chain, compileCondition, type Predicate } from './compile';
import { VqlError } from './errors';
import { compileFind } from './find';
import { bind, frameOf } from './frame';
import { compileProbe, smallest } from './probe';
import { isVisible, matchRows } from './scan';
import { keptRows } from './kept-rows';
import { windowOf, type RowList } from './rowlist';
import { byIdOrder, compileOrder, frameOrder, sortRows } from './order';
import { positionOf } from './positions';
import { compileSelect, projectSlice, type Projector } from './project';
import { makeScope, resolveField } from './resolve';

/**
 * Ids a WHERE tree pins the result to (`id = n`, `id IN (...)`, a conjunction containing one, or a
 * disjunction of such); undefined when the tree does not pin ids.
 */
export function pinnedIds(c: Condition | undefined): Array<number | string> | undefined {
  if (!c) return undefined;
  switch (c.kind) {
    case 'compare':
      if (c.op === '=' && c.left.field === 'id' && !c.left.fn && (c.right.kind === 'number' || c.right.kind === 'string')) return [c.right.value];
      return undefined;
    case 'in':
      if (c.left.field !== 'id' || c.left.fn) return undefined;
      return c.values.flatMap((v) => (v.kind === 'number' || v.kind === 'string' ? [v.value] : []));
    case 'and': {
      let best: Array<number | string> | undefined;
      for (const part of chain(c, 'and')) {
        const ids = pinnedIds(part);
        if (ids && (!best || ids.length < best.length)) best = ids;
      }
      return best;
    }
    case 'or': {
      const all: Array<number | string> = [];
      for (const part of chain(c, 'or')) {
        const ids = pinnedIds(part);
        if (!ids) return undefined;
        all.push(...ids);
      }
      return all;
    }
    default:
      return undefined;
  }
}

function lookupIds(target: QueryTarget, ids: Array<number | string>): Row[] {
  const seen = new Set<Row>();
  for (const id of ids) {
    const r = target.byId!(id);
    if (r === undefined || r === null) continue;
    if (Array.isArray(r)) for (const x of r as Row[]) seen.add(x);
    else seen.add(r as Row);
  }
  return [...seen];
}

function clampInt(v: number | undefined, fallback: number, max: number): number {
  if (v === undefined || !Number.isFinite(v)) return fallback;
  return Math.min(Math.max(0, Math.floor(v)), max);
}

/** Of rows of document versions, each document's row of the latest version among them, in their order. */
function latestPerDocument(rows: Row[], versionOf: NonNullable<QueryTarget['versionOf']>): Row[] {
  const latest = new Map<unknown, { row: Row; place: number }>();
  for (const row of rows) {
    const { document, place } = versionOf(row);
    const best = latest.get(document);
    if (!best || place > best.place) latest.set(document, { row, place });
  }
  const kept = new Set<Row>();
  for (const { row } of latest.values()) kept.add(row);
  return rows.filter((row) => kept.has(row));
}

/** The rows a query finds, in result order and unprojected (see findRows). */
export interface FoundRows {
  /** Every row after WHERE, FIND, ORDER BY, SKIP and MAXROWS (`rows.length` is the total). */
  rows: RowList;
  /** Present only when MAXROWS cut the result. */
  warnings?: QueryWarning[];
}

interface Found extends FoundRows {
  target: QueryTarget;
  projectors: Projector[];
}

/** The target FROM names; throws VqlError naming it when the catalog has none. */
function targetOf(from: Query['from'], catalog: QueryCatalog): QueryTarget {
  const target = catalog.target(from.name, from.allVersions);
  if (target) return target;
  const p = positionOf(from);
  throw new VqlError('unknown_target', `Unknown query target '${from.allVersions ? 'ALLVERSIONS ' : ''}${from.name}' at position ${p}`, p);
}

function run(q: Query, catalog: QueryCatalog): Found {
  const target = targetOf(q.from, catalog);
  const scope = makeScope(catalog, target);
  const projectors = compileSelect(scope, q.select);
  const tests: Predicate[] = [];
  if (q.where) tests.push(compileCondition(scope, q.where));
  const findTest = q.find ? compileFind(scope, q.find) : undefined;
  if (findTest) tests.push(findTest);
  const order = compileOrder(scope, q.orderBy);
  const test: Predicate | undefined = tests.length === 0 ? undefined : tests.length === 1 ? tests[0] : (row, i) => tests[0](row, i) && tests[1](row, i);
  // SELECT LATESTVERSION ... FROM ALLVERSIONS: of each document, only its latest matching version.
  const versionOf = q.select.some((s) => s.kind === 'field' && s.fn === 'LATESTVERSION') ? target.versionOf?.bind(target) : undefined;
  const chosen = (rows: Row[]) => (versionOf ? latestPerDocument(rows, versionOf) : rows);

  let found: RowList;
  const pinned = target.byId ? pinnedIds(q.where) : undefined;
  const idKey = pinned && resolveField(scope, 'id', 0).key;
  const ids = pinned && idKey && pinned.map((id) => idKey(id)).filter((k): k is number | string => typeof k === 'number' || typeof k === 'string');
  if (ids) {
    // The id fast path: a few rows, nothing cached.
    let matched: Row[] = [];
    for (const row of lookupIds(target, ids)) if (!test || test(row, -1)) matched.push(row);
    matched = chosen(matched);
    if (order) matched = sortRows(order, matched);
    else if (matched.length > 1) {
      const byId = byIdOrder(scope);
      if (byId) matched = sortRows(byId, matched);
    }
    found = matched;
  } else {
    const frame = frameOf(target);
    if (frame && !versionOf && (!order || order.sig !== undefined)) {
      // A kept frame: mark the matching visible rows in a bitset (scanning in slot order, where
      // the bound columns are, or only an index's candidates), read in the kept ORDER BY permutation.
      const rows = frame.rows;
      const visible = target.table ? target.visible : undefined;
      const probe = smallest([q.where && compileProbe(scope, q.where), findTest?.probe]);
      const { bits, count } = test || visible ? matchRows(frame, scope.slots, test, visible, probe, !q.find) : { bits: undefined, count: frame.length };
      const kept = order ? frameOrder(order, frame) : undefined;
      found = keptRows(rows, kept && { kept, epoch: kept.epoch }, bits, count, frame.length);
    } else {
      const source = frame ? frame.rows.slice(0, frame.length) : target.rows();
      const rows: readonly Row[] = Array.isArray(source) ? source : [...source];
      const visible = frame?.table ? target.visible : undefined;
      let matched: Row[] = [];
      const unbind = frame ? bind(frame, scope.slots) : undefined;
      try {
        for (let i = 0; i < rows.length; i++) if (isVisible(visible, i) && (!test || test(rows[i], i))) matched.push(rows[i]);
      } finally {
        unbind?.();
      }
      matched = chosen(matched);
      found = order ? sortRows(order, matched) : matched;
    }
  }

  let warnings: QueryWarning[] | undefined;
  if (q.skip) found = windowOf(found, q.skip, found.length);
  if (q.maxRows !== undefined && found.length > q.maxRows) {
    warnings = [{ type: MAXROWS_WARNING.type, message: MAXROWS_WARNING.message(q.maxRows, found.length) }];
    found = windowOf(found, 0, q.maxRows);
  }
  return warnings ? { rows: found, warnings, target, projectors } : { rows: found, target, projectors };
}

/**
 * The rows a query finds, unprojected and unpaged: for callers that keep a result and project its
 * pages later (paging links). Checks the whole query (SELECT included) like evaluate.
 */
export function findRows(q: Query, catalog: QueryCatalog): FoundRows {
  const { rows, warnings } = run(q, catalog);
  return warnings ? { rows, warnings } : { rows };
}

/** One page of found rows, projected: its size and offset as options and the query say, clamped. */
function pageOf(q: Pick<Query, 'pageSize' | 'pageOffset'>, target: QueryTarget, rows: RowList, projectors: Projector[], options: EvaluateOptions): QueryResult {
  const max = options.maxPageSize ?? MAX_PAGE_SIZE;
  const limit = clampInt(options.pageSize ?? q.pageSize, options.maxPageSize ?? DEFAULT_PAGE_SIZE, max);
  const offset = clampInt(options.pageOffset ?? q.pageOffset, 0, Number.MAX_SAFE_INTEGER);
  const frame = rows.slotsAt ? frameOf(target) : undefined;
  return { rows: projectSlice(projectors, rows, offset, offset + limit, frame), total: rows.length, limit, offset };
}

/**
 * A page of rows found before (a kept result: findRows' rows), projected by the SELECT without
 * running WHERE, FIND or ORDER BY again: the page evaluate gives of the same rows (its warnings
 * aside). Throws VqlError like evaluate.
 */
export function projectPage(q: Pick<Query, 'select' | 'from' | 'pageSize' | 'pageOffset'>, catalog: QueryCatalog, rows: RowList, options: EvaluateOptions = {}): QueryResult {
  const target = targetOf(q.from, catalog);
  return pageOf(q, target, rows, compileSelect(makeScope(catalog, target), q.select), options);
}

/**
 * Runs a parsed query against a catalog. Order of work: WHERE and FIND filter, ORDER BY sorts,
 * SKIP drops, MAXROWS caps (warning when it cut), then the page is sliced and only it is projected.
 * Throws VqlError for unknown targets/fields, non-queryable fields and invalid literal values.
 */
export function evaluate(q: Query, catalog: QueryCatalog, options: EvaluateOptions = {}): QueryResult {
  const { rows, warnings, target, projectors } = run(q, catalog);
  const result = pageOf(q, target, rows, projectors, options);
  if (warnings) result.warnings = warnings;
  return result;
}
