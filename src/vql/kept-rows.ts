/**
 * A found list in the memory its rows need: its bitset cut to the words between the first and the
 * last found row (a FrameRows reading those words: rowlist.ts), or, when fewer rows than those
 * words were found, their slots (`SlotRows`, whose pages are read from a bitset made again in
 * scratch memory: a few µs on a 100,000-document world).
 *
 * Why (issue 19): a list found on a table of 100,000 rows holds a 12.5 KB bitset however few rows
 * it found, and a query with a next page keeps its list for minutes. Under `query varied` half the
 * queries stored one: ~15 MB a second, promoted and then dropped, for V8 to reclaim in a full
 * collection. It started one every ~2.4 s for that memory; each is a pause and a slower stretch for
 * every request in flight, and they made the scenario's p99.
 *
 * The cut bitset or the slots are pool memory (scratch.ts), given back by `release` when the list's
 * holder lets go of it (a stored result pushed out or expired: query/results.ts), so that the next
 * stored list reuses it. A stored result lives a fraction of a second under load (500 of them, each
 * query with a next page storing one): long enough to be promoted, and each new ArrayBuffer counts
 * against V8's old-generation limit until the next full collection. Measured on the 100,000-document
 * world under `query varied`, before: ~20 MB a second of such memory, which started most of the
 * full collections.
 */
import type { Row } from './catalog';
import { FrameRows, type ListOrder, orderBytes, type RowList, windowBounds } from './rowlist';
import { giveBackScratch, scratchCopy, scratchSlots, scratchWords } from './scratch';

/**
 * The rows of `base` whose bits are set in `bits` (scratch memory, given back here: scratch.ts),
 * `count` of them, among its first `slots`, read in `order` (or slot order); without bits, all of
 * them (a FrameRows, which holds no bitset then).
 */
export function keptRows(base: readonly Row[], order: ListOrder | undefined, bits: Uint32Array | undefined, count: number, slots: number): RowList {
  if (!bits) return new FrameRows(base, order, undefined, 0, count, slots);
  try {
    let first = 0;
    let end = bits.length;
    while (first < end && bits[first] === 0) first++;
    while (end > first && bits[end - 1] === 0) end--;
    if (count < end - first) return new SlotRows({ base, order, from: 0, length: count, slots }, setSlots(bits, first, end, count));
    return new FrameRows(base, order, scratchCopy(bits.subarray(first, end)), 0, count, slots, first);
  } finally {
    giveBackScratch(bits);
  }
}

/** A found list kept as its rows' slots, ascending: fewer rows than the words of its bitset would span. */
export class SlotRows implements RowList {
  constructor(
    private readonly list: Pick<FrameRows, 'base' | 'order' | 'from' | 'length' | 'slots'>,
    private readonly found: Int32Array,
  ) {}

  get length(): number {
    return this.list.length;
  }

  get bytes(): number {
    return this.found.buffer.byteLength + orderBytes(this.list.order);
  }

  /** Gives back the pool memory of its slots (shared by its windows): nothing may read this list or its windows afterwards. */
  release(): void {
    giveBackScratch(this.found);
  }

  /** Positions [start, end) of this list as a new list (SKIP, MAXROWS), sharing its slots. */
  window(start?: number, end?: number): SlotRows {
    const [s, e] = windowBounds(start, end, this.list.length);
    return new SlotRows({ ...this.list, from: this.list.from + s, length: e - s }, this.found);
  }

  get base(): readonly Row[] {
    return this.list.base;
  }

  slice(start?: number, end?: number): Row[] {
    const base = this.list.base;
    return this.slotsAt(start, end).map((i) => base[i]);
  }

  slotsAt(start?: number, end?: number): number[] {
    const { base, order, from, length, slots } = this.list;
    const bits = scratchWords((slots + 31) >>> 5);
    try {
      for (const i of this.found) bits[i >>> 5] |= 1 << (i & 31);
      return new FrameRows(base, order, bits, from, length, slots).slotsAt(start, end);
    } finally {
      giveBackScratch(bits);
    }
  }
}

/** The `count` set bits of words [first, end), as slots ascending. */
function setSlots(bits: Uint32Array, first: number, end: number, count: number): Int32Array {
  const out = scratchSlots(count);
  let k = 0;
  for (let w = first; w < end; w++) for (let v = bits[w]; v !== 0; v ^= v & -v) out[k++] = w * 32 + 31 - Math.clz32(v & -v);
  return out;
}
