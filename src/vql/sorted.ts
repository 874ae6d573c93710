/**
 * Kept sorted permutations of a frame's slots (ORDER BY orders, key indexes), patched on change:
 * the changed and appended slots are taken out and put back in at their new places (binary
 * search), never the whole table sorted again. A patch that replaces rows makes a new array
 * (KeptOrder: what a kept result found before it reads then); one that only appends moves the
 * slots in place where the memory has room.
 */
import { firstIndexWhere } from '../first-index-where';
import type { Change, Frame } from './frame';
import { compareKeys, type Key } from './values';

/** A total order of slots (ties broken by slot). */
export type SlotCompare = (a: number, b: number) => number;

/** The slots of `perm` without the touched ones, then `moved` merged in by `cmp`. */
export function patchPermutation(perm: Int32Array, change: Change, cmp: SlotCompare): Int32Array {
  const { touched, replaced, oldLength, length } = change;
  let kept = perm;
  if (replaced.length > 0) {
    kept = new Int32Array(perm.length - replaced.length);
    let k = 0;
    for (let p = 0; p < perm.length; p++) {
      const i = perm[p];
      if (touched[i] === 0) kept[k++] = i;
    }
  }
  const out = new Int32Array(length);
  let from = 0;
  let o = 0;
  for (const m of movedSlots(Array.from(replaced), oldLength, length, cmp)) {
    const lo = placeOf(kept, from, kept.length, m, cmp);
    out.set(kept.subarray(from, lo), o);
    o += lo - from;
    from = lo;
    out[o++] = m;
  }
  out.set(kept.subarray(from), o);
  return out;
}

/** The slots to put in (`moved`, then those appended: [oldLength, length)), sorted by `cmp`. */
function movedSlots(moved: number[], oldLength: number, length: number, cmp: SlotCompare): number[] {
  for (let i = oldLength; i < length; i++) moved.push(i);
  return moved.sort(cmp);
}

/** The first position in perm[lo, hi) whose slot does not come before `slot` by `cmp`, else hi. */
const placeOf = (perm: Int32Array, lo: number, hi: number, slot: number, cmp: SlotCompare): number => firstIndexWhere(lo, hi, (i) => cmp(perm[i], slot) >= 0);

/** (chosen) Room a permutation that grows by appended slots is made with: one create moves it in place. */
const ROOM = 1 / 16;

/**
 * `perm` with the appended slots [oldLength, length) merged in by `cmp` (a change that only appends:
 * the other slots keep their order), in `perm`'s own memory when it has room (a longer view of it,
 * the slots after each insertion moved up), else in new memory with room: a create on a 100,000-row
 * table moves part of each kept order instead of making each anew (12 orders: ~5 MB a create).
 * `perm` itself then reads a stale order: its readers take the order afresh (KeptOrder.permFor,
 * sortedOf) in each run and keep no view of it across a change.
 */
export function withAppended(perm: Int32Array, change: Change, cmp: SlotCompare): Int32Array {
  const { oldLength, length } = change;
  const moved = movedSlots([], oldLength, length, cmp);
  let out: Int32Array;
  if (perm.byteOffset === 0 && perm.buffer.byteLength >= length * 4) out = new Int32Array(perm.buffer, 0, length);
  else {
    out = new Int32Array(new ArrayBuffer(4 * (length + Math.ceil(length * ROOM))), 0, length);
    out.set(perm);
  }
  // From the last appended slot down: the kept slots after its place move up, then it goes in.
  let end = perm.length;
  let write = length;
  for (let k = moved.length - 1; k >= 0; k--) {
    const m = moved[k];
    const lo = placeOf(out, 0, end, m, cmp);
    out.copyWithin(write - (end - lo), lo, end);
    write -= end - lo;
    out[--write] = m;
    end = lo;
  }
  return out;
}

/**
 * A frame's kept order: its permutation now (`perm`), patched on change. A list found in it
 * (rowlist.ts FrameRows) reads it through `permFor(epoch)`, so that no list keeps a permutation of
 * its own (on a 100,000-row table, 400 KB each, and a create patched every one):
 * - a change that only appends rows keeps the order of the rows before it (ties go by slot, the new
 *   slots are higher, the old rows' keys are unchanged), so a list found earlier reads the newest
 *   permutation, skipping the slots it does not have;
 * - a change that replaces rows starts a new epoch; the permutation that ends its epoch is kept
 *   for the lists found in it while any of them lives (a WeakMap keyed by the epoch's token).
 */
