import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptRows, SlotRows } from './kept-rows';
import { FrameRows, type RowList, windowOf } from './rowlist';
import { freeScratch, giveBackScratch, scratchBuffersMade, scratchWords } from './scratch';
import { KeptOrder } from './sorted';

/** Found slots of n: a run (a range of ids), a few scattered (a LIKE prefix), or many (an equality). */
const foundOf = (n: number): fc.Arbitrary<boolean[]> => fc.oneof(
  fc.tuple(fc.nat({ max: n }), fc.nat({ max: n })).map(([a, b]) => Array.from({ length: n }, (_, i) => i >= Math.min(a, b) && i < Math.max(a, b))),
  fc.array(fc.nat({ max: Math.max(0, n - 1) }), { maxLength: 12 }).map((at) => Array.from({ length: n }, (_, i) => n > 0 && at.includes(i))),
  fc.array(fc.boolean(), { minLength: n, maxLength: n }),
);

const orderOf = (n: number): fc.Arbitrary<readonly number[] | null> => fc.option(fc.oneof(
  fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
  fc.constant([...Array(n).keys()]),
  fc.constant([...Array(n).keys()].reverse()),
));

/** The memory a kept list's `bytes` of bitset or slots take: the pool's size class (64 bytes, then powers of two). */
const pooled = (bytes: number): number => Math.max(64, 2 ** Math.ceil(Math.log2(Math.max(1, bytes))));

function bitsOf(found: boolean[]): Uint32Array {
  const bits = new Uint32Array((found.length + 31) >>> 5);
  found.forEach((f, i) => { if (f) bits[i >>> 5] |= 1 << (i & 31); });
  return bits;
}

/** `found` as a bitset in scratch memory (what matchRows gives keptRows), and how many are set. */
function scratchBitsOf(found: boolean[]): { bits: Uint32Array; count: number } {
  const bits = scratchWords((found.length + 31) >>> 5);
  bits.set(bitsOf(found));
  return { bits, count: found.filter(Boolean).length };
}

