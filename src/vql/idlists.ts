/**
 * Per row, a short list of ids (into a dictionary kept beside it), settable row by row so that a
 * changed or appended row is patched in place: `ids[i] >= 0` when row i holds exactly one id (the
 * common case, read without indirection), NONE when it holds none, MANY when its ids are in `many`.
 */
export const NONE = -1;
export const MANY = -2;

const EMPTY: readonly number[] = Object.freeze([]);

export class IdLists {
  /** Capacity may exceed the rows: only [0, length) are meaningful. */
  ids: Int32Array;
  /** Rows of several ids: small plain arrays (an Int32Array each cost ~4 times the memory: 140k of them on a 100k world). */
  readonly many = new Map<number, readonly number[]>();
  length = 0;

  constructor(capacity: number) {
    this.ids = new Int32Array(Math.max(16, capacity));
  }

  private grow(i: number): void {
    if (i >= this.ids.length) {
      const more = new Int32Array(Math.max(i + 1, this.ids.length * 2));
      more.set(this.ids);
      this.ids = more;
    }
    if (i >= this.length) this.length = i + 1;
  }

  /** Sets row i's one id. */
  setOne(i: number, id: number): void {
    this.grow(i);
    this.ids[i] = id;
    if (this.many.size) this.many.delete(i);
  }

  /** Sets row i's ids (i at most `length`: a row is appended at the end). */
  set(i: number, list: readonly number[]): void {
    this.grow(i);
    if (list.length === 1) {
      this.ids[i] = list[0];
      this.many.delete(i);
    } else if (list.length === 0) {
      this.ids[i] = NONE;
      this.many.delete(i);
    } else {
      this.ids[i] = MANY;
      this.many.set(i, list.slice());
    }
  }

  /** Row i's ids (do not keep or modify). */
  of(i: number): readonly number[] | number {
    const id = this.ids[i];
    if (id >= 0) return id;
    return id === NONE ? EMPTY : this.many.get(i)!;
  }

  /** True when `hit` is true for one of row i's ids. */
  some(i: number, hit: (id: number) => boolean): boolean {
    const id = this.ids[i];
    if (id >= 0) return hit(id);
    if (id === NONE) return false;
    for (const x of this.many.get(i)!) if (hit(x)) return true;
    return false;
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
