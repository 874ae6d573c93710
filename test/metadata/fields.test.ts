/** Endpoints 15 and 16, the lock metadata; conditional members; a configuration change shows at once. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from '../documents/world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const fields = async () => (await p.sim.json('GET', api('/metadata/objects/documents/properties'), p.alice)).properties as any[];
const field = async (name: string) => (await fields()).find((f) => f.name === name);
const findCommon = (docIds: string) => p.sim.json('POST', api('/metadata/objects/documents/properties/find_common'), p.alice, { form: { docIds } });

describe('GET metadata/objects/documents/properties (15)', () => {
  it('lists standard and custom fields with the members every client relies on', async () => {
    const all = await fields();
    const names = all.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['id', 'name__v', 'type__v', 'lifecycle__v', 'status__v', 'size__v', 'audience__c', 'channel__c', 'study_number__c']));
    for (const f of all) {
      for (const k of ['name', 'type', 'disabled', 'editable', 'facetable', 'hidden', 'queryable', 'required', 'systemAttribute', 'scope', 'repeating', 'label', 'definedIn', 'definedInType']) {
        expect(f, `${f.name}.${k}`).toHaveProperty(k);
      }
    }
    expect(await field('name__v')).toMatchObject({ type: 'String', required: true, maxLength: 100, editable: true, systemAttribute: true, shared: false, definedIn: 'base_document__v', definedInType: 'type' });
  });

  it('types: String, LongText, ObjectReference, Date, DateTime, Number, Boolean, Picklist, multi-value', async () => {
    expect(await field('agency__c')).toMatchObject({ type: 'String', maxLength: 128, systemAttribute: false, definedIn: 'advertisement__c', definedInType: 'subtype' });
    expect(await field('mlr_notes__c')).toMatchObject({ type: 'LongText', maxLength: 1500 });
    expect(await field('campaign__c')).toMatchObject({ type: 'ObjectReference', objectType: 'campaign__c', relationshipType: 'reference', relationshipName: 'document_campaign__cr' });
    expect(await field('expiration_date__c')).toMatchObject({ type: 'Date', definedIn: 'promotional_piece__c', definedInType: 'type' });
    expect(await field('version_creation_date__v')).toMatchObject({ type: 'DateTime' });
    expect(await field('print_run__c')).toMatchObject({ type: 'Number', minValue: 0, maxValue: 10000000, definedInType: 'classification' });
    expect(await field('locked__v')).toMatchObject({ type: 'Boolean' });
    expect(await field('channel__c')).toMatchObject({
      type: 'Picklist', repeating: true, required: true, picklist: 'channel__c',
      entries: [{ name: 'print__c', label: 'Print' }, { name: 'email__c', label: 'Email' }, { name: 'web__c', label: 'Web' }, { name: 'social_media__c', label: 'Social Media' }, { name: 'congress__c', label: 'Congress' }],
    });
    expect((await field('audience__c')).entries.map((e: any) => e.name)).not.toContain('caregiver__c'); // inactive entry
  });

  it('shared fields carry usedIn with the level of each user', async () => {
    expect(await field('therapeutic_area__c')).toMatchObject({
      shared: true, usedIn: [{ key: 'promotional_piece__c', type: 'type' }, { key: 'reference_document__c', type: 'type' }],
    });
  });

  it('conditional members are absent when their condition does not hold', async () => {
    for (const f of await fields()) {
      if (!['String', 'LongText', 'RichText', 'Link', 'id'].includes(f.type)) expect(f, f.name).not.toHaveProperty('maxLength');
      if (f.type !== 'Number' && f.type !== 'id') { // id: bounds 0 … 2^63-1 (issue 15)
        expect(f, f.name).not.toHaveProperty('minValue');
        expect(f, f.name).not.toHaveProperty('maxValue');
      }
      if (!['ObjectReference', 'Users'].includes(f.type)) {
        for (const k of ['objectType', 'relationshipType', 'relationshipName']) expect(f, `${f.name}.${k}`).not.toHaveProperty(k);
      }
      if (f.shared !== true) expect(f, f.name).not.toHaveProperty('usedIn');
      if (f.noCopy === true) expect(f, f.name).not.toHaveProperty('shared');
      else expect(f, f.name).toHaveProperty('shared');
      if (f.type !== 'Picklist') expect(f, f.name).not.toHaveProperty('entries');
    }
    expect(await field('mlr_notes__c')).toMatchObject({ noCopy: true });
    expect(await field('mlr_notes__c')).not.toHaveProperty('shared');
  });

  it('a configuration change (as MDL makes it) shows at once', async () => {
    const registry = p.sim.world.configuration.get(1001)!;
    registry.put({ type: 'Docfield', name: 'approval_due__c', attributes: { label: 'Approval Due', type: 'DateTime', defined_in: 'Doctype.label__c' }, subcomponents: {} });
    expect(await field('approval_due__c')).toMatchObject({ type: 'DateTime', label: 'Approval Due', definedIn: 'label__c', definedInType: 'type' });
    const label = await p.sim.json('GET', api('/metadata/objects/documents/types/label__c'), p.alice);
    expect(label.properties.map((f: any) => f.name)).toContain('approval_due__c');
    registry.put({ ...registry.get('Doctype', 'label__c')!, attributes: { ...registry.get('Doctype', 'label__c')!.attributes, label: 'Prescribing Information' } });
    expect((await p.sim.json('GET', api('/objects/documents/108'), p.alice)).document.type__v).toBe('Prescribing Information');
    registry.remove('Docfield', 'approval_due__c');
    expect(await field('approval_due__c')).toBeUndefined();
  });
});

describe('POST .../properties/find_common (16)', () => {
  it('returns the editable fields shared by every listed document', async () => {
    const names = (await findCommon('101,102')).properties.map((f: any) => f.name);
    expect(names).toEqual(expect.arrayContaining(['name__v', 'audience__c', 'channel__c', 'expiration_date__c']));
    expect(names).not.toContain('agency__c'); // 101 is a Sales Aid, not an Advertisement
    expect(names).not.toContain('size__v'); // system-managed
    const withReference = (await findCommon('101, 105')).properties.map((f: any) => f.name);
    expect(withReference).toContain('therapeutic_area__c');
    expect(withReference).not.toContain('audience__c');
    expect(withReference).not.toContain('study_number__c');
  });

  it('unknown or inaccessible ids are a FAILURE naming them; a malformed list is INVALID_DATA', async () => {
    expect(await findCommon('101,115,99999')).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The resources [115, 99999] do not exist' }] });
    expect((await findCommon('abc')).errors[0].type).toBe('INVALID_DATA');
    expect((await p.sim.json('POST', api('/metadata/objects/documents/properties/find_common'), p.alice, { form: {} })).errors[0].type).toBe('PARAMETER_REQUIRED');
  });
});

describe('lock metadata (the `lock` address of endpoint 17)', () => {
  it('describes locked_by__v and locked_date__v', async () => {
    const { lock } = await p.sim.json('GET', api('/metadata/objects/documents/types'), p.alice);
    const body = await p.sim.json('GET', lock, p.alice);
    expect(body.properties.map((f: any) => [f.name, f.type])).toEqual([['locked_by__v', 'ObjectReference'], ['locked_date__v', 'DateTime']]);
  });
});
