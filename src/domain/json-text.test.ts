import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './cache';
import { JsonInteger } from './json-integer';
import { holdsPartMark, jsonText, keepJsonText } from './json-text';

const record = () => deepFreeze(keepJsonText({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] as number[] }, size__v: 0, due__c: null }));

describe('jsonText', () => {
  it('writes a kept part as JSON.stringify would, in every place it is held, and the same the second time', () => {
    const r = record();
    const page = { responseStatus: 'SUCCESS', documents: [{ document: r }, { document: r }], size: 2 };
    const plain = JSON.stringify(JSON.parse(JSON.stringify(page)));
    expect(jsonText(page)).toBe(plain);
    expect(jsonText(page)).toBe(plain);
    expect(holdsPartMark(jsonText(page))).toBe(false);
  });

  it('a kept part outside jsonText (another JSON.stringify, a copy, equality) is plain data', () => {
    const r = record();
    expect(JSON.stringify({ a: r })).toBe(`{"a":${JSON.stringify({ ...r })}}`);
    expect(Object.keys(r)).toEqual(['id', 'name__v', 'owner__v', 'size__v', 'due__c']);
    expect({ ...r }).toEqual({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] }, size__v: 0, due__c: null });
  });

  it('a kept part inside a kept part, and a JsonInteger inside one, are written whole', () => {
    const inner = deepFreeze(keepJsonText({ x: 1 }));
    const outer = deepFreeze(keepJsonText({ inner, big: new JsonInteger(9223372036854775807n) }));
    expect(jsonText([outer, inner, outer])).toBe('[{"inner":{"x":1},"big":9223372036854775807},{"x":1},{"inner":{"x":1},"big":9223372036854775807}]');
  });

  it('is JSON.stringify for any JSON value, kept parts anywhere', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 4 }), (v, parts) => {
      const kept = parts.map((p) => deepFreeze(keepJsonText({ ...p })));
      const tree = { v, kept, again: kept.slice().reverse() };
      expect(jsonText(tree)).toBe(JSON.stringify(JSON.parse(JSON.stringify(tree))));
    }), { numRuns: 300 });
  });
});
