/**
 * The AND of exact candidates (candidates.ts): the slots in every part. A part that is a range of
 * slots (a key index that is the identity: slot-range.ts) narrows the others by comparing slots; a
 * run of one key (`=`, an IN's value) holds its slots ascending, so a range cuts it by two binary
 * searches instead of a pass over its slots (`type__v IN (…) AND id < x` on a 100,000-row table:
 * two runs of ~20,000 slots each).
 */
import { type Candidates, giveBackCandidates, NONE, type Run } from './candidates';
import { firstIndexWhere } from '../first-index-where';
import { giveBackScratch, scratchSlots, scratchWords } from './scratch';
import { slotRange } from './slot-range';

/** The slots in every one of `parts` (each exact), of a table of `n` slots. */
export function intersect(parts: Candidates[], n: number): Candidates {
  let lo = 0;
  let hi = n;
  let rangePerm: Int32Array | undefined;
  const rest: Candidates[] = [];
  for (const part of parts) {
    const range = part.runs.length === 1 ? slotRange(part.runs[0]) : undefined;
    if (!range) {
      rest.push(part);
      continue;
    }
    [lo, hi] = [Math.max(lo, range[0]), Math.min(hi, range[1])];
    rangePerm = part.runs[0].perm;
  }
  if (!rangePerm) return intersectSets(parts, n);
  if (hi <= lo) return NONE;
  if (rest.length === 0) return { size: hi - lo, runs: [{ perm: rangePerm, lo, hi }], exact: true };
  // Disjoint runs of one permutation (an IN's) hold each slot once; else (an OR's runs may overlap) each slot once through the bitsets.
  const disjoint = rest.length === 1 ? disjointRuns(rest[0]) : undefined;
  if (disjoint?.runs.every((r) => r.ascending)) return cutRuns(disjoint.runs, lo, hi);
  const others = disjoint ?? intersectSets(rest, n);
  const slots = scratchSlots(Math.min(others.size, hi - lo));
  let size = 0;
  for (const run of others.runs) {
    for (let p = run.lo; p < run.hi; p++) {
      const i = run.perm[p];
      if (i >= lo && i < hi) slots[size++] = i;
    }
  }
  if (others !== rest[0]) giveBackCandidates(others);
  return { size, runs: [{ perm: slots.subarray(0, size), lo: 0, hi: size }], exact: true };
}

/** The parts of ascending, disjoint runs whose slots are in [lo, hi): each found by two binary searches, no slot copied. */
function cutRuns(runs: readonly Run[], lo: number, hi: number): Candidates {
  const out: Run[] = [];
  let size = 0;
  for (const { perm, lo: from, hi: to } of runs) {
    const a = firstIndexWhere(from, to, (p) => perm[p] >= lo);
    const b = firstIndexWhere(a, to, (p) => perm[p] >= hi);
    if (b > a) {
      out.push({ perm, lo: a, hi: b, ascending: true });
      size += b - a;
    }
  }
  return size === 0 ? NONE : { size, runs: out, exact: true, distinct: true };
}

/** The part with its runs in order, when they are of one permutation and do not overlap (a run given twice counted once: `IN ('a', 'a')`); else undefined. */
function disjointRuns(part: Candidates): Candidates | undefined {
  if (part.runs.length === 1) return part;
  const perm = part.runs[0].perm;
  if (part.runs.some((r) => r.perm !== perm)) return undefined;
  const runs = [...part.runs].sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  const out = [runs[0]];
  for (let k = 1; k < runs.length; k++) {
    const [prev, run] = [out[out.length - 1], runs[k]];
    if (run.lo === prev.lo && run.hi === prev.hi) continue;
    if (run.lo < prev.hi) return undefined;
    out.push(run);
  }
  return { size: out.reduce((n, r) => n + r.hi - r.lo, 0), runs: out, exact: part.exact };
}

/**
 * The slots in every one of `parts` (each exact), as one run: the smallest part's slots as a bitset,
 * narrowed by each next part, the largest read last (its slots kept once each: an OR's runs may
 * overlap). A bitset of n bits and one pass per part (not a byte per slot and a pass more).
 */
function intersectSets(parts: Candidates[], n: number): Candidates {
  const sorted = [...parts].sort((a, b) => a.size - b.size);
  const words = (n + 31) >>> 5;
  let bits = scratchWords(words);
  for (const { perm, lo, hi } of sorted[0].runs) for (let p = lo; p < hi; p++) bits[perm[p] >>> 5] |= 1 << (perm[p] & 31);
  for (let k = 1; k < sorted.length - 1; k++) {
    const next = scratchWords(words);
    for (const { perm, lo, hi } of sorted[k].runs) {
      for (let p = lo; p < hi; p++) {
        const i = perm[p];
        const bit = 1 << (i & 31);
        if ((bits[i >>> 5] & bit) !== 0) next[i >>> 5] |= bit;
      }
    }
    giveBackScratch(bits);
    bits = next;
  }
  const slots = scratchSlots(sorted[0].size);
  let size = 0;
  for (const { perm, lo, hi } of sorted[sorted.length - 1].runs) {
    for (let p = lo; p < hi; p++) {
      const i = perm[p];
      const bit = 1 << (i & 31);
      if ((bits[i >>> 5] & bit) === 0) continue;
      bits[i >>> 5] ^= bit;
      slots[size++] = i;
    }
  }
  giveBackScratch(bits);
  return { size, runs: [{ perm: slots.subarray(0, size), lo: 0, hi: size }], exact: true };
}
