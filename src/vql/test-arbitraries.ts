/** fast-check arbitraries for the VQL AST (test helper, not part of the public API). */
import fc from 'fast-check';
import type { Condition, Find, Literal, Operand, OrderItem, Query, SelectItem, SubQuery, Value } from './ast';

const anyName = fc.oneof(fc.constant('id'), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}__[vc]$/));

/**
 * Queries whose names come from `names` / `targets` (default: any non-keyword names); dot paths
 * join two names unless `paths` is given.
 */
export function queryArbitrary(opts: { names?: fc.Arbitrary<string>; paths?: fc.Arbitrary<string>; targets?: fc.Arbitrary<string>; relationships?: fc.Arbitrary<string> } = {}): fc.Arbitrary<Query> {
  const name = opts.names ?? anyName;
  const path = opts.paths ?? fc.oneof({ weight: 4, arbitrary: name }, { weight: 1, arbitrary: fc.tuple(name, name).map(([a, b]) => `${a}.${b}`) });
  const target = opts.targets ?? name;
  const relationship = opts.relationships ?? name;
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
    { select: fc.array(fieldItem, { minLength: 1, maxLength: 3 }), from: relationship, where: conditionOf(predicate), orderBy },
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
  return fc
    .record(
      {
        select: fc.array(selectItem, { minLength: 1, maxLength: 4 }),
        from: fc.record({ name: target, allVersions: fc.boolean() }),
        where: condition, find, orderBy,
        maxRows: nat, skip: nat, pageSize: nat, pageOffset: nat,
      },
      { requiredKeys: ['select', 'from', 'orderBy'] },
    )
    .map((q) => (q.from.allVersions ? q : { ...q, select: q.select.map((s) => (s.kind === 'field' && s.fn === 'LATESTVERSION' ? { kind: 'field' as const, field: s.field } : s)) }));
}
