import type { Condition, Query } from './ast';
import type { EvaluateOptions, QueryCatalog, QueryResult, QueryTarget, QueryWarning, Row } from './catalog';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAXROWS_WARNING } from './choices';
import { chain, compileCondition, type Predicate } from './compile';
import { VqlError } from './errors';
import { compileFind } from './find';
import { byIdOrder, compileOrder } from './order';
import { positionOf } from './positions';
import { compileSelect, projectRow } from './project';
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

/**
 * Runs a parsed query against a catalog. Order of work: WHERE and FIND filter, ORDER BY sorts,
 * SKIP drops, MAXROWS caps (warning when it cut), then the page is sliced and only it is projected.
 * Throws VqlError for unknown targets/fields, non-queryable fields and invalid literal values.
 */
export function evaluate(q: Query, catalog: QueryCatalog, options: EvaluateOptions = {}): QueryResult {
  const target = catalog.target(q.from.name, q.from.allVersions);
  if (!target) {
    const p = positionOf(q.from);
    const shown = `${q.from.allVersions ? 'ALLVERSIONS ' : ''}${q.from.name}`;
    throw new VqlError('unknown_target', `Unknown query target '${shown}' at position ${p}`, p);
  }
  const scope = makeScope(catalog, target);
  const projectors = compileSelect(scope, q.select);
  const tests: Predicate[] = [];
  if (q.where) tests.push(compileCondition(scope, q.where));
  if (q.find) tests.push(compileFind(scope, q.find));
  const order = compileOrder(scope, q.orderBy);

  let matched: Row[] = [];
  const pinned = target.byId ? pinnedIds(q.where) : undefined;
  const idKey = pinned && resolveField(scope, 'id', 0).key;
  const ids = pinned && idKey && pinned.map((id) => idKey(id)).filter((k): k is number | string => typeof k === 'number' || typeof k === 'string');
  const source: Iterable<Row> = ids ? lookupIds(target, ids) : target.rows();
  if (tests.length === 0) matched = [...source];
  else {
    const test: Predicate = tests.length === 1 ? tests[0] : (row) => tests[0](row) && tests[1](row);
    for (const row of source) if (test(row)) matched.push(row);
  }
  if (order) matched = order(matched);
  else if (ids && matched.length > 1) matched = byIdOrder(scope)?.(matched) ?? matched;

  const warnings: QueryWarning[] = [];
  if (q.skip) matched = matched.slice(q.skip);
  if (q.maxRows !== undefined && matched.length > q.maxRows) {
    warnings.push({ type: MAXROWS_WARNING.type, message: MAXROWS_WARNING.message(q.maxRows, matched.length) });
    matched = matched.slice(0, q.maxRows);
  }
  const max = options.maxPageSize ?? MAX_PAGE_SIZE;
  const limit = clampInt(options.pageSize ?? q.pageSize, options.maxPageSize ?? DEFAULT_PAGE_SIZE, max);
  const offset = clampInt(options.pageOffset ?? q.pageOffset, 0, Number.MAX_SAFE_INTEGER);
  const page = matched.slice(offset, offset + limit);
  const result: QueryResult = { rows: page.map((row) => projectRow(projectors, row)), total: matched.length, limit, offset };
  if (warnings.length) result.warnings = warnings;
  return result;
}