export class KeptOrder {
  /** The token of the current epoch (an object only identity matters of). */
  epoch: object = {};
  private readonly retired = new WeakMap<object, Int32Array>();

  constructor(public perm: Int32Array) {}

  /** The permutation after a change; `replacing`: the change replaced rows (a new epoch). */
  update(perm: Int32Array, replacing: boolean): void {
    if (replacing) {
      this.retired.set(this.epoch, this.perm);
      this.epoch = {};
    }
    this.perm = perm;
  }

  /** The permutation a list found in `epoch` reads (with slots appended since, which it skips). */
  permFor(epoch: object): Int32Array {
    return epoch === this.epoch ? this.perm : this.retired.get(epoch)!;
  }
}

/**
 * `make(perm)`, made once per permutation (view): sorted.ts hands out a new view on every change (an
 * append moves the slots in the same memory: a view kept across a change would read a stale order,
 * so no reader keeps one beyond its run).
 */
function perPermutation<T>(make: (perm: Int32Array) => T): (perm: Int32Array) => T {
  const made = new WeakMap<Int32Array, T>();
  return (perm) => {
    let value = made.get(perm);
    if (value === undefined) made.set(perm, (value = make(perm)));
    return value;
  };
}

/** The place of each slot in a permutation (its inverse). */
export const placesOf = perPermutation((perm) => {
  const places = new Int32Array(perm.length);
  for (let p = 0; p < perm.length; p++) places[perm[p]] = p;
  return places;
});

/**
 * Whether a permutation is the identity (perm[p] === p: a key index or ORDER BY of the field a table
 * is in order of, the documents' `id`), its reversal (perm[p] === length - 1 - p: ORDER BY id DESC),
 * or neither; one pass.
 */
export const shapeOf = perPermutation((perm): 'identity' | 'reversal' | 'other' => {
  let up = true;
  let down = true;
  for (let p = 0, last = perm.length - 1; p < perm.length && (up || down); p++) {
    up &&= perm[p] === p;
    down &&= perm[p] === last - p;
  }
  return up ? 'identity' : down ? 'reversal' : 'other';
});

/** The kept order of every slot of the frame by `cmp`, kept under `sig` and patched on change. */
export function keptOrderOf(frame: Frame, sig: string, makeCompare: () => SlotCompare): KeptOrder {
  const key = `sorted:${sig}`;
  const kept = frame.get<KeptOrder | undefined>(key);
  if (kept) return kept;
  const cmp = makeCompare();
  const n = frame.rows.length;
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  perm.sort(cmp);
  const order = new KeptOrder(perm);
  frame.keep(key, order, (change) => {
    const replacing = change.replaced.length > 0;
    order.update(replacing ? patchPermutation(order.perm, change, cmp) : withAppended(order.perm, change, cmp), replacing);
    return true;
  });
  return order;
}

/** The permutation of every slot of the frame by `cmp`, as it is now (kept and patched: keptOrderOf). */
export function sortedOf(frame: Frame, sig: string, makeCompare: () => SlotCompare): Int32Array {
  return keptOrderOf(frame, sig, makeCompare).perm;
}

/** Keys ascending, no key (undefined) last, ties by slot. */
export function keyCompare(col: readonly unknown[]): SlotCompare {
  return (a, b) => {
    const x = col[a] as Key;
    const y = col[b] as Key;
    if (x !== y) {
      const r = x === undefined ? 1 : y === undefined ? -1 : compareKeys(x, y);
      if (r !== 0) return r;
    }
    return a - b;
  };
}

/** First position p in [lo, hi) of `perm` where `after(col[perm[p]])` is true (it must be monotone), else hi. */
export function firstWhere(perm: Int32Array, col: readonly unknown[], lo: number, hi: number, after: (k: Key) => boolean): number {
  return firstIndexWhere(lo, hi, (p) => after(col[perm[p]] as Key));
}
