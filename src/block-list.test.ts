import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockList } from './block-list';

type Op = { kind: 'insert'; at: number; value: number } | { kind: 'remove'; at: number } | { kind: 'retain'; mod: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('retain' as const), mod: fc.integer({ min: 2, max: 5 }) }),
);

describe('BlockList', () => {
  it('holds what an array spliced the same way holds, whatever the block size (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }), fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 6 }), (start, ops, max) => {
      const list = BlockList.from(start, max);
      const model = [...start];
      for (const o of ops) {
        if (o.kind === 'insert') {
          const at = o.at % (model.length + 1);
          list.insert(at, o.value);
          model.splice(at, 0, o.value);
        } else if (o.kind === 'remove') {
          if (model.length === 0) continue;
          const at = o.at % model.length;
          list.removeAt(at);
          model.splice(at, 1);
        } else {
          list.retain((i) => i % o.mod !== 0);
          for (let i = model.length - 1; i >= 0; i--) if (i % o.mod === 0) model.splice(i, 1);
        }
        expect(list.length).toBe(model.length);
      }
      expect(list.toArray()).toEqual(model);
      // every position read, backwards (the block hint misses) and forwards
      for (let i = model.length - 1; i >= 0; i--) expect(list.at(i)).toBe(model[i]);
      const seen: number[] = [];
      list.forEach((v, i) => {
        expect(i).toBe(seen.length);
        seen.push(v);
      });
      expect(seen).toEqual(model);
      for (let v = 0; v <= 9; v++) for (const from of [0, 1, 3, model.length, -1, -3, -model.length - 1]) expect(list.indexOf(v, from)).toBe(model.indexOf(v, from));
    }));
  });

  it('splits a block that outgrows its bound, so an insert moves at most a block of items', () => {
    const list = BlockList.from([1, 2, 3, 4], 4);
    // built half full: [1, 2] [3, 4]
    for (let v = 10; v < 13; v++) list.insert(1, v);
    expect(list.toArray()).toEqual([1, 12, 11, 10, 2, 3, 4]);
    expect((list as unknown as { blocks: number[][] }).blocks.map((b) => b.length)).toEqual([2, 3, 2]);
  });

  it('refuses a position outside the list', () => {
    const list = BlockList.from(['a', 'b']);
    expect(() => list.at(2)).toThrow(RangeError);
    expect(() => list.at(-1)).toThrow(RangeError);
    expect(() => list.insert(3, 'c')).toThrow(RangeError);
    expect(() => list.removeAt(2)).toThrow(RangeError);
    list.insert(2, 'c');
    expect(list.toArray()).toEqual(['a', 'b', 'c']);
    expect(new BlockList<string>().indexOf('a', 1)).toBe(-1);
  });
});
