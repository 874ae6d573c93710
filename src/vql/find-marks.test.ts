import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markedSlots } from './find';
import { freeScratch, giveBackScratch } from './scratch';

describe('markedSlots', () => {
  it('gives the slots marked 1, ascending, for any length and any offset of the marks in their buffer', () => {
    // Dense marks, and sparse ones (most runs of sixteen all 0, as a FIND's on a large world).
    const sparse = fc.array(fc.integer({ min: 0, max: 39 }).map((x) => (x === 0 ? 1 : 0)), { maxLength: 300, size: 'max' });
    fc.assert(fc.property(fc.oneof(fc.array(fc.constantFrom(0, 0, 0, 1), { maxLength: 200, size: 'max' }), sparse), fc.integer({ min: 0, max: 7 }), (bits, offset) => {
      const buffer = new Uint8Array(offset + bits.length);
      buffer.set(bits, offset);
      const marks = buffer.subarray(offset);
      expect([...markedSlots(marks)]).toEqual(bits.flatMap((b, i) => (b === 1 ? [i] : [])));
    }), { numRuns: 500 });
  });

  it('lists them in scratch memory (an array of their exact count), which its user gives back', () => {
    const marks = new Uint8Array(1000);
    for (const i of [0, 3, 4, 517, 998, 999]) marks[i] = 1;
    const slots = markedSlots(marks);
    expect([...slots]).toEqual([0, 3, 4, 517, 998, 999]);
    const free = freeScratch();
    giveBackScratch(slots);
    expect(freeScratch()).toBe(free + 1);
  });
});
