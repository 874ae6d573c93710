/** fast-check generators of MDL syntax trees, shared by this folder's property tests. Test-only. */
import fc from 'fast-check';
import type { AlterChange, Attribute, AttributeChange, Scalar, Statement, SubcomponentDef } from './ast';

export const identifier = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.constantFrom('add', 'drop', 'modify', 'rename', 'to', 'true'));
export const typeName = fc.stringMatching(/^[A-Z][a-z]{1,12}$/);

export const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((value) => ({ kind: 'string', value }) as const),
  fc.boolean().map((value) => ({ kind: 'boolean', value }) as const),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map((n) => ({ kind: 'number', value: n.toString() }) as const),
  fc
    .tuple(fc.integer({ min: -9999, max: 9999 }), fc.stringMatching(/^[0-9]{1,6}$/))
    .map(([i, f]) => ({ kind: 'number', value: `${i}.${f}` }) as const),
);

const values = fc.array(scalar, { maxLength: 3 });
export const attribute: fc.Arbitrary<Attribute> = fc.record({ name: identifier, values });
const attributeChange: fc.Arbitrary<AttributeChange> = fc.record({
  kind: fc.constant('attribute' as const),
  op: fc.constantFrom('set' as const, 'add' as const, 'drop' as const),
  name: identifier,
  values,
});
const sub: fc.Arbitrary<SubcomponentDef> = fc.record({ subtype: typeName, name: identifier, attributes: fc.array(attribute, { maxLength: 3 }) });

const alterChange: fc.Arbitrary<AlterChange> = fc.oneof(
  attributeChange,
  sub.map((s) => ({ kind: 'add', sub: s }) as const),
  fc.record({ kind: fc.constant('modify' as const), subtype: typeName, name: identifier, changes: fc.array(attributeChange, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('drop' as const), subtype: typeName, name: identifier }),
  fc.record({ kind: fc.constant('rename' as const), subtype: typeName, from: identifier, to: identifier }),
);

export const statement: fc.Arbitrary<Statement> = fc.oneof(
  fc.record({
    command: fc.constantFrom('CREATE' as const, 'RECREATE' as const),
    componentType: typeName,
    name: identifier,
    attributes: fc.array(attribute, { maxLength: 4 }),
    subcomponents: fc.array(sub, { maxLength: 3 }),
  }),
  fc.record({ command: fc.constant('ALTER' as const), componentType: typeName, name: identifier, changes: fc.array(alterChange, { maxLength: 5 }) }),
  fc.record({ command: fc.constant('DROP' as const), componentType: typeName, name: identifier }),
  fc.record({ command: fc.constant('RENAME' as const), componentType: typeName, name: identifier, newName: identifier }),
);

export const script = fc.array(statement, { minLength: 1, maxLength: 4 });
