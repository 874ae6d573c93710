import type { Row } from './catalog';
import { popcount } from './popcount';
import { giveBackScratch, scratchWords } from './scratch';
import { type KeptOrder, placesOf, shapeOf } from './sorted';

/**
 * An ordered, immutable list of found rows: a plain array, or a compact view over a cached rows
 * array (a bitset of the matching rows and, for ORDER BY, the frame's kept order as of when it was
 * found) so that a kept result of 100,000 rows costs 12.5 KB instead of a 100,000-slot array.
 */
export interface RowList {
  readonly length: number;
  /**
   * Estimated bytes the list holds on to besides the rows (a compact view: the memory of its bitset,
   * a pool's size class for a list made by keptRows, and the ORDER BY permutation it reads, which it
   * may share: sorted.ts KeptOrder); absent for a plain array.
   */
  readonly bytes?: number;
  /** Rows [start, end), with the bounds read exactly like Array.prototype.slice's. */
  slice(start?: number, end?: number): Row[];
  /** Positions [start, end) as a list of the same kind (a compact view's window: no rows copied). */
  window?(start?: number, end?: number): RowList;
  /** A compact view's rows array: its rows are `base[slot]` (evaluate.ts projects a page from the frame's columns by slot). */
  readonly base?: readonly Row[];
  /** With `base`: the slots of positions [start, end), bounds read like `slice`'s. */
  slotsAt?(start?: number, end?: number): number[];
  /**
   * Gives back the pool memory the list reads (a list made by keptRows: kept-rows.ts), for its only
   * holder to call once it lets go of the list: nothing may read the list, nor any window of it,
   * afterwards. Memory of any other kind is left to the collector.
   */
  release?(): void;
}

/** A window's positions [s, e) of a list of `length`, its bounds read like Array.prototype.slice's (e ≥ s). */
export function windowBounds(start: number | undefined, end: number | undefined, length: number): [number, number] {
  const s = bound(start, length, 0);
  return [s, Math.max(s, bound(end, length, length))];
}

/** A slice bound as Array.prototype.slice reads it: integer part, negative from the end, clamped. */
function bound(x: number | undefined, length: number, fallback: number): number {
  if (x === undefined) return fallback;
  const v = Math.trunc(x) || 0;
  return v < 0 ? Math.max(length + v, 0) : Math.min(v, length);
}

/**
 * The ORDER BY order a list reads: a frame's kept order as of the epoch the list was found in
 * (which may hold slots appended since: skipped).
 */
export type ListOrder = { readonly kept: KeptOrder; readonly epoch: object };

/**
 * `base` in `order` (or slot order), only rows whose bit is set (all without bits), positions
 * [from, from + length); `slots`: how many slots of `base` the list was found among (rows appended
 * to `base` later are not in it). `bits` may hold only the words [wordFrom, wordFrom + bits.length)
 * of the bitset, the others 0: a list kept cut to its rows (kept-rows.ts).
 */
export class FrameRows implements RowList {
  constructor(
    readonly base: readonly Row[],
    readonly order: ListOrder | undefined,
    readonly bits: Uint32Array | undefined,
    readonly from: number,
    readonly length: number,
    readonly slots: number = base.length,
    readonly wordFrom: number = 0,
  ) {}

  get bytes(): number {
    return (this.bits?.buffer.byteLength ?? 0) + orderBytes(this.order);
  }

  /** Gives back the pool memory of its bitset (shared by its windows): nothing may read this list or its windows afterwards. */
  release(): void {
    giveBackScratch(this.bits);
  }

  /** Positions [start, end) of this list as a new list (SKIP, MAXROWS). */
  window(start?: number, end?: number): FrameRows {
    const [s, e] = windowBounds(start, end, this.length);
    return new FrameRows(this.base, this.order, this.bits, this.from + s, e - s, this.slots, this.wordFrom);
  }

  slice(start?: number, end?: number): Row[] {
    const base = this.base;
    return this.slotsAt(start, end).map((i) => base[i]);
  }

  slotsAt(start?: number, end?: number): number[] {
    const s = bound(start, this.length, 0);
    const e = bound(end, this.length, this.length);
    const out: number[] = [];
    if (e <= s) return out;
    const want = this.from + s;
    const stop = this.from + e;
    const { bits, slots, wordFrom } = this;
    const order = this.order?.kept.permFor(this.order.epoch);
    if (!bits && (!order || order.length === slots)) {
      for (let p = want; p < stop; p++) out.push(order ? order[p] : p);
      return out;
    }
    // The documents' tables are in id order: ORDER BY id reads the bits up or down, skipping empty
    // words (a list's bits are all below `slots`: matchRows sets no other), or, without bits, the
    // rows themselves (slots appended since come after the others, or before them reversed).
    if (!order) return bitsUp(bits!, wordFrom, slots, want, stop); // (bits: without either, answered above)
    const shape = shapeOf(order);
    if (shape !== 'other') {
      const up = shape === 'identity';
      if (bits) return up ? bitsUp(bits, wordFrom, slots, want, stop) : bitsDown(bits, wordFrom, slots, want, stop);
      for (let q = want; q < stop; q++) out.push(up ? q : slots - 1 - q);
      return out;
    }
    let k = 0; // matching rows passed so far
    // In order, skipping rows not found (no bit, or a slot appended since), for about what a read of
    // the found rows' places costs (WALK_BEFORE_PLACES): a page far into the order (a LIKE prefix's
    // rows sorted by their own field; a BETWEEN's few rows sorted by name) is then reached that way.
    const walk = bits ? Math.min(order.length, WALK_BEFORE_PLACES + (order.length >>> 6)) : order.length;
    let p = 0;
    for (; p < walk && k < stop; p++) {
      const i = order[p];
      if (i >= slots || (bits && !hasBit(bits, wordFrom, i))) continue;
      if (k >= want) out.push(i);
      k++;
    }
    if (k >= stop || p >= order.length) return out;
    const placed = placesOfBits(bits!, wordFrom, slots, order);
    try {
      for (const i of readBits(placed, order.length, p, k, want, stop, (q) => order[q])) out.push(i);
    } finally {
      giveBackScratch(placed);
    }
    return out;
  }
}

