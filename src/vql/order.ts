import type { OrderItem } from './ast';
import type { Row } from './catalog';
import { perElement } from './compile';
import { columnOf, type Frame, type Slot } from './frame';
import { positionOf } from './positions';
import { resolveField, type Scope } from './resolve';
import { type KeptOrder, keptOrderOf, type SlotCompare } from './sorted';
import { compareKeys, type Key } from './values';

/** A compiled ORDER BY: one sort-key slot per item (not bound: read through `keys`). */
export interface Order {
  slots: Slot[];
  signs: number[];
  /** Cache identity of the whole ordering, or undefined when some key may not be cached. */
  sig: string | undefined;
}

/** The sort key in a slot's value, its keys (perElement): multi-value fields sort by their first element's. */
function sortKey(keys: unknown): Key {
  if (Array.isArray(keys)) return keys.length ? (keys[0] as Key) : undefined;
  return keys as Key;
}

/**
 * ORDER BY: type-aware keys, nulls last ascending (first descending, the exact reverse);
 * ties keep the input order (a stable sort).
 */
export function compileOrder(scope: Scope, items: OrderItem[]): Order | undefined {
  if (items.length === 0) return undefined;
  let cacheable = true;
  const slots = items.map((o): Slot => {
    const f = resolveField(scope, o.field, positionOf(o));
    cacheable &&= f.cacheable;
    // A single-value field's keys are its sort keys: the very column WHERE reads (compile.ts
    // keysSlot: `k:(field)`), not a second one of the same values (issue 19: seven such pairs of
    // 100,000 values on a generated world). A multi-value field's (or a dot path's) sort key is its
    // first element's, a column of its own (not one array of keys a row).
    if (f.cacheable && f.info.multiValue !== true) return { sig: `k:(${o.field})`, derive: perElement(f.get, f.key) };
    const keys = perElement(f.get, f.key);
    return { sig: f.cacheable ? `o:${o.field}` : undefined, derive: (row) => sortKey(keys(row)) };
  });
  const signs = items.map((o) => (o.desc ? -1 : 1));
  const sig = cacheable ? items.map((o) => `${o.field}${o.desc ? ' DESC' : ''}`).join(',') : undefined;
  return { slots, signs, sig };
}

/** The result order of slots for the key columns (ties by slot: a stable sort). */
function slotCompare(columns: readonly (readonly unknown[])[], signs: readonly number[]): SlotCompare {
  const m = columns.length;
  return (a, b) => {
    for (let c = 0; c < m; c++) {
      const x = sortKey(columns[c][a]);
      const y = sortKey(columns[c][b]);
      if (x === y) continue;
      const r = x === undefined ? 1 : y === undefined ? -1 : compareKeys(x, y);
      if (r !== 0) return r * signs[c];
    }
    return a - b;
  };
}

/** Indices 0..n-1 in result order for the key columns (ties by index: a stable sort). */
function permutation(columns: readonly (readonly unknown[])[], signs: readonly number[], n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort(slotCompare(columns, signs));
}

/** Sorts rows (keys derived from each row). */
export function sortRows(order: Order, rows: readonly Row[]): Row[] {
  const n = rows.length;
  const columns = order.slots.map((s) => {
    const col: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) col[i] = s.derive(rows[i]);
    return col;
  });
  const p = permutation(columns, order.signs, n);
  const out: Row[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = rows[p[i]];
  return out;
}

/**
 * The result order of every row of a frame, kept per ordering (order.sig must be set) and patched
 * on change: sorting a subset of the frame's rows gives this order restricted to the subset, since
 * the comparison (keys, then slot) is a total order.
 */
export function frameOrder(order: Order, frame: Frame): KeptOrder {
  return keptOrderOf(frame, `o:${order.sig!}`, () => slotCompare(order.slots.map((s) => columnOf(frame, s.sig!, s.derive)), order.signs));
}

/** Sort by the target's `id` ascending (order of byId fast-path results). */
export function byIdOrder(scope: Scope): Order | undefined {
  const id = scope.fields.get('id');
  if (!id || id.queryable === false) return undefined;
  return compileOrder(scope, [{ field: 'id', desc: false }]);
}
