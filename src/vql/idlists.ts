/**
 * Per row, a short list of ids (into a dictionary kept beside it), settable row by row so that a
 * changed or appended row is patched in place: `ids[i] >= 0` when row i holds exactly one id (the
 * common case, read without indirection), NONE when it holds none, and below NONE when its ids are
 * in the pool: `ids[i] = -2 - at`, `pool[at]` their count and the ids after it.
 *
 * The pool is one typed array (about 4 bytes an id), not a Map of small arrays (about 90 bytes a
 * row: 141k such rows on a 100k world were ~13 MB of heap). A row set again leaves its old list in
 * the pool as waste; once the waste is more than half the pool, the pool is compacted.
 */
export const NONE = -1;

/** (chosen) Growth of the per-row array and of the pool: a quarter more (and at least 1,024 slots), not double (a 100k table's first appended row no longer doubles it). */
const grown = (need: number, had: number) => Math.max(need, had + Math.max(1024, had >>> 2));

export class IdLists {
  /** Capacity may exceed the rows: only [0, length) are meaningful. */
  ids: Int32Array;
  private pool = new Int32Array(0);
  /** Slots of the pool in use (live lists and waste). */
  private used = 0;
  /** Slots of lists no row points to any more. */
  private waste = 0;
  length = 0;

  constructor(capacity: number) {
    this.ids = new Int32Array(Math.max(16, capacity));
  }

  private grow(i: number): void {
    if (i >= this.ids.length) {
      const more = new Int32Array(grown(i + 1, this.ids.length));
      more.set(this.ids);
      this.ids = more;
    }
    if (i >= this.length) this.length = i + 1;
  }

  /** Counts row i's pooled list (if any) as waste: the row is about to point elsewhere. */
  private drop(i: number): void {
    if (i < this.length && this.ids[i] < NONE) this.waste += 1 + this.pool[-2 - this.ids[i]];
  }

  /** Sets row i's one id. */
  setOne(i: number, id: number): void {
    this.drop(i);
    this.grow(i);
    this.ids[i] = id;
  }

  /** Sets row i's ids (i at most `length`: a row is appended at the end). */
  set(i: number, list: readonly number[]): void {
    this.drop(i);
    this.grow(i);
    if (list.length === 1) this.ids[i] = list[0];
    else if (list.length === 0) this.ids[i] = NONE;
    else {
      this.ids[i] = NONE; // not copied if the pool is compacted now
      this.ids[i] = -2 - this.append(list);
    }
  }

  /** Row i's ids: one id, or a list (a fresh array: the pool's are not handed out). */
  of(i: number): readonly number[] | number {
    const id = this.ids[i];
    if (id >= 0) return id;
    if (id === NONE) return [];
    const at = -2 - id;
    return Array.from(this.pool.subarray(at + 1, at + 1 + this.pool[at]));
  }

  /** Calls `f` with each of row i's ids. */
  each(i: number, f: (id: number) => void): void {
    const id = this.ids[i];
    if (id >= 0) return f(id);
    if (id === NONE) return;
    const pool = this.pool;
    const at = -2 - id;
    for (let k = at + 1, end = at + 1 + pool[at]; k < end; k++) f(pool[k]);
  }

  /** True when `hit` is true for one of row i's ids. */
  some(i: number, hit: (id: number) => boolean): boolean {
    const id = this.ids[i];
    if (id >= 0) return hit(id);
    if (id === NONE) return false;
    const pool = this.pool;
    const at = -2 - id;
    for (let k = at + 1, end = at + 1 + pool[at]; k < end; k++) if (hit(pool[k])) return true;
    return false;
  }

  /** The slots the pool holds (tests: compaction keeps it near the live lists). */
  get poolSlots(): number {
    return this.used;
  }

  /** Appends a list to the pool; returns where it begins. */
  private append(list: readonly number[]): number {
    if (this.waste > this.used >>> 1 && this.waste > 1024) this.compact();
    const need = this.used + 1 + list.length;
    if (need > this.pool.length) {
      const more = new Int32Array(grown(need, this.pool.length));
      more.set(this.pool.subarray(0, this.used));
      this.pool = more;
    }
    const at = this.used;
    this.pool[at] = list.length;
    for (let k = 0; k < list.length; k++) this.pool[at + 1 + k] = list[k];
    this.used = need;
    return at;
  }

  /** Rewrites the pool with the live lists only, in row order. */
  private compact(): void {
    const old = this.pool;
    const live = this.used - this.waste;
    const pool = new Int32Array(grown(live, 0));
    let used = 0;
    for (let i = 0; i < this.length; i++) {
      const id = this.ids[i];
      if (id >= NONE) continue;
      const at = -2 - id;
      const count = old[at];
      pool.set(old.subarray(at, at + 1 + count), used);
      this.ids[i] = -2 - used;
      used += 1 + count;
    }
    this.pool = pool;
    this.used = used;
    this.waste = 0;
  }
}

/** A dictionary of distinct values → ids, growing as rows are set. */
export class Dictionary<V> {
  readonly values: V[] = [];
  private readonly index = new Map<V, number>();

  idOf(v: V): number {
    let id = this.index.get(v);
    if (id === undefined) {
      id = this.values.length;
      this.index.set(v, id);
      this.values.push(v);
    }
    return id;
  }

  get size(): number {
    return this.values.length;
  }
}
