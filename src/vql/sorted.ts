/**
 * Kept sorted permutations of a frame's slots (ORDER BY orders, key indexes), patched on change:
 * the changed and appended slots are taken out and put back in at their new places (binary
 * search), never the whole table sorted again. A patch makes a new array: a kept result may still
 * read the old one.
 */
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
  const moved: number[] = Array.from(replaced);
  for (let i = oldLength; i < length; i++) moved.push(i);
  moved.sort(cmp);
  const out = new Int32Array(length);
  let from = 0;
  let o = 0;
  for (const m of moved) {
    // first position in kept[from..] whose slot comes after m
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(kept[mid], m) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(kept.subarray(from, lo), o);
    o += lo - from;
    from = lo;
    out[o++] = m;
  }
  out.set(kept.subarray(from), o);
  return out;
}

/** The permutation of every slot of the frame by `cmp`, kept under `sig` and patched on change. */
export function sortedOf(frame: Frame, sig: string, makeCompare: () => SlotCompare): Int32Array {
  const key = `sorted:${sig}`;
  const kept = frame.get<{ perm: Int32Array } | undefined>(key);
  if (kept) return kept.perm;
  const cmp = makeCompare();
  const n = frame.rows.length;
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  perm.sort(cmp);
  const holder: { perm: Int32Array } = { perm };
  frame.keep(key, holder, (change) => {
    holder.perm = patchPermutation(holder.perm, change, cmp);
    return true;
  });
  return perm;
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
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after(col[perm[mid]] as Key)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
