import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstIndexWhere } from './first-index-where';

describe('firstIndexWhere', () => {
  it('finds the first index of a sorted array at or over a value, as a scan does (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -20, max: 20 })), fc.integer({ min: -25, max: 25 }), (values, v) => {
      const sorted = values.sort((a, b) => a - b);
      const scan = sorted.findIndex((x) => x >= v);
      expect(firstIndexWhere(0, sorted.length, (i) => sorted[i] >= v)).toBe(scan < 0 ? sorted.length : scan);
    }));
  });

  it('searches only [lo, hi): hi when the predicate holds nowhere there', () => {
    const a = [1, 2, 3, 4, 5, 6];
    expect(firstIndexWhere(2, 5, (i) => a[i] >= 5)).toBe(4);
    expect(firstIndexWhere(2, 4, (i) => a[i] >= 5)).toBe(4);
    expect(firstIndexWhere(3, 3, () => true)).toBe(3);
  });
});
