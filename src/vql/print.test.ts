import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Condition, Find, Literal, Operand, OrderItem, Query, SelectItem, SubQuery, Value } from './ast';
import { parse } from './parser';
import { print } from './print';
import { VALID_QUERIES } from './test-corpus';

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

// ---- arbitraries for the AST ----
const name = fc.oneof(fc.constant('id'), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}__[vc]$/));
const path = fc.oneof({ weight: 4, arbitrary: name }, { weight: 1, arbitrary: fc.tuple(name, name).map(([a, b]) => `${a}.${b}`) });
const literal: fc.Arbitrary<Literal> = fc.oneof(
  fc.oneof(fc.string(), fc.string({ unit: 'binary' })).map((value) => ({ kind: 'string' as const, value })),
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((v) => ({ kind: 'number' as const, value: v === 0 ? 0 : v })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value })),
  fc.constant({ kind: 'null' as const }),
);
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 5, arbitrary: literal },
  { weight: 1, arbitrary: fc.constantFrom('steady', 'obsolete', 'superseded').map((state) => ({ kind: 'state' as const, state })) },
);
const operand: fc.Arbitrary<Operand> = fc.oneof(
  path.map((field) => ({ field })),
  fc.tuple(path, fc.constantFrom('CASEINSENSITIVE', 'TONAME')).map(([field, fn]) => ({ field, fn })),
);
const predicate: fc.Arbitrary<Condition> = fc.oneof(
  fc.tuple(operand, fc.constantFrom('=', '!=', '<', '>', '<=', '>='), value).map(([left, op, right]) => ({
    kind: 'compare' as const, op, left, right: right.kind === 'state' && op !== '=' && op !== '!=' ? { kind: 'null' as const } : right,
  })),
  fc.tuple(operand, fc.array(literal, { minLength: 1, maxLength: 4 })).map(([left, values]) => ({ kind: 'in' as const, left, values })),
  fc.tuple(operand, fc.array(literal, { minLength: 1, maxLength: 4 })).map(([left, values]) => ({ kind: 'contains' as const, left, values })),
  fc.tuple(operand, literal, literal).map(([left, low, high]) => ({ kind: 'between' as const, left, low, high })),
  fc.tuple(operand, fc.string()).map(([left, pattern]) => ({ kind: 'like' as const, left, pattern })),
);
function conditionOf(pred: fc.Arbitrary<Condition>): fc.Arbitrary<Condition> {
  return fc.letrec<{ condition: Condition }>((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      pred,
      fc.tuple(fc.constantFrom('and' as const, 'or' as const), tie('condition'), tie('condition')).map(([kind, left, right]) => ({ kind, left, right })),
    ),
  })).condition;
}
const orderBy: fc.Arbitrary<OrderItem[]> = fc.array(fc.record({ field: path, desc: fc.boolean() }), { maxLength: 3 });
const fieldItem = fc.oneof(
  path.map((field) => ({ kind: 'field' as const, field })),
  fc.tuple(path, fc.constantFrom('CASEINSENSITIVE' as const, 'TONAME' as const)).map(([field, fn]) => ({ kind: 'field' as const, field, fn })),
);
const subquery: fc.Arbitrary<SubQuery> = fc.record(
  { select: fc.array(fieldItem, { minLength: 1, maxLength: 3 }), from: name, where: conditionOf(predicate), orderBy },
  { requiredKeys: ['select', 'from', 'orderBy'] },
);
const condition = conditionOf(fc.oneof(
  { weight: 6, arbitrary: predicate },
  { weight: 1, arbitrary: fc.tuple(operand, subquery).map(([left, query]) => ({ kind: 'inSubquery' as const, left, query })) },
));
const selectItem: fc.Arbitrary<SelectItem> = fc.oneof(
  { weight: 4, arbitrary: fieldItem },
  { weight: 1, arbitrary: name.map((field) => ({ kind: 'field' as const, field, fn: 'LATESTVERSION' as const })) },
  { weight: 1, arbitrary: subquery.map((query) => ({ kind: 'subquery' as const, query })) },
);
const find: fc.Arbitrary<Find> = fc.record({
  terms: fc.string(),
  scope: fc.oneof(
    fc.constantFrom({ kind: 'properties' as const }, { kind: 'content' as const }, { kind: 'all' as const }),
    name.map((field) => ({ kind: 'field' as const, field })),
  ),
});
const nat = fc.nat({ max: Number.MAX_SAFE_INTEGER });
export const queryArb: fc.Arbitrary<Query> = fc
  .record(
    {
      select: fc.array(selectItem, { minLength: 1, maxLength: 4 }),
      from: fc.record({ name, allVersions: fc.boolean() }),
      where: condition, find, orderBy,
      maxRows: nat, skip: nat, pageSize: nat, pageOffset: nat,
    },
    { requiredKeys: ['select', 'from', 'orderBy'] },
  )
  .map((q) => (q.from.allVersions ? q : { ...q, select: q.select.map((s) => (s.kind === 'field' && s.fn === 'LATESTVERSION' ? { kind: 'field' as const, field: s.field } : s)) }));

describe('print/parse property', () => {
  it('parse(print(ast)) deep-equals ast', () => {
    fc.assert(fc.property(queryArb, (q) => {
      expect(parse(print(q))).toEqual(q);
    }), { numRuns: 500 });
  });
});
