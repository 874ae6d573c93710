/**
 * Kept permutations patched on change (sorted.ts): a patch gives the order a full sort would, and a
 * change that only appends moves the slots in place when the memory has room.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from './frame';
import { keyCompare, patchPermutation, placesOf, shapeOf, withAppended } from './sorted';

/** The slots [0, n) sorted by `cmp`. */
const sortedSlots = (n: number, cmp: (a: number, b: number) => number): number[] => Array.from({ length: n }, (_, i) => i).sort(cmp);

function appended(oldLength: number, length: number): Change {
  const touched = new Uint8Array(length);
  touched.fill(1, oldLength);
  return { replaced: new Int32Array(0), oldLength, length, touched };
}

describe('withAppended', () => {
  it('gives the order of a full sort, for any keys and any number appended (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant(undefined)), { maxLength: 60, size: 'max' }), fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 5 }), (keys, cuts) => {
        const cmp = keyCompare(keys);
        const steps = [...new Set(cuts.map((c) => Math.min(c, keys.length)))].sort((a, b) => a - b);
        let length = steps[0] ?? keys.length;
        let perm: Int32Array = Int32Array.from(sortedSlots(length, cmp));
        for (const next of [...steps.slice(1), keys.length]) {
          perm = withAppended(perm, appended(length, next), cmp);
          length = next;
          expect(Array.from(perm)).toEqual(sortedSlots(length, cmp));
        }
      }),
    );
  });

  it('moves the slots in the same memory while it has room, then takes new memory with room', () => {
    const keys = [5, 1, 9, 3, 7, 2, 8, 4, 6, 0];
    const cmp = keyCompare(keys);
    const first = withAppended(Int32Array.from(sortedSlots(4, cmp)), appended(4, 5), cmp);
    expect(Array.from(first)).toEqual([1, 3, 0, 4, 2]);
    const room = first.buffer.byteLength / 4;
    expect(room).toBeGreaterThan(5);
    let perm: Int32Array = first;
    for (let n = 6; n <= room; n++) {
      perm = withAppended(perm, appended(n - 1, n), cmp);
      expect(perm.buffer).toBe(first.buffer);
    }
    const grown = withAppended(perm, appended(room, Math.min(room + 1, keys.length)), cmp);
    expect(room).toBeLessThan(keys.length);
    expect(grown.buffer).not.toBe(first.buffer);
    expect(Array.from(grown)).toEqual(sortedSlots(grown.length, cmp));
  });
});

describe('patchPermutation', () => {
  it('puts replaced and appended slots at their new places (the others keep theirs)', () => {
    const keys: number[] = [4, 2, 6, 0];
    const cmp = keyCompare(keys);
    const perm = Int32Array.from(sortedSlots(4, cmp));
    keys[1] = 9;
    keys.push(1);
    const touched = new Uint8Array(5);
    touched[1] = 1;
    touched[4] = 1;
    const out = patchPermutation(perm, { replaced: Int32Array.of(1), oldLength: 4, length: 5, touched }, cmp);
    expect(Array.from(out)).toEqual([3, 4, 0, 2, 1]);
    expect(out.buffer).not.toBe(perm.buffer);
  });
});

describe('permutations read once per view', () => {
  it('shapeOf: the identity, its reversal, or neither (length 0 and 1 are the identity)', () => {
    const of = (...p: number[]) => shapeOf(Int32Array.from(p));
    expect([of(), of(0), of(0, 1, 2), of(2, 1, 0), of(1, 0), of(0, 2, 1), of(1, 2, 0)]).toEqual(['identity', 'identity', 'identity', 'reversal', 'reversal', 'other', 'other']);
  });

  it('placesOf: the place of each slot, the same array for the same view and a new one for another view', () => {
    const perm = Int32Array.from([2, 0, 3, 1]);
    expect([...placesOf(perm)]).toEqual([1, 3, 0, 2]);
    expect(placesOf(perm)).toBe(placesOf(perm));
    expect(placesOf(perm.subarray(0))).not.toBe(placesOf(perm));
  });
});
