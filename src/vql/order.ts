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
    const decorated = rows.map((row, index) => ({ row, index, keys: keys.map((k) => sortKey(k.get(row), k.key)) }));
    decorated.sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const x = a.keys[i];
        const y = b.keys[i];
        if (x === y) continue;
        const c = x === undefined ? 1 : y === undefined ? -1 : compareKeys(x, y);
        if (c !== 0) return c * keys[i].sign;
      }
      return a.index - b.index;
    });
    return decorated.map((d) => d.row);
  };
}

/** Sort by the target's `id` ascending (order of byId fast-path results). */
export function byIdOrder(scope: Scope): Sorter | undefined {
  const id = scope.fields.get('id');
  if (!id || id.queryable === false) return undefined;
  return compileOrder(scope, [{ field: 'id', desc: false }]);
}
