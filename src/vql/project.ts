import type { SelectItem, SubQuery } from './ast';
import type { Row } from './catalog';
import { SUBQUERY_PAGE_SIZE } from './choices';
import { compileCondition } from './compile';
import { compileOrder, sortRows } from './order';
import { positionOf } from './positions';
import { printSelectItem } from './print';
import { relatedScope, resolveField, type Scope } from './resolve';

export interface Projector {
  /** Key of the value in the result row: the field as written, `TONAME(f)`, or the relationship name. */
  key: string;
  value: (row: Row) => unknown;
}

function orNull(v: unknown): unknown {
  return v === undefined ? null : v;
}

function fieldProjector(scope: Scope, item: Extract<SelectItem, { kind: 'field' }>): Projector {
  const f = resolveField(scope, item.field, positionOf(item));
  // LATESTVERSION chooses the rows (evaluate.ts), not a value: its fields keep their own names.
  const key = item.fn && item.fn !== 'LATESTVERSION' ? printSelectItem(item) : item.field;
  const get = f.get;
  if (item.fn === 'TONAME') {
    const names = f.info.names;
    const toName = (v: unknown): unknown => (names && typeof v === 'string' && v in names ? names[v] : orNull(v));
    return { key, value: (row) => { const v = get(row); return Array.isArray(v) ? v.map(toName) : toName(v); } };
  }
  // CASEINSENSITIVE(f) in SELECT returns the value unchanged.
  return { key, value: (row) => orNull(get(row)) };
}

function subqueryProjector(scope: Scope, sub: SubQuery): Projector {
  const pos = positionOf(sub);
  const rel = relatedScope(scope, sub.from, sub.from, pos);
  const fields = sub.select.map((item) => fieldProjector(rel, item));
  const where = sub.where ? compileCondition(rel, sub.where) : undefined;
  const order = compileOrder(rel, sub.orderBy);
  const target = scope.target;
  return {
    key: sub.from,
    value: (row) => {
      const r = target.related ? target.related(row, sub.from) : undefined;
      let rows: Row[] = r === undefined || r === null ? [] : Array.isArray(r) ? [...(r as Row[])] : [r as Row];
      if (where) rows = rows.filter((x) => where(x, -1));
      if (order) rows = sortRows(order, rows);
      const data = rows.slice(0, SUBQUERY_PAGE_SIZE).map((x) => projectRow(fields, x));
      return { responseDetails: { limit: SUBQUERY_PAGE_SIZE, offset: 0, size: data.length, total: rows.length }, data };
    },
  };
}

/** Compiles the SELECT list; checks every field name (VqlError names the first bad one). */
export function compileSelect(scope: Scope, items: SelectItem[]): Projector[] {
  return items.map((item) => (item.kind === 'subquery' ? subqueryProjector(scope, item.query) : fieldProjector(scope, item)));
}

export function projectRow(projectors: Projector[], row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of projectors) out[p.key] = p.value(row);
  return out;
}
