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
  /** The bound column dictionary-encoded, when it has few distinct values (see encodedOf). */
  enc?: Encoded;
}

/**
 * A column of per-element values with few distinct values, as ids into `dict`: `ids[i]` when every
 * row holds one value, else row i's values are `flat[offsets[i]] .. flat[offsets[i + 1] - 1]`
 * (an array value by its elements). A test then runs once per distinct value, and the scan reads
 * typed arrays instead of touching every row's value.
 */
export interface Encoded {
  dict: unknown[];
  ids?: Int32Array;
  offsets?: Int32Array;
  flat?: Int32Array;
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

/** Columns with more distinct values than this share of the rows stay plain (encoding would not pay). */
const ENCODE_MAX_DISTINCT_SHARE = 0.25;

/** The dictionary encoding of a cached column (cached), or undefined when it has many distinct values. */
export function encodedOf(frame: Frame, sig: string, col: readonly unknown[]): Encoded | undefined {
  const key = `enc:${sig}`;
  if (frame.extra.has(key)) return frame.extra.get(key) as Encoded | undefined;
  const n = col.length;
  const max = Math.max(16, Math.floor(n * ENCODE_MAX_DISTINCT_SHARE));
  const index = new Map<unknown, number>();
  const dict: unknown[] = [];
  const idOf = (v: unknown): number => {
    let id = index.get(v);
    if (id === undefined) {
      id = dict.length;
      index.set(v, id);
      dict.push(v);
    }
    return id;
  };
  let enc: Encoded | undefined;
  const multi = col.some((v) => Array.isArray(v));
  if (!multi) {
    const ids = new Int32Array(n);
    for (let i = 0; i < n && dict.length <= max; i++) ids[i] = idOf(col[i]);
    if (dict.length <= max) enc = { dict, ids };
  } else {
    const offsets = new Int32Array(n + 1);
    const flat: number[] = [];
    for (let i = 0; i < n && dict.length <= max; i++) {
      offsets[i] = flat.length;
      const v = col[i];
      if (Array.isArray(v)) for (const x of v) flat.push(idOf(x));
      else flat.push(idOf(v));
    }
    offsets[n] = flat.length;
    if (dict.length <= max) enc = { dict, offsets, flat: Int32Array.from(flat) };
  }
  frame.extra.set(key, enc);
  return enc;
}

/** Binds the cacheable slots to the frame; returns the function that unbinds them. */
export function bind(frame: Frame, slots: readonly Slot[]): () => void {
  const bound: Slot[] = [];
  for (const s of slots) {
    if (s.sig === undefined) continue;
    if (s.query) s.col = s.query(frame);
    else {
      const col = columnOf(frame, s.sig, s.derive);
      s.col = col;
      s.enc = encodedOf(frame, s.sig, col);
    }
    bound.push(s);
  }
  return () => {
    for (const s of bound) {
      s.col = undefined;
      s.enc = undefined;
    }
  };
}

/** Reads a slot: the bound column at i, else derived from the row. */
export function read(slot: Slot, row: Row, i: number): unknown {
  const c = slot.col;
  return c !== undefined ? c[i] : slot.derive(row);
}
