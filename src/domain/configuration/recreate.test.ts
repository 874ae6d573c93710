import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ComponentRegistry, createRegistry, executeScript, MAX_LONG, toRecreateStatement, type ComponentRecord } from './index';
import { sampleRecords } from './sample';

function roundTrip(registry: ComponentRegistry, record: ComponentRecord): void {
  const before = registry.all();
  const files = registry.files(record.type, record.name);
  const text = toRecreateStatement(record);
  const result = executeScript(registry, text, { tenantDns: 't' });
  expect(result.responseStatus, `${text}\n${JSON.stringify(result.statement_execution)}`).toBe('SUCCESS');
  expect(registry.all()).toEqual(before);
  expect(registry.files(record.type, record.name)).toEqual(files);
}

describe('toRecreateStatement', () => {
  it('prints one RECREATE statement in catalogue order', () => {
    const registry = createRegistry(sampleRecords());
    expect(toRecreateStatement(registry.get('Picklist', 'color__c')!)).toBe(`RECREATE Picklist color__c (
   label('Color'),
   active(true),
   Picklistentry red__c (
      value('Red'),
      order(0),
      active(true)
   ),
   Picklistentry green__c (
      value('Green'),
      order(1)
   ),
   Picklistentry max__c (
      value('Max'),
      order(9223372036854775807)
   )
);
`);
    expect(toRecreateStatement(registry.get('Doctype', 'promotional__c')!)).toContain("rendition_types('Renditiontype.viewable_rendition__v')");
  });

  it('round-trips every record of the sample registry', () => {
    const registry = createRegistry(sampleRecords());
    for (const record of registry.all()) roundTrip(registry, record);
  });

  it('recreates a dropped record identically', () => {
    const registry = createRegistry(sampleRecords());
    const record = registry.get('Docfield', 'color__c')!;
    const text = toRecreateStatement(record);
    expect(executeScript(registry, `DROP Docfield color__c;\n${text}`, { tenantDns: 't' }).responseStatus).toBe('SUCCESS');
    expect(registry.get('Docfield', 'color__c')).toEqual(record);
  });

  const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
  const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max }).filter((s) => [...s].length <= max);
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const strip = (attrs: Record<string, unknown>) => Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== undefined));

  const picklist = fc.record({
    name,
    label: text(40).filter((s) => s.length > 0),
    active: optional(fc.boolean()),
    entries: fc.uniqueArray(
      fc.record({ name, value: text(128).filter((s) => s.length > 0), order: fc.bigInt({ min: 0n, max: MAX_LONG }), active: optional(fc.boolean()) }),
      { selector: (e) => e.name, maxLength: 5 },
    ),
  }).map((p) => ({
    type: 'Picklist',
    name: p.name,
    attributes: strip({ label: p.label, active: p.active }),
    subcomponents: { Picklistentry: p.entries.map((e) => ({ name: e.name, attributes: strip({ value: e.value, order: e.order, active: e.active }) })) },
  }));

  const docfield = fc.record({
    name,
    label: text(100).filter((s) => s.length > 0),
    type: fc.constantFrom('String', 'Number', 'Boolean', 'Date', 'DateTime'),
    required: optional(fc.boolean()),
    max_length: optional(fc.integer({ min: 1, max: 1500 })),
    scale: optional(fc.integer({ min: 0, max: 9 })),
    min_value: optional(fc.bigInt({ min: -(2n ** 63n), max: 0n })),
    help_content: optional(text(200)),
    section_position: optional(fc.nat()),
  }).map(({ name: n, ...attributes }) => ({ type: 'Docfield', name: n, attributes: strip(attributes) }));

  it('round-trips generated Picklist and Docfield records', () => {
    fc.assert(
      fc.property(fc.oneof(picklist, docfield), (raw) => {
        const registry = createRegistry([...sampleRecords().filter((r) => { const s = r as { type: string; name: string }; return s.type !== raw.type || s.name !== raw.name; }), raw]);
        roundTrip(registry, registry.get(raw.type, raw.name)!);
      }),
      { numRuns: 150 },
    );
  });
});
