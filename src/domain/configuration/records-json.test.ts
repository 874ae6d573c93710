import { describe, expect, it } from 'vitest';
import { componentTypeMetadata, createRegistry } from './index';
import { componentTypeJson, jsonSafe, recordJson } from './records-json';
import { sampleRecords } from './sample';

describe('jsonSafe', () => {
  it('keeps integers within ±2^53 as numbers and gives larger ones as exact decimal text', () => {
    expect(jsonSafe(9007199254740991n)).toBe(9007199254740991);
    expect(jsonSafe(-9007199254740991n)).toBe(-9007199254740991);
    expect(jsonSafe(9007199254740992n)).toBe('9007199254740992');
    expect(jsonSafe(9007199254740993n)).toBe('9007199254740993');
    expect(jsonSafe(-9223372036854775808n)).toBe('-9223372036854775808');
    expect(jsonSafe(0n)).toBe(0);
  });

  it('converts inside arrays and objects, leaves bytes and other values alone, and JSON.stringify then works', () => {
    const bytes = new Uint8Array([1, 2]);
    const out = jsonSafe({ a: [1n, 2n ** 63n - 1n], b: { c: 'x', d: true, e: null, f: 1.5 }, bytes }) as Record<string, unknown>;
    expect(out).toEqual({ a: [1, '9223372036854775807'], b: { c: 'x', d: true, e: null, f: 1.5 }, bytes });
    expect(out.bytes).toBe(bytes);
    expect(() => JSON.stringify({ ...out, bytes: undefined })).not.toThrow();
  });
});

describe('componentTypeJson', () => {
  it('gives the Picklist entry order bound 2^63-1 as text and the rest of the metadata unchanged', () => {
    const json = componentTypeJson(componentTypeMetadata('Picklist')!) as any;
    expect(json.name).toBe('Picklist');
    const order = json.sub_components[0].attributes.find((a: any) => a.name === 'order');
    expect(order).toMatchObject({ type: 'Number', min_value: 0, max_value: '9223372036854775807', scale: 0 });
    expect(() => JSON.stringify(json)).not.toThrow();
  });
});

describe('recordJson', () => {
  const registry = createRegistry(sampleRecords());

  it('lists every settable attribute in catalogue order, null when absent, active true when absent; entries alike', () => {
    const json = recordJson(registry, registry.get('Picklist', 'color__c')!) as any;
    const meta = componentTypeMetadata('Picklist')!;
    expect(Object.keys(json)).toEqual(['name', ...meta.attributes.filter((a) => a.name !== 'name').map((a) => a.name), 'Picklistentry', 'used_in']);
    expect(json).toMatchObject({ name: 'color__c', label: 'Color', active: true });
    expect(json.Picklistentry[0]).toEqual({ name: 'red__c', value: 'Red', order: 0, active: true });
    expect(json.Picklistentry[1].active).toBe(true);
    expect(json.Picklistentry[2].order).toBe('9223372036854775807');
    expect(() => JSON.stringify(json)).not.toThrow();
  });

  it('gives an empty collection as [] and used_in as the fields using the picklist', () => {
    const empty = createRegistry([{ type: 'Picklist', name: 'empty__c', attributes: { label: 'Empty' } }]);
    expect(recordJson(empty, empty.get('Picklist', 'empty__c')!)).toMatchObject({ Picklistentry: [], used_in: [] });
    expect(recordJson(registry, registry.get('Picklist', 'color__c')!).used_in).toEqual(
      expect.arrayContaining([
        { object_name: 'documents', field_name: 'color__c' },
        { object_name: 'product__v', field_name: 'color__c' },
      ]),
    );
  });

  it('gives no used_in for other types', () => {
    expect(recordJson(registry, registry.get('Doctype', 'base_document__v')!)).not.toHaveProperty('used_in');
  });
});