/**
 * (chosen, measured on the 100k world) Positions of an order walked (plus one in 64 of its length)
 * before the found rows' places are read instead: a walk costs ~3 ns a position, the places ~4 ns a
 * found row and ~4 ns a word of the order's bitset (100,000 slots: ~15 µs for a thousand rows).
 */
const WALK_BEFORE_PLACES = 1024;

/** Whether bit `i` is set in `bits`, the words from `wordFrom` of a bitset (the others 0). */
function hasBit(bits: Uint32Array, wordFrom: number, i: number): boolean {
  const w = (i >>> 5) - wordFrom;
  return w >= 0 && w < bits.length && (bits[w] & (1 << (i & 31))) !== 0;
}

/** The set bits below `slots`, ascending, positions [want, stop) of them. */
function bitsUp(bits: Uint32Array, wordFrom: number, slots: number, want: number, stop: number): number[] {
  return readBits(bits, slots, 0, 0, want, stop, (q) => q, wordFrom);
}

/**
 * The slots (`slotAt`) of the set bits of `bits` (the words from `wordFrom` of a bitset) in [from,
 * limit), ascending, that are positions [want, stop) of the list when `k` rows of it come before
 * `from`: words without one of them skipped by their count, each of the others read by its lowest
 * set bit.
 */
function readBits(bits: Uint32Array, limit: number, from: number, k: number, want: number, stop: number, slotAt: (q: number) => number, wordFrom = 0): number[] {
  const out: number[] = [];
  const end = wordFrom + bits.length;
  let w = Math.max(from >>> 5, wordFrom);
  const word = (x: number): number => (x === from >>> 5 ? bits[x - wordFrom] & ~((1 << (from & 31)) - 1) : bits[x - wordFrom]);
  for (; w < end; w++) {
    const c = popcount(word(w));
    if (k + c > want) break;
    k += c;
  }
  for (; w < end && k < stop; w++) {
    for (let v = word(w); v !== 0 && k < stop; v ^= v & -v) {
      const q = w * 32 + 31 - Math.clz32(v & -v);
      if (q >= limit) break;
      if (k >= want) out.push(slotAt(q));
      k++;
    }
  }
  return out;
}

/** The places in `order` of the set bits below `slots` (`bits`: the words from `wordFrom`), as a bitset over the places (scratch memory: scratch.ts). */
function placesOfBits(bits: Uint32Array, wordFrom: number, slots: number, order: Int32Array): Uint32Array {
  const place = placesOf(order);
  const placed = scratchWords((order.length + 31) >>> 5);
  for (let w = 0; w < bits.length; w++) {
    for (let v = bits[w]; v !== 0; v ^= v & -v) {
      const i = (wordFrom + w) * 32 + 31 - Math.clz32(v & -v);
      if (i >= slots) break;
      const r = place[i];
      placed[r >>> 5] |= 1 << (r & 31);
    }
  }
  return placed;
}

/** The set bits below `slots` (`bits`: the words from `wordFrom`), descending, positions [want, stop) of them. */
function bitsDown(bits: Uint32Array, wordFrom: number, slots: number, want: number, stop: number): number[] {
  const out: number[] = [];
  let k = 0;
  let w = Math.min(wordFrom + bits.length, (slots + 31) >>> 5) - 1;
  for (; w >= wordFrom; w--) {
    const c = popcount(bits[w - wordFrom]);
    if (k + c > want) break;
    k += c;
  }
  // Word by word, each set bit by its highest one.
  for (; w >= wordFrom && k < stop; w--) {
    for (let v = bits[w - wordFrom]; v !== 0 && k < stop; v ^= 1 << (31 - Math.clz32(v))) {
      const i = w * 32 + 31 - Math.clz32(v);
      if (i >= slots) continue;
      if (k >= want) out.push(i);
      k++;
    }
  }
  return out;
}

/** Counted whole: the permutation a list reads (shared with the lists found in its epoch, and kept for them once the epoch ends). */
export const orderBytes = (o: ListOrder | undefined): number => (o === undefined ? 0 : o.kept.permFor(o.epoch).byteLength);

/** Positions [start, end) of a list, bounds read like Array.prototype.slice's (arrays are sliced). */
export function windowOf(list: RowList, start: number, end: number): RowList {
  return list.window ? list.window(start, end) : list.slice(start, end);
}
