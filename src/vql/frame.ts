import type { FieldInfo, QueryTable, QueryTarget, Row } from './catalog';
import { Dictionary, IdLists } from './idlists';
import { giveBackScratch, scratchMarks } from './scratch';

/**
 * A per-row value a compiled query reads: the keys of a field, its LIKE text, a FIND search text,
 * a sort key. Compiled predicates read `col[i]` when the slot is bound to the rows being scanned
 * (i = the row's slot), and `derive(row)` otherwise.
 */
export interface Slot {
  /** Identity of the derived value within one frame; undefined = never cached (dot paths, volatile fields). */
  readonly sig: string | undefined;
  readonly derive: (row: Row) => unknown;
  /**
   * When set, the bound column is computed by this function for each evaluation (from data the
   * frame keeps) instead of being `derive` over the rows, kept; scratch marks (scratch.ts) are
   * given back when the slot is unbound.
   */
  readonly query?: (frame: Frame) => ArrayLike<unknown>;
  /** Bound column (only while evaluate scans a frame), else undefined. */
  col?: ArrayLike<unknown>;
  /** The bound column dictionary-encoded, when it has few distinct values (see encodedOf). */
  enc?: Encoded;
}

/**
 * A column of per-element values with few distinct values, as ids into `dict`: row i's values
 * (an array value by its elements, any other value as one element) are `lists.of(i)`. A test then
 * runs once per distinct value, and the scan reads typed arrays instead of touching every row's value.
 */
export interface Encoded {
  dict: Dictionary<unknown>;
  lists: IdLists;
}

/** A change of a frame's table since the frame last saw it. */
export interface Change {
  /** Slots below `oldLength` whose row was replaced, ascending, without repeats. */
  readonly replaced: Int32Array;
  readonly oldLength: number;
  /** The rows now; slots [oldLength, length) were appended. */
  readonly length: number;
  /** 1 for every replaced or appended slot (`length` entries): scratch memory, given back once the patches have run (read it only during `patch`, keep no reference). */
  readonly touched: Uint8Array;
}

/**
 * What a frame keeps beside its columns (encodings, sort orders, search indexes): the value and
 * how to bring it up to date after a change, after the columns were (false or no patch: dropped,
 * rebuilt on next use).
 */
interface Kept {
  value: unknown;
  patch?: (change: Change) => boolean;
}

/** (chosen) A change touching more than this share of the rows starts the frame afresh instead of patching it. */
const PATCH_MAX_SHARE = 0.25;

/** Per-row work kept for one table (or one rows array of a `stableRows` target). */
export class Frame {
  revision: number;
  /** The rows the frame covers: [0, length) of `rows` (a table may append to the same array later). */
  length: number;
  readonly columns = new Map<string, { values: unknown[]; derive: (row: Row) => unknown }>();
  private readonly kept = new Map<string, Kept>();

  constructor(public rows: readonly Row[], readonly fields: readonly FieldInfo[], readonly table?: QueryTable) {
    this.revision = table ? table.revision : 0;
    this.length = rows.length;
  }

  has(sig: string): boolean {
    return this.kept.has(sig);
  }

  get<T>(sig: string): T {
    return this.kept.get(sig)?.value as T;
  }

  /** Keeps `value` under `sig`; `patch` brings it up to date after a change (see Kept). */
  keep<T>(sig: string, value: T, patch?: (change: Change) => boolean): T {
    this.kept.set(sig, { value, patch });
    return value;
  }

  /** Catches up with the table: patches what it keeps for the changed rows, or starts afresh. */
  sync(): void {
    const table = this.table;
    if (!table || table.revision === this.revision) return;
    const rows = table.rows;
    const length = rows.length;
    const oldLength = this.length;
    const slots = table.changedSince(this.revision);
    this.revision = table.revision;
    this.rows = rows;
    this.length = length;
    // Scratch memory, given back below (a patch reads it only while it runs: sorted.ts): on a
    // 100,000-row table each sync after a create was a new 100 KB outside V8's heap (issue 19).
    const touched = scratchMarks(length);
    try {
      let count = 0;
      if (slots) {
        for (let k = 0; k < slots.length; k++) {
          const i = slots[k];
          if (i >= 0 && i < oldLength && touched[i] === 0) {
            touched[i] = 1;
            count++;
          }
        }
      }
      if (!slots || length < oldLength || count + length - oldLength > Math.max(16, length * PATCH_MAX_SHARE)) {
        this.columns.clear();
        this.kept.clear();
        return;
      }
      const replaced = new Int32Array(count);
      for (let i = 0, k = 0; k < count; i++) if (touched[i] === 1) replaced[k++] = i;
      for (let i = oldLength; i < length; i++) touched[i] = 1;
      const change: Change = { replaced, oldLength, length, touched };
      for (const c of this.columns.values()) {
        const { values, derive } = c;
        for (const i of replaced) values[i] = derive(rows[i]);
        for (let i = oldLength; i < length; i++) values.push(derive(rows[i]));
      }
      for (const [sig, k] of [...this.kept]) if (!k.patch || !k.patch(change)) this.kept.delete(sig);
    } finally {
      giveBackScratch(touched);
    }
  }
}

