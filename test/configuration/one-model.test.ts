/**
 * One model: what MDL changes is what the document metadata endpoints (15, 18, 19) and the query
 * language (7) see, at once (issue 9 acceptance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSim, V, testSim } from '../helpers/sim';

let sim: TestSim;
let admin: string;
let alice: string;

beforeAll(async () => {
  sim = testSim({ settings: { throttling: false } });
  admin = await sim.login('tenant.admin@acme.example');
  alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
});
afterAll(() => expect(sim.breaches).toEqual([]));

const mdl = (script: string) => sim.json('POST', '/api/mdl/execute', admin, { body: script, headers: { 'Content-Type': 'text/plain' } });
const get = (path: string, session = alice) => sim.json('GET', `/api/${V}${path}`, session);
const query = (q: string, session = admin) => sim.json('POST', `/api/${V}/query`, session, { form: { q } });

describe('a Docfield and a Doctype subtype created by MDL', () => {
  it('appear in endpoints 15, 18 and 19, and the field is selectable and filterable in a query', async () => {
    const run = await mdl(`
      CREATE Doctype leave_behind__c (label('Leave Behind'), active(true), parent('Doctype.promotional_piece__c'));
      CREATE Docfield campaign_code__c (label('Campaign Code'), type('String'), max_length(20), defined_in('Doctype.promotional_piece__c'),
        section('Promotional Details'), queryable(true));`);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');

    const fields = await get('/metadata/objects/documents/properties');
    expect(fields.responseStatus).toBe('SUCCESS');
    const field = fields.properties.find((p: any) => p.name === 'campaign_code__c');
    expect(field).toMatchObject({ type: 'String', label: 'Campaign Code', maxLength: 20, definedIn: 'promotional_piece__c', definedInType: 'type', queryable: true });

    const type = await get('/metadata/objects/documents/types/promotional_piece__c');
    expect(type.subtypes).toContainEqual({
      name: 'leave_behind__c', label: 'Leave Behind',
      value: `http://localhost:8080/tenants/promo.acme.example/api/${V}/metadata/objects/documents/types/promotional_piece__c/subtypes/leave_behind__c`,
    });
    const subtype = await get('/metadata/objects/documents/types/promotional_piece__c/subtypes/leave_behind__c');
    expect(subtype).toMatchObject({ responseStatus: 'SUCCESS', name: 'leave_behind__c', label: 'Leave Behind' });
    expect(subtype.properties.map((p: any) => p.name)).toContain('campaign_code__c');

    const selected = await query('SELECT id, campaign_code__c FROM documents WHERE campaign_code__c = null');
    expect(selected.responseStatus, JSON.stringify(selected)).toBe('SUCCESS');
    expect(selected.data.length).toBeGreaterThan(0);
    expect(selected.data[0]).toHaveProperty('campaign_code__c');
    const none = await query("SELECT id FROM documents WHERE campaign_code__c = 'SPRING-24'");
    expect(none.responseStatus).toBe('SUCCESS');
    expect(none.data).toEqual([]);

    // A document of the new subtype with the new field (endpoint 28), then found by the field.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name__v: 'Spring leave-behind', type__v: 'Promotional Piece', subtype__v: 'Leave Behind', lifecycle__v: 'Promotional Piece Lifecycle',
      channel__c: 'print__c', campaign_code__c: 'SPRING-24',
    })) form.append(k, v);
    const created = await sim.json('POST', `/api/${V}/objects/documents`, admin, { body: form });
    expect(created.responseStatus, JSON.stringify(created)).toBe('SUCCESS');
    const found = await query("SELECT id, subtype__v, campaign_code__c FROM documents WHERE campaign_code__c = 'SPRING-24'");
    expect(found.data).toEqual([{ id: created.id, subtype__v: expect.any(String), campaign_code__c: 'SPRING-24' }]);
  });

  it('dropped again, they disappear from 15, 19 and the query language; dropping a Doctype still used fails', async () => {
    expect((await mdl(`DROP Doctype promotional_piece__c;`)).responseStatus).toBe('FAILURE');
    const made = await mdl(`
      CREATE Doctype temporary__c (label('Temporary'), parent('Doctype.reference_document__c'));
      CREATE Docfield temporary_note__c (label('Temporary Note'), type('String'), defined_in('Doctype.reference_document__c'));`);
    expect(made.responseStatus, JSON.stringify(made)).toBe('SUCCESS');
    expect((await get('/metadata/objects/documents/types/reference_document__c/subtypes/temporary__c')).responseStatus).toBe('SUCCESS');
    expect((await query('SELECT id, temporary_note__c FROM documents')).responseStatus).toBe('SUCCESS');

    const run = await mdl(`DROP Docfield temporary_note__c;\nDROP Doctype temporary__c;`);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const fields = await get('/metadata/objects/documents/properties');
    expect(fields.properties.some((p: any) => p.name === 'temporary_note__c')).toBe(false);
    expect((await get('/metadata/objects/documents/types/reference_document__c/subtypes/temporary__c')).responseStatus).toBe('FAILURE');
    const q = await query('SELECT id, temporary_note__c FROM documents');
    expect(q.responseStatus).toBe('FAILURE');
    expect(q.errors[0].type).toBe('INCORRECT_QUERY_SYNTAX_ERROR');
  });

  it('dropping or renaming the Doctype or Docfield of an existing document fails, naming the document, and changes nothing', async () => {
    const [doc] = (await query("SELECT id FROM documents WHERE campaign_code__c = 'SPRING-24'")).data;
    expect(doc.id).toEqual(expect.any(Number));
    for (const script of ['DROP Docfield campaign_code__c;', 'DROP Doctype leave_behind__c;', 'RENAME Doctype leave_behind__c TO handout__c;']) {
      const run = await mdl(script);
      expect(run.responseStatus, script).toBe('FAILURE');
      expect(JSON.stringify(run.statement_execution), script).toContain(`document ${doc.id}`);
    }
    const fields = await get('/metadata/objects/documents/properties');
    expect(fields.properties.some((p: any) => p.name === 'campaign_code__c')).toBe(true);
    expect((await get('/metadata/objects/documents/types/promotional_piece__c/subtypes/leave_behind__c')).responseStatus).toBe('SUCCESS');
  });
});

describe('a Picklist entry change', () => {
  it('shows in the document fields that use the picklist', async () => {
    const before = (await get('/metadata/objects/documents/properties')).properties.find((p: any) => p.name === 'audience__c');
    expect(before.entries.map((e: any) => e.name)).not.toContain('pharmacist__c');
    expect((await mdl(`ALTER Picklist audience__c (ADD Picklistentry pharmacist__c (value('Pharmacist'), order(5)), MODIFY Picklistentry payer__c (value('Payer / Insurer')));`)).responseStatus).toBe('SUCCESS');
    const after = (await get('/metadata/objects/documents/properties')).properties.find((p: any) => p.name === 'audience__c');
    expect(after.entries).toContainEqual({ name: 'pharmacist__c', label: 'Pharmacist' });
    expect(after.entries).toContainEqual({ name: 'payer__c', label: 'Payer / Insurer' });
  });
});