describe('keptRows: a found list in the memory its rows need', () => {
  it('slices and windows like the FrameRows of its bitset, in the bytes of the bitset cut to its rows or of their slots, whichever is less', () => {
    const spec = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom(1000, 3000)).chain((n) => fc.record({
      n: fc.constant(n),
      found: foundOf(n),
      order: orderOf(n),
      windows: fc.array(fc.tuple(fc.integer({ min: -50, max: 3000 }), fc.integer({ min: -50, max: 3000 })), { maxLength: 2 }),
      slices: fc.array(fc.tuple(fc.integer({ min: -50, max: 3000 }), fc.integer({ min: -50, max: 3000 })), { minLength: 1, maxLength: 4 }),
    }));
    fc.assert(fc.property(spec, ({ n, found, order, windows, slices }) => {
      const base = Array.from({ length: n }, (_, i) => ({ i }));
      const kept = order ? new KeptOrder(Int32Array.from(order)) : undefined;
      const listOrder = kept && { kept, epoch: kept.epoch };
      const { bits, count } = scratchBitsOf(found);
      const freeBefore = freeScratch();
      const madeBefore = scratchBuffersMade();
      let list: RowList = keptRows(base, listOrder, bits, count, n);
      // The scratch bitset is given back; the list's own bitset or slots are pool memory too (taken
      // before it, so a free buffer of the pool, or new memory).
      expect(freeScratch(), 'the scratch bitset is given back').toBeGreaterThanOrEqual(freeBefore);
      expect(freeScratch()).toBeLessThanOrEqual(freeBefore + 1);
      // Exactly: one buffer back, one taken for the list (a free one, or one made).
      expect(freeScratch(), 'one buffer back, one taken from the free ones unless made').toBe(freeBefore + (scratchBuffersMade() - madeBefore));
      let reference: RowList = new FrameRows(base, listOrder, bitsOf(found), 0, count, n);
      const words = bits.length === 0 ? 0 : Math.max(0, bitsOf(found).findLastIndex((w) => w !== 0) + 1 - Math.max(0, bitsOf(found).findIndex((w) => w !== 0)));
      // Its slots when fewer than the words they span; else the bitset cut to those words.
      const kind = count < words ? SlotRows : FrameRows;
      expect(list).toBeInstanceOf(kind);
      expect(list.bytes).toBe(pooled(4 * Math.min(count, words)) + (order ? 4 * n : 0));
      for (const [a, b] of windows) {
        list = windowOf(list, a, b);
        reference = windowOf(reference, a, b);
        expect(list).toBeInstanceOf(kind);
      }
      // Two free buffers of the full bitset's size class wait (a slice may also read its rows' places
      // in one of that class: rowlist.ts): a slice that gives its bitset back leaves both there.
      const two = [scratchWords((n + 31) >>> 5), scratchWords((n + 31) >>> 5)];
      two.forEach(giveBackScratch);
      const free = freeScratch();
      expect(list.length).toBe(reference.length);
      expect(list.slice()).toEqual(reference.slice());
      for (const [a, b] of slices) expect(list.slice(a, b)).toEqual(reference.slice(a, b));
      expect(freeScratch(), 'a slice gives back the scratch memory it takes (a full bitset, the places of its rows)').toBe(free);
      list.release!();
      expect(freeScratch(), 'release gives the list\'s own memory back, once').toBe(free + 1);
      list.release!();
      expect(freeScratch()).toBe(free + 1);
    }), { numRuns: 300 });
  });

  it('keeps a 100,000-slot list of a range or a few rows in a fraction of its 12.5 KB bitset (in the pool\'s size class)', () => {
    const n = 100_000;
    const base = Array.from({ length: n }, (_, i) => ({ i }));
    const range = scratchBitsOf(Array.from({ length: n }, (_, i) => i >= 40_000 && i < 41_000));
    const few = scratchBitsOf(Array.from({ length: n }, (_, i) => i % 9_973 === 0));
    const rangeList = keptRows(base, undefined, range.bits, range.count, n);
    const fewList = keptRows(base, undefined, few.bits, few.count, n);
    expect([range.count, few.count]).toEqual([1000, 11]);
    expect(rangeList.bytes).toBe(pooled(4 * (Math.ceil(41_000 / 32) - Math.floor(40_000 / 32))));
    expect(rangeList.bytes).toBe(128);
    expect(fewList.bytes).toBe(64);
    expect(rangeList.slice(990, 1000)).toEqual(base.slice(40_990, 41_000));
    expect(fewList.slice(9, 11)).toEqual([base[89_757], base[99_730]]);
  });

  it('gives its memory back on release, for the next kept list to reuse', () => {
    const n = 100_000;
    const base = Array.from({ length: n }, (_, i) => ({ i }));
    const half = (from: number) => scratchBitsOf(Array.from({ length: n }, (_, i) => i >= from && i < from + 50_000));
    const memoryOf = (list: RowList) => (list as FrameRows).bits!.buffer;
    const a = half(0);
    const first = keptRows(base, undefined, a.bits, a.count, n);
    expect(first).toBeInstanceOf(FrameRows);
    const held = memoryOf(first);
    expect(held).not.toBe(a.bits.buffer);
    const b = half(10_000);
    const other = keptRows(base, undefined, b.bits, b.count, n);
    expect(memoryOf(other), 'memory still held is not handed out again').not.toBe(held);
    first.release!();
    const c = half(20_000);
    const next = keptRows(base, undefined, c.bits, c.count, n);
    expect(memoryOf(next), 'the memory given back is reused').toBe(held);
    expect(next.slice(0, 2)).toEqual([base[20_000], base[20_001]]);
    expect(other.slice(0, 2), 'a list still held reads its own rows').toEqual([base[10_000], base[10_001]]);
    // Slots (fewer rows than words): the same.
    const few = scratchBitsOf(Array.from({ length: n }, (_, i) => i % 9_973 === 0));
    const slotList = keptRows(base, undefined, few.bits, few.count, n);
    expect(slotList).toBeInstanceOf(SlotRows);
    const before = freeScratch();
    slotList.release!();
    expect(freeScratch()).toBe(before + 1);
    other.release!();
    next.release!();
  });

  it('without a bitset, is a FrameRows of every slot', () => {
    const base = [{ i: 0 }, { i: 1 }, { i: 2 }];
    const all = keptRows(base, undefined, undefined, 2, 2);
    expect(all).toBeInstanceOf(FrameRows);
    expect(all.slice()).toEqual([base[0], base[1]]);
  });
});
