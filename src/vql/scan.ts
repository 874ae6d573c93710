/**
 * The scan of a kept frame: the matching rows a caller may see, as a bitset over the frame's slots.
 * It reads the bound columns in slot order, skipping words of invisible slots, or, when an index
 * probe narrows the WHERE tree enough, only the probe's candidates.
 */
import type { Predicate } from './compile';
import { bind, type Frame, type Slot } from './frame';
import { type Candidates, giveBackCandidates } from './candidates';
import type { Probe } from './probe';
import { popcount } from './popcount';
import { scratchWords } from './scratch';
import { setRange, slotRange } from './slot-range';

/** (chosen) An index's candidates are read instead of scanning when they are at most this share of the rows. */
export const PROBE_MAX_SHARE = 0.3;

/** True when slot i is visible (`visible` undefined: every slot). */
export function isVisible(visible: Uint32Array | undefined, i: number): boolean {
  return visible === undefined || ((visible[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;
}

/** Word w of the visible set, restricted to slots below n. */
function visibleWord(visible: Uint32Array, w: number, n: number): number {
  const v = visible[w] ?? 0;
  const left = n - w * 32;
  return left >= 32 ? v : v & ((1 << left) - 1);
}

/**
 * The slots of the frame whose row passes `test` (all when undefined) and `visible` holds, as a
 * bitset, and how many. `probe` (of a condition `test` includes) may narrow the rows tested; when
 * `test` is that condition alone (`probeIsTest`) and the probe is exact, its candidates are the
 * matching rows: nothing is tested, and no column is bound. The bitset is scratch memory
 * (scratch.ts), the caller's to give back: a found list keeps its rows in less (kept-rows.ts).
 */
export function matchRows(frame: Frame, slots: readonly Slot[], test: Predicate | undefined, visible: Uint32Array | undefined, probe?: Probe, probeIsTest = false): { bits: Uint32Array; count: number } {
  const rows = frame.rows;
  const n = frame.length;
  const words = (n + 31) >>> 5;
  const bits = scratchWords(words);
  let count = 0;
  if (!test) {
    for (let w = 0; w < words; w++) {
      const v = visible ? visibleWord(visible, w, n) : w === words - 1 && n % 32 ? (1 << n % 32) - 1 : -1 >>> 0;
      bits[w] = v;
      count += popcount(v);
    }
    return { bits, count };
  }
  const exact = probeIsTest ? probe?.(frame) : undefined;
  if (exact?.exact) {
    try {
      return { bits, count: markExact(bits, exact, visible) };
    } finally {
      giveBackCandidates(exact);
    }
  }
  let candidates: Candidates | undefined;
  const unbind = bind(frame, slots);
  try {
    candidates = exact ?? probe?.(frame);
    if (candidates && candidates.size <= n * PROBE_MAX_SHARE) {
      for (const { perm, lo, hi } of candidates.runs) {
        for (let p = lo; p < hi; p++) {
          const i = perm[p];
          const bit = 1 << (i & 31);
          if ((bits[i >>> 5] & bit) !== 0 || !isVisible(visible, i)) continue;
          if (test(rows[i], i)) {
            bits[i >>> 5] |= bit;
            count++;
          }
        }
      }
      return { bits, count };
    }
    if (visible) {
      for (let w = 0; w < words; w++) {
        let v = visibleWord(visible, w, n);
        while (v !== 0) {
          const low = v & -v;
          const i = w * 32 + 31 - Math.clz32(low);
          v ^= low;
          if (test(rows[i], i)) {
            bits[w] |= low;
            count++;
          }
        }
      }
      return { bits, count };
    }
    for (let i = 0; i < n; i++) {
      if (test(rows[i], i)) {
        bits[i >>> 5] |= 1 << (i & 31);
        count++;
      }
    }
    return { bits, count };
  } finally {
    unbind();
    giveBackCandidates(candidates);
  }
}

/** matchRows for exact candidates: their visible slots set in `bits` (empty), and how many. */
function markExact(bits: Uint32Array, exact: Candidates, visible: Uint32Array | undefined): number {
  // A range of slots (slot-range.ts): set a word at a time, with the visible slots' words.
  const range = exact.runs.length === 1 ? slotRange(exact.runs[0]) : undefined;
  if (range) return setRange(bits, range[0], range[1], visible);
  // One run of a permutation holds each slot once (and distinct runs share none): every slot counts when all are visible.
  if ((exact.runs.length === 1 || exact.distinct) && visible === undefined) {
    let count = 0;
    for (const { perm, lo, hi } of exact.runs) {
      for (let p = lo; p < hi; p++) bits[perm[p] >>> 5] |= 1 << (perm[p] & 31);
      count += hi - lo;
    }
    return count;
  }
  let count = 0;
  for (const { perm, lo, hi } of exact.runs) {
    for (let p = lo; p < hi; p++) {
      const i = perm[p];
      const bit = 1 << (i & 31);
      if ((bits[i >>> 5] & bit) !== 0 || !isVisible(visible, i)) continue;
      bits[i >>> 5] |= bit;
      count++;
    }
  }
  return count;
}
