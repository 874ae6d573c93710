/**
 * Runs of a key index that are ranges of slots. A table whose rows are in ascending order of a
 * field (the documents' tables: by id) has that field's key index equal to the identity: a run of
 * it (`id > 77108`: 23,000 rows of a 100k table) is the slots [lo, hi), whose bits are set a word
 * at a time and which narrow other candidates by comparing slots, instead of a bit set per row at
 * scattered places (the query engine's costliest step on the 100k world's `query varied`).
 */
import { popcount } from './popcount';

/**
 * Whether a permutation is the identity (perm[p] === p), read once per permutation (view): sorted.ts
 * hands out a new view on every change (an append moves the slots in the same memory: a view kept
 * across a change would read a stale order, so no reader keeps one beyond its run).
 */
export function isIdentity(perm: Int32Array): boolean {
  let known = identities.get(perm);
  if (known === undefined) {
    known = true;
    for (let p = 0; p < perm.length; p++) {
      if (perm[p] !== p) {
        known = false;
        break;
      }
    }
    identities.set(perm, known);
  }
  return known;
}

const identities = new WeakMap<Int32Array, boolean>();

/** Whether a permutation reverses its slots (perm[p] === length - 1 - p: ORDER BY id DESC of a table in id order), read once per view. */
export function isReversal(perm: Int32Array): boolean {
  let known = reversals.get(perm);
  if (known === undefined) {
    known = true;
    for (let p = 0, last = perm.length - 1; p < perm.length; p++) {
      if (perm[p] !== last - p) {
        known = false;
        break;
      }
    }
    reversals.set(perm, known);
  }
  return known;
}

const reversals = new WeakMap<Int32Array, boolean>();

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
