import type { FieldInfo, Row } from './catalog';

/**
 * A per-row value a compiled query reads: the keys of a field, its LIKE text, a FIND search text,
 * a sort key. Compiled predicates read `col[i]` when the slot is bound to the rows array being
 * scanned (i = the row's index in it), and `derive(row)` otherwise.
 */
export interface Slot {
  /** Identity of the derived value within one rows array; undefined = never cached (dot paths, volatile fields). */
  readonly sig: string | undefined;
  readonly derive: (row: Row) => unknown;
  /**
   * When set, the bound column is computed by this function for each evaluation (from data the
   * frame caches under `sig`) instead of being `derive` over the rows, cached.
   */
  readonly query?: (frame: Frame) => ArrayLike<unknown>;
  /** Bound column (only while evaluate scans a cached rows array), else undefined. */
  col?: ArrayLike<unknown>;
}

/** Per-row work kept for one rows array of a `stableRows` target. */
export interface Frame {
  readonly rows: readonly Row[];
  readonly fields: readonly FieldInfo[];
  readonly columns: Map<string, unknown[]>;
  /** ORDER BY signature → row indices of the whole array in result order. */
  readonly orders: Map<string, Int32Array>;
  /** Other per-array data (e.g. FIND's search corpus), by signature. */
  readonly extra: Map<string, unknown>;
}

const frames = new WeakMap<readonly Row[], Frame>();

/** The frame of a rows array; a new one when the target's fields changed (a new `fields` array). */
export function frameOf(rows: readonly Row[], fields: readonly FieldInfo[]): Frame {
  let f = frames.get(rows);
  if (!f || f.fields !== fields) {
    f = { rows, fields, columns: new Map(), orders: new Map(), extra: new Map() };
    frames.set(rows, f);
  }
  return f;
}

/** The column of a cacheable slot over the frame's rows (computed once). */
export function columnOf(frame: Frame, sig: string, derive: (row: Row) => unknown): unknown[] {
  let c = frame.columns.get(sig);
  if (!c) {
    const rows = frame.rows;
    const n = rows.length;
    c = new Array(n);
    for (let i = 0; i < n; i++) c[i] = derive(rows[i]);
    frame.columns.set(sig, c);
  }
  return c;
}

/** Binds the cacheable slots to the frame; returns the function that unbinds them. */
export function bind(frame: Frame, slots: readonly Slot[]): () => void {
  const bound: Slot[] = [];
  for (const s of slots) {
    if (s.sig === undefined) continue;
    s.col = s.query ? s.query(frame) : columnOf(frame, s.sig, s.derive);
    bound.push(s);
  }
  return () => {
    for (const s of bound) s.col = undefined;
  };
}

/** Reads a slot: the bound column at i, else derived from the row. */
export function read(slot: Slot, row: Row, i: number): unknown {
  const c = slot.col;
  return c !== undefined ? c[i] : slot.derive(row);
}
