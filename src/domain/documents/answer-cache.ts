/**
 * A bounded cache of whole answers (the documents list, a query), valid while a stamp is
 * unchanged: the stamp names every state the answers are computed from (a store's revision, the
 * metadata view, a registry revision...), compared part by part with `===`. All entries of one
 * cache share the stamp: a lookup with another stamp forgets every entry first, so a change frees
 * the old answers at once. Least recently used answers go first beyond `capacity`.
 *
 * Answers are shared between callers: nobody may modify one (callers freeze them).
 */

/** The parts an answer depends on; equal when every part is `===`. */
export type Stamp = readonly unknown[];

export function sameStamp(a: Stamp, b: Stamp): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface AnswerOptions<V> {
  /** Whether a computed answer may be kept (e.g. not one that hands out a fresh id); default yes. */
  keep?: (value: V) => boolean;
  /** Whether a kept answer still holds, beyond the stamp (e.g. it was built from the current record); default yes. */
  valid?: (value: V) => boolean;
}

export class AnswerCache<V> {
  private stamp: Stamp = [];
  /** Insertion order is recency order (a hit is re-inserted). */
  private readonly entries = new Map<string, V>();
  /** The most recently used key (its entry is last): a repeated hit needs no re-insertion. */
  private last: string | undefined;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`an answer cache needs a capacity of at least 1 (got ${capacity})`);
  }

  /**
   * The answer for `key` under `stamp`: the kept one (when `valid`), else `compute()`d and kept
   * when `keep` allows it. A failing compute keeps nothing. `compute` must not change what the
   * stamp describes.
   */
  answer(key: string, stamp: Stamp, compute: () => V, opts: AnswerOptions<V> = {}): V {
    if (!sameStamp(stamp, this.stamp)) {
      this.entries.clear();
      this.last = undefined;
      this.stamp = stamp;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined && (!opts.valid || opts.valid(hit))) {
      if (key !== this.last) {
        this.entries.delete(key); // re-inserted last: Map order is recency order
        this.entries.set(key, hit);
        this.last = key;
      }
      return hit;
    }
    if (hit !== undefined) this.entries.delete(key);
    if (key === this.last) this.last = undefined;
    const value = compute();
    if (value !== undefined && (!opts.keep || opts.keep(value))) {
      this.entries.set(key, value);
      this.last = key;
      if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
