/**
 * Runs of a key index that are ranges of slots. A table whose rows are in ascending order of a
 * field (the documents' tables: by id) has that field's key index equal to the identity: a run of
 * it (`id > 77108`: 23,000 rows of a 100k table) is the slots [lo, hi), whose bits are set a word
 * at a time and which narrow other candidates by comparing slots, instead of a bit set per row at
 * scattered places (the query engine's costliest step on the 100k world's `query varied`).
 */
import { popcount } from './popcount';
import { shapeOf } from './sorted';

/** Whether a permutation is the identity (perm[p] === p): sorted.ts shapeOf, read once per permutation view. */
export const isIdentity = (perm: Int32Array): boolean => shapeOf(perm) === 'identity';

/** The slots [lo, hi) of a run of `perm` when they are a range (an identity permutation's run), else undefined. */
export function slotRange(run: { perm: Int32Array; lo: number; hi: number }): readonly [number, number] | undefined {
  return isIdentity(run.perm) ? [run.lo, run.hi] : undefined;
}

/** Sets bits [lo, hi) of a bitset, a word at a time; with `mask`, only where `mask` has them too. Answers how many it set (none were set before in that range). */
export function setRange(bits: Uint32Array, lo: number, hi: number, mask?: Uint32Array): number {
  if (hi <= lo) return 0;
  let count = 0;
  const first = lo >>> 5;
  const last = (hi - 1) >>> 5;
  for (let w = first; w <= last; w++) {
    let v = -1 >>> 0;
    if (w === first) v &= (-1 << (lo & 31)) >>> 0;
    if (w === last && (hi & 31) !== 0) v &= (1 << (hi & 31)) - 1;
    if (mask) v &= mask[w] ?? 0;
    v >>>= 0;
    bits[w] |= v;
    count += popcount(v);
  }
  return count;
}
