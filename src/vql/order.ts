import type { OrderItem } from './ast';
import type { Row } from './catalog';
import { positionOf } from './positions';
import { resolveField, type Scope } from './resolve';
import { compareKeys, type Key, type KeyFn } from './values';

export type Sorter = (rows: Row[]) => Row[];

/** Sort key of a value: multi-value fields sort by their first element. */
function sortKey(v: unknown, key: KeyFn): Key {
  if (Array.isArray(v)) return v.length ? key(v[0]) : undefined;
  return key(v);
}

/**
 * ORDER BY: type-aware keys, nulls last ascending (first descending, the exact reverse);
 * ties keep the input order (a stable sort).
 */
export function compileOrder(scope: Scope, items: OrderItem[]): Sorter | undefined {
  if (items.length === 0) return undefined;
  const keys = items.map((o) => {
    const f = resolveField(scope, o.field, positionOf(o));
    return { get: f.get, key: f.key, sign: o.desc ? -1 : 1 };
  });
  return (rows) => {
    const n = rows.length;
    const columns = keys.map((k) => {
      const col: Key[] = new Array(n);
      for (let i = 0; i < n; i++) col[i] = sortKey(k.get(rows[i]), k.key);
      return col;
    });
    const signs = keys.map((k) => k.sign);
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      for (let c = 0; c < columns.length; c++) {
        const x = columns[c][a];
        const y = columns[c][b];
        if (x === y) continue;
        const r = x === undefined ? 1 : y === undefined ? -1 : compareKeys(x, y);
        if (r !== 0) return r * signs[c];
      }
      return a - b;
    });
    return order.map((i) => rows[i]);
  };
}

/** Sort by the target's `id` ascending (order of byId fast-path results). */
export function byIdOrder(scope: Scope): Sorter | undefined {
  const id = scope.fields.get('id');
  if (!id || id.queryable === false) return undefined;
  return compileOrder(scope, [{ field: 'id', desc: false }]);
}