const frames = new WeakMap<object, Frame>();

/**
 * The frame of a target, caught up with its table; undefined when the target keeps nothing (no
 * table and not `stableRows` over an array). A new one when the target's fields changed (a new
 * `fields` array), for a new table, or (stableRows) for a new rows array.
 */
export function frameOf(target: QueryTarget): Frame | undefined {
  const fields = target.fields;
  const table = target.table;
  if (table) {
    let f = frames.get(table);
    if (!f || f.fields !== fields) frames.set(table, (f = new Frame(table.rows, fields, table)));
    else f.sync();
    return f;
  }
  if (!target.stableRows) return undefined;
  const rows = target.rows();
  if (!Array.isArray(rows)) return undefined;
  let f = frames.get(rows);
  if (!f || f.fields !== fields) frames.set(rows, (f = new Frame(rows, fields)));
  return f;
}

/** The column of a cacheable slot over the frame's rows (computed once, then patched on change). */
export function columnOf(frame: Frame, sig: string, derive: (row: Row) => unknown): unknown[] {
  let c = frame.columns.get(sig);
  if (!c) {
    const rows = frame.rows;
    const n = frame.length;
    const values = new Array(n);
    let boxed = 0;
    for (let i = 0; i < n; i++) {
      const v = derive(rows[i]);
      values[i] = v;
      if (boxed >= 0) boxed = typeof v !== 'number' ? -1 : boxed + (isSmall(v) ? 0 : 1);
    }
    frame.columns.set(sig, (c = { values: boxed > 0 ? unboxed(values as number[]) : values, derive }));
  }
  return c.values;
}

/** Whether V8 keeps a number in an array's slot itself (a small integer), not in a box of its own. */
const isSmall = (v: number): boolean => (v | 0) === v && !Object.is(v, -0) && v >= -(2 ** 30) && v < 2 ** 30;

/**
 * The same numbers in an array that holds them unboxed (V8's double elements). A column made by
 * `new Array(n)` above gets the elements kind the call site last saw (V8's allocation-site
 * feedback): once one column of strings was made there, every later one boxes each number that is
 * not a small integer, e.g. a date's milliseconds: 16 bytes and one more object for the collector
 * each (issue 19: 400,000 of them on a generated world of 100,000 documents). An array made from a
 * Float64Array starts with double elements; a non-number stored later (a patch) turns it generic.
 *
 * It is a NumberColumn, not a plain array: optimized code whose loads from columns have seen both
 * plain arrays of objects (columns of strings) and plain arrays of doubles moves the latter to the
 * generic kind when it reads them (V8 consolidates a polymorphic element load by transitioning
 * elements kinds), boxing every number again. Seen on the 100k world: the first sort of a date
 * column, at start, by a comparator (sorted.ts keyCompare) that had sorted columns of strings
 * before, boxed its 100,000 dates. A subclass's arrays have maps of their own, which no plain
 * array's map transitions to, so such a load leaves them as they are.
 */
class NumberColumn extends Array<number> {}

function unboxed(values: readonly number[]): number[] {
  return NumberColumn.from(Float64Array.from(values));
}

/** Columns with more distinct values than this share of the rows stay plain (encoding would not pay). */
const ENCODE_MAX_DISTINCT_SHARE = 0.25;
const maxDistinct = (n: number) => Math.max(16, Math.floor(n * ENCODE_MAX_DISTINCT_SHARE));

/** Sets row i of an encoding from its column value; false when the dictionary outgrew `max`. */
function encodeRow(e: Encoded, i: number, v: unknown, max: number): boolean {
  if (Array.isArray(v)) e.lists.set(i, v.map((x) => e.dict.idOf(x)));
  else e.lists.setOne(i, e.dict.idOf(v));
  return e.dict.size <= max;
}

/** The dictionary encoding of a kept column (kept, patched on change), or undefined when it has many distinct values. */
export function encodedOf(frame: Frame, sig: string, col: readonly unknown[]): Encoded | undefined {
  const key = `enc:${sig}`;
  if (frame.has(key)) return frame.get<Encoded | undefined>(key);
  const n = col.length;
  const max = maxDistinct(n);
  let enc: Encoded | undefined = { dict: new Dictionary(), lists: new IdLists(n) };
  for (let i = 0; i < n; i++) {
    if (!encodeRow(enc, i, col[i], max)) {
      enc = undefined;
      break;
    }
  }
  const patch = (c: Change): boolean => {
    if (!enc) return c.length === c.oldLength; // many distinct values: decided again once rows were added
    const m = maxDistinct(c.length);
    for (const i of c.replaced) if (!encodeRow(enc, i, col[i], m)) return false;
    for (let i = c.oldLength; i < c.length; i++) if (!encodeRow(enc, i, col[i], m)) return false;
    return true;
  };
  return frame.keep(key, enc, patch);
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
      // A column computed for this evaluation alone (FIND's marks) is done with.
      if (s.query) giveBackScratch(s.col);
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
