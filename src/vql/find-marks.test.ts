import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markedSlots } from './find';
import { freeScratch, giveBackScratch } from './scratch';

describe('markedSlots', () => {
  it('gives the slots marked 1, ascending, for any length and any offset of the marks in their buffer', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(0, 0, 0, 1), { maxLength: 200 }), fc.integer({ min: 0, max: 7 }), (bits, offset) => {
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
