/** UseOrderMap against a plain model: an array of entries, least recently used first. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UseOrderMap } from './use-order-map';

type Op = { kind: 'set' | 'use' | 'delete'; key: number };

describe('UseOrderMap', () => {
  it('keeps the order an array moved the same way keeps, through entries made most recent again in a row', () => {
    const op = fc.record({ kind: fc.constantFrom('set', 'set', 'use', 'use', 'delete'), key: fc.integer({ min: 0, max: 5 }) }) as fc.Arbitrary<Op>;
    fc.assert(fc.property(fc.array(op, { minLength: 10, maxLength: 120, size: 'max' }), (ops) => {
      const map = new UseOrderMap<number, string>();
      const model: Array<[number, string]> = [];
      ops.forEach(({ kind, key }, step) => {
        const at = model.findIndex(([k]) => k === key);
        if (kind === 'set') {
          if (at >= 0) model.splice(at, 1);
          model.push([key, `v${step}`]);
          map.set(key, `v${step}`);
        } else if (kind === 'use') {
          if (at >= 0) model.push(model.splice(at, 1)[0]);
          map.use(key);
        } else {
          if (at >= 0) model.splice(at, 1);
          expect(map.delete(key)).toBe(at >= 0);
        }
        expect([...map]).toEqual(model);
        expect(map.size).toBe(model.length);
      });
      expect([...map.keys()]).toEqual(model.map(([k]) => k));
      expect([...map.values()]).toEqual(model.map(([, v]) => v));
    }), { numRuns: 300 });
  });

  it('moves an entry made most recent again after another one was, and one set again after it was deleted', () => {
    const map = new UseOrderMap<string, number>();
    map.set('a', 1);
    map.set('b', 2);
    map.use('a'); // [b, a]
    map.set('c', 3); // [b, a, c]
    map.use('a'); // [b, c, a]
    map.delete('a');
    map.set('a', 4); // [b, c, a]
    map.use('b'); // [c, a, b]
    map.set('b', 5); // in place
    expect([...map]).toEqual([['c', 3], ['a', 4], ['b', 5]]);
  });
});
