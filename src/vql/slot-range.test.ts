import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIdentity, setRange, slotRange } from './slot-range';

const bitsOf = (bits: Uint32Array, n: number) => Array.from({ length: n }, (_, i) => (bits[i >>> 5] & (1 << (i & 31))) !== 0);

describe('slot ranges', () => {
  it('tell an identity permutation from others, and give its runs as ranges of slots', () => {
    const identity = Int32Array.from({ length: 100 }, (_, i) => i);
    const swapped = identity.slice();
    [swapped[40], swapped[41]] = [41, 40];
    expect(isIdentity(identity)).toBe(true);
    expect(isIdentity(swapped)).toBe(false);
    expect(isIdentity(new Int32Array(0))).toBe(true);
    expect(slotRange({ perm: identity, lo: 10, hi: 70 })).toEqual([10, 70]);
    expect(slotRange({ perm: swapped, lo: 10, hi: 70 })).toBeUndefined();
  });

  it('set the bits of a range a word at a time, and count them (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.option(fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }), { nil: undefined }), (a, b, maskPattern) => {
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        const mask = maskPattern && new Uint32Array(7);
        maskPattern?.forEach((on, i) => on && (mask![i >>> 5] |= 1 << (i & 31)));
        const bits = new Uint32Array(7);
        const count = setRange(bits, lo, hi, mask);
        const expected = Array.from({ length: 224 }, (_, i) => i >= lo && i < hi && (!maskPattern || maskPattern[i]));
        expect(bitsOf(bits, 224)).toEqual(expected);
        expect(count).toBe(expected.filter(Boolean).length);
      }),
      { numRuns: 500 },
    );
  });

  it('read a shorter mask as holding no slot beyond it', () => {
    const bits = new Uint32Array(4);
    expect(setRange(bits, 0, 128, new Uint32Array([0xffffffff]))).toBe(32);
    expect(Array.from(bits)).toEqual([0xffffffff, 0, 0, 0]);
  });
});
