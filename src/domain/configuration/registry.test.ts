import { describe, expect, it } from 'vitest';
import { ConfigErrorCode, ConfigurationError, createRegistry, type ComponentRecord } from './index';
import { sampleRecords } from './sample';

function loadError(records: unknown[]): ConfigurationError {
  try {
    createRegistry(records);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error('expected createRegistry to fail');
}

const picklist = (attributes: Record<string, unknown>, entries: unknown[] = []) => ({
  type: 'Picklist',
  name: 'p__c',
  attributes: { label: 'P', ...attributes },
  subcomponents: { Picklistentry: entries },
});

describe('createRegistry', () => {
  it('loads the sample, whatever the record order, with exact big integers and normalised references', () => {
    const registry = createRegistry([...sampleRecords()].reverse());
    expect(registry.list('Doctype').map((d) => d.name)).toEqual(['print__c', 'advertisement__c', 'promotional__c', 'base_document__v']);
    const color = registry.get('Picklist', 'color__c')!;
    expect(color.subcomponents.Picklistentry.map((e) => e.attributes.order)).toEqual([0, 1, 9223372036854775807n]);
    expect(registry.get('Object', 'product__v')!.subcomponents.Field[2].attributes.object).toBe('Object.product__v');
    expect(registry.has('Docfield', 'name__v')).toBe(true);
    expect(registry.has('Docfield', 'nope__c')).toBe(false);
  });

  it.each([
    ['unknown attribute', [picklist({ colour: 'x' })], ConfigErrorCode.UNKNOWN_ATTRIBUTE, 'colour'],
    ['wrong kind', [picklist({ active: 'yes' })], ConfigErrorCode.INVALID_VALUE, 'active'],
    ['label over 40', [picklist({ label: 'x'.repeat(41) })], ConfigErrorCode.MAX_LENGTH_EXCEEDED, 'label'],
    ['required missing', [{ type: 'Picklist', name: 'p__c', attributes: {} }], ConfigErrorCode.REQUIRED_MISSING, 'label'],
    ['entry value over 128', [picklist({}, [{ name: 'e__c', attributes: { value: 'v'.repeat(129), order: 0 } }])], ConfigErrorCode.MAX_LENGTH_EXCEEDED, 'Picklistentry.e__c.value'],
    ['order below 0', [picklist({}, [{ name: 'e__c', attributes: { value: 'v', order: -1 } }])], ConfigErrorCode.OUT_OF_RANGE, 'Picklistentry.e__c.order'],
    ['order 2^63', [picklist({}, [{ name: 'e__c', attributes: { value: 'v', order: '9223372036854775808' } }])], ConfigErrorCode.OUT_OF_RANGE, 'Picklistentry.e__c.order'],
    ['order with decimals', [picklist({}, [{ name: 'e__c', attributes: { value: 'v', order: 1.5 } }])], ConfigErrorCode.OUT_OF_RANGE, 'Picklistentry.e__c.order'],
    ['unknown reference', [{ type: 'Docfield', name: 'f__c', attributes: { label: 'F', type: 'Picklist', picklist: 'Picklist.none__c' } }], ConfigErrorCode.UNKNOWN_REFERENCE, 'picklist'],
    ['reference of the wrong type', [{ type: 'Docfield', name: 'f__c', attributes: { label: 'F', type: 'Picklist', picklist: 'Doctype.x__c' } }], ConfigErrorCode.INVALID_VALUE, 'picklist'],
    ['enum value', [{ type: 'Docfield', name: 'f__c', attributes: { label: 'F', type: 'Text' } }], ConfigErrorCode.INVALID_VALUE, 'type'],
    ['multi value on a single attribute', [picklist({ label: ['a', 'b'] })], ConfigErrorCode.INVALID_VALUE, 'label'],
  ])('%s is refused, naming record and attribute', (_, records, code, attribute) => {
    const e = loadError(records);
    expect(e.code).toBe(code);
    expect(e.attribute).toBe(attribute);
    expect(e.message).toContain('Record #1');
    const first = records[0] as { type: string; name: string };
    expect(e.message).toContain(`${first.type}.${first.name}`);
    expect(e.component).toBe(`${first.type}.${first.name}`);
  });

  it('refuses unsimulated types, duplicates, bad names and conditional rules', () => {
    expect(loadError([{ type: 'Workflow', name: 'w__c' }]).code).toBe(ConfigErrorCode.TYPE_NOT_SIMULATED);
    expect(loadError([picklist({}), picklist({})]).code).toBe(ConfigErrorCode.COMPONENT_EXISTS);
    expect(loadError([{ ...picklist({}), name: 'Bad Name' }]).code).toBe(ConfigErrorCode.INVALID_NAME);
    expect(loadError([{ type: 'Docfield', name: 'f__c', attributes: { label: 'F', type: 'Picklist' } }]).message).toMatch(/needs attribute \[picklist\]/);
    const loop = [
      { type: 'Doctype', name: 'a__c', attributes: { label: 'A', parent: 'b__c' } },
      { type: 'Doctype', name: 'b__c', attributes: { label: 'B', parent: 'a__c' } },
    ];
    expect(loadError(loop).message).toMatch(/loops/);
  });

  it('refuses a level below classification', () => {
    const records = [...sampleRecords(), { type: 'Doctype', name: 'deep__c', attributes: { label: 'Deep', parent: 'Doctype.print__c' } }];
    expect(loadError(records).message).toMatch(/at most 4 levels/);
  });
});

describe('ComponentRegistry', () => {
  it('freezes records so that views cannot change them', () => {
    const registry = createRegistry(sampleRecords());
    const record = registry.get('Picklist', 'color__c')!;
    expect(Object.isFrozen(record) && Object.isFrozen(record.attributes) && Object.isFrozen(record.subcomponents.Picklistentry)).toBe(true);
  });

  it('counts revisions and tells listeners of committed changes only', () => {
    const registry = createRegistry(sampleRecords());
    const seen: number[] = [];
    const stop = registry.onChange((r) => seen.push(r));
    const before = registry.revision;
    registry.put({ type: 'Picklist', name: 'size__c', attributes: { label: 'Size' }, subcomponents: {} });
    expect(() => registry.transaction((draft) => {
      draft.remove('Picklist', 'size__c');
      throw new Error('abort');
    })).toThrow('abort');
    expect(registry.has('Picklist', 'size__c')).toBe(true);
    registry.transaction((draft) => draft.remove('Picklist', 'size__c'));
    stop();
    registry.put({ type: 'Picklist', name: 'size__c', attributes: { label: 'Size' }, subcomponents: {} });
    expect(seen).toEqual([before + 1, before + 2]);
    expect(registry.revision).toBe(before + 3);
  });

  it('a refused put leaves the previous record', () => {
    const registry = createRegistry(sampleRecords());
    const before = registry.get('Picklist', 'color__c');
    expect(() => registry.put({ ...before!, attributes: { label: 'x'.repeat(41) } } as ComponentRecord)).toThrow(ConfigurationError);
    expect(registry.get('Picklist', 'color__c')).toBe(before);
  });

  it('a change that breaks a referrer is refused (shared field un-shared while a Doctype lists it)', () => {
    const registry = createRegistry(sampleRecords());
    const field = registry.get('Docfield', 'product__v')!;
    expect(() => registry.put({ ...field, attributes: { ...field.attributes, shared: false } })).toThrow(/not shared/);
  });

  it('refuses to remove a referenced component, naming the referrers', () => {
    const registry = createRegistry(sampleRecords());
    expect(registry.referrersOf('Picklist', 'color__c')).toEqual([
      { component: 'Object.product__v', attribute: 'Field.color__c.picklist' },
      { component: 'Docfield.color__c', attribute: 'picklist' },
    ]);
    expect(() => registry.remove('Picklist', 'color__c')).toThrow(/Cannot drop Picklist.color__c: it is referenced by Object.product__v \(attribute Field.color__c.picklist\), Docfield.color__c \(attribute picklist\)/);
    registry.remove('Docfield', 'budget__c');
    expect(registry.has('Docfield', 'budget__c')).toBe(false);
  });

  it('renames in place and rewrites references, self-references included', () => {
    const registry = createRegistry(sampleRecords());
    registry.rename('Object', 'product__v', 'item__c');
    expect(registry.list('Object').map((o) => o.name)).toEqual(['item__c']);
    expect(registry.get('Docfield', 'product__v')!.attributes.object).toBe('Object.item__c');
    expect(registry.get('Object', 'item__c')!.subcomponents.Field[2].attributes.object).toBe('Object.item__c');
    expect(() => registry.rename('Doctype', 'print__c', 'base_document__v')).toThrow(/already exists/);
  });

  it('clones are independent', () => {
    const registry = createRegistry(sampleRecords());
    const copy = registry.clone();
    copy.remove('Docfield', 'budget__c');
    expect(registry.has('Docfield', 'budget__c')).toBe(true);
  });
});

describe('inherited object keys (__proto__, constructor) in records', () => {
  const putError = (record: ComponentRecord): ConfigurationError => {
    const registry = createRegistry(sampleRecords());
    try {
      registry.put(record);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigurationError);
      return e as ConfigurationError;
    }
    throw new Error('expected put to fail');
  };

  it('put refuses an own __proto__ attribute (as JSON.parse makes it) instead of dropping it silently', () => {
    const attributes = JSON.parse('{"label": "P", "__proto__": "x"}');
    expect(putError({ type: 'Picklist', name: 'p__c', attributes, subcomponents: {} }).code).toBe(ConfigErrorCode.UNKNOWN_ATTRIBUTE);
  });

  it('put refuses an own __proto__ sub-component collection instead of making it the prototype', () => {
    const subcomponents = JSON.parse('{"__proto__": [{"name": "a__c", "attributes": {"value": "A", "order": 0}}]}');
    expect(putError({ type: 'Picklist', name: 'p__c', attributes: { label: 'P' }, subcomponents }).code).toBe(ConfigErrorCode.UNKNOWN_SUBCOMPONENT_TYPE);
  });

  it('createRegistry refuses __proto__ and constructor as attribute or sub-component names', () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect(loadError([JSON.parse(`{"type": "Picklist", "name": "p__c", "attributes": {"label": "P", "${key}": "x"}}`)]).code, key).toBe(ConfigErrorCode.UNKNOWN_ATTRIBUTE);
      expect(loadError([JSON.parse(`{"type": "Picklist", "name": "p__c", "attributes": {"label": "P"}, "subcomponents": {"${key}": []}}`)]).code, key).toBe(
        ConfigErrorCode.UNKNOWN_SUBCOMPONENT_TYPE,
      );
      expect(loadError([{ type: key, name: 'p__c' }]).code, key).toBe(ConfigErrorCode.TYPE_NOT_SIMULATED);
    }
  });
});
