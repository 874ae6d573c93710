import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Condition, Query } from './ast';
import { parse } from './parser';
import { print } from './print';
import { VALID_QUERIES } from './test-corpus';
import { queryArbitrary } from './test-arbitraries';

const queryArb = queryArbitrary();

describe('print', () => {
  it('prints canonical text', () => {
    expect(print(parse("select id,name__v from documents where (a=1 or b='x') and c in (1,2) limit 3 offset 4"))).toBe(
      "SELECT id, name__v FROM documents WHERE (a = 1 OR b = 'x') AND c IN (1, 2) PAGESIZE 3 PAGEOFFSET 4");
    expect(print(parse("SELECT id FROM documents FIND ('a' SCOPE PROPERTIES) ORDER BY id ASC"))).toBe("SELECT id FROM documents FIND ('a') ORDER BY id");
  });
  it('parenthesises right-nested conditions', () => {
    const a: Condition = { kind: 'compare', op: '=', left: { field: 'a' }, right: { kind: 'number', value: 1 } };
    const q: Query = { select: [{ kind: 'field', field: 'id' }], from: { name: 'documents', allVersions: false }, orderBy: [],
      where: { kind: 'and', left: a, right: { kind: 'and', left: a, right: { kind: 'or', left: a, right: a } } } };
    expect(print(q)).toBe('SELECT id FROM documents WHERE a = 1 AND (a = 1 AND (a = 1 OR a = 1))');
    expect(parse(print(q))).toEqual(q);
  });
  it('escapes strings', () => {
    const q = parse("SELECT id FROM documents WHERE a = 'x\\'y\\\\z'");
    expect(print(q)).toBe("SELECT id FROM documents WHERE a = 'x\\'y\\\\z'");
  });
  it.each(VALID_QUERIES)('round-trips %s', (text) => {
    const q = parse(text);
    expect(parse(print(q))).toEqual(q);
    expect(print(parse(print(q)))).toBe(print(q));
  });
});

describe('print/parse property', () => {
  it('parse(print(ast)) deep-equals ast', () => {
    fc.assert(fc.property(queryArb, (q) => {
      expect(parse(print(q))).toEqual(q);
    }), { numRuns: 500 });
  });
});
