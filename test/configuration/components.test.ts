/** Endpoints 9–12: component type metadata, component records, and their RECREATE text (round trip through 8). */
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

const mdl = async (script: string, session = admin) => sim.json('POST', '/api/mdl/execute', session, { body: script, headers: { 'Content-Type': 'text/plain' } });
const text = async (path: string, session = admin) => {
  const res = await sim.call('GET', path, { headers: { Authorization: session } });
  return { res, body: await res.text() };
};

describe('endpoint 9: component type metadata', () => {
  it('answers the Picklist metadata with its entry sub-component and the spec limits (bigint bounds as text)', async () => {
    const r = await sim.json('GET', `/api/${V}/metadata/components/Picklist`, alice);
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.data).toMatchObject({ name: 'Picklist', class: 'metadata', abbreviation: 'PKL', active: true });
    const label = r.data.attributes.find((a: any) => a.name === 'label');
    expect(label).toMatchObject({ type: 'String', requiredness: 'required', max_length: 40, editable: true, multi_value: false });
    const entry = r.data.sub_components.find((s: any) => s.name === 'Picklistentry');
    expect(entry.json_collection_name).toBe('Picklistentry');
    expect(entry.attributes.find((a: any) => a.name === 'value')).toMatchObject({ max_length: 128 });
    expect(entry.attributes.find((a: any) => a.name === 'order')).toMatchObject({ type: 'Number', min_value: 0, max_value: '9223372036854775807', scale: 0 });
  });

  it('answers every simulated type, names matched case-insensitively', async () => {
    for (const type of ['Docfield', 'Doctype', 'Doclifecycle', 'Object', 'Renditiontype', 'Formattedoutput', 'Overlaytemplate', 'Signaturepage', 'docfield']) {
      const r = await sim.json('GET', `/api/${V}/metadata/components/${type}`, alice);
      expect(r.responseStatus, type).toBe('SUCCESS');
      expect(r.data.name.toLowerCase()).toBe(type.toLowerCase());
      expect(Array.isArray(r.data.attributes)).toBe(true);
    }
    const fo = await sim.json('GET', `/api/${V}/metadata/components/Formattedoutput`, alice);
    expect(fo.data.attributes.find((a: any) => a.name === 'template')).toMatchObject({ type: 'File', requiredness: 'required' });
  });

  it('refuses a type that does not exist or is not simulated with INVALID_DATA', async () => {
    for (const type of ['Workflow', 'Nosuchtype']) {
      const r = await sim.json('GET', `/api/${V}/metadata/components/${type}`, alice);
      expect(r.responseStatus).toBe('FAILURE');
      expect(r.errors[0].type).toBe('INVALID_DATA');
      expect(r.errors[0].message).toContain(type);
    }
  });

  it('needs a session', async () => {
    const r = await sim.json('GET', `/api/${V}/metadata/components/Picklist`);
    expect(r.errors[0].type).toBe('INVALID_SESSION_ID');
  });
});

describe('endpoints 10 and 11: component records', () => {
  it('lists the records of a type for any session of the tenant', async () => {
    const r = await sim.json('GET', `/api/${V}/configuration/Picklist`, alice);
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.data.map((p: any) => p.name)).toEqual(expect.arrayContaining(['audience__c', 'channel__c', 'therapeutic_area__c', 'review_priority__c']));
    for (const p of r.data) expect(typeof p.label).toBe('string');
    const doctypes = await sim.json('GET', `/api/${V}/configuration/Doctype`, alice);
    expect(doctypes.data.find((d: any) => d.name === 'advertisement__c')).toMatchObject({ label: 'Advertisement', parent: 'Doctype.promotional_piece__c', active: true });
  });

  it('reads a picklist: entries with name, value, order, active; active; used_in', async () => {
    const r = await sim.json('GET', `/api/${V}/configuration/Picklist.audience__c`, alice);
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.data).toMatchObject({ name: 'audience__c', label: 'Audience', active: true });
    expect(r.data.Picklistentry[0]).toEqual({ name: 'healthcare_professional__c', value: 'Healthcare Professional', order: 0, active: true });
    expect(r.data.Picklistentry.find((e: any) => e.name === 'caregiver__c').active).toBe(false);
    expect(r.data.used_in).toEqual([{ object_name: 'documents', field_name: 'audience__c' }]);
    const ta = await sim.json('GET', `/api/${V}/configuration/Picklist.therapeutic_area__c`, alice);
    expect(ta.data.used_in).toEqual(expect.arrayContaining([{ object_name: 'documents', field_name: 'therapeutic_area__c' }, { object_name: 'product__v', field_name: 'therapeutic_area__c' }]));
  });

  it('shows the largest order 2^63-1 exactly (as text beyond 2^53) and absent values as null', async () => {
    const r = await sim.json('GET', `/api/${V}/configuration/Picklist.review_priority__c`, alice);
    expect(r.data.Picklistentry.find((e: any) => e.name === 'urgent__c').order).toBe('9223372036854775807');
    expect(r.data.controlling_picklist).toBeNull();
    const lc = await sim.json('GET', `/api/${V}/configuration/Doclifecycle.general_lifecycle__c`, alice);
    expect(lc.data.Doclifecyclestate.map((s: any) => s.name)).toEqual(['draft__c', 'in_approval__c', 'approved__c', 'superseded__c', 'obsolete__c']);
  });

  it('answers INVALID_DATA for an unknown record or type', async () => {
    const r = await sim.json('GET', `/api/${V}/configuration/Picklist.nope__c`, alice);
    expect(r.errors).toEqual([{ type: 'INVALID_DATA', message: 'The resource [Picklist.nope__c] does not exist' }]);
    const t = await sim.json('GET', `/api/${V}/configuration/Bogus`, alice);
    expect(t.errors[0].type).toBe('INVALID_DATA');
  });

  it('is per tenant: quality has its own configuration', async () => {
    const dana = await sim.login('domain.admin@acme.example', { tenantDNS: 'quality.acme.example' });
    const r = await sim.json('GET', `/api/${V}/configuration/Doctype`, dana);
    expect(r.data.map((d: any) => d.name).sort()).toEqual(['base_document__v', 'sop__c']);
    expect((await sim.json('GET', `/api/${V}/configuration/Picklist`, dana)).data).toEqual([]);
  });

  it('answers XML when asked', async () => {
    const res = await sim.call('GET', `/api/${V}/configuration/Picklist.channel__c`, { headers: { Authorization: alice, Accept: 'application/xml' } });
    const xml = await res.text();
    expect(xml).toContain('<name>channel__c</name>');
    expect(xml).toContain('<value>Social Media</value>');
  });
});

describe('endpoint 12: RECREATE text', () => {
  it('answers text/plain with one RECREATE statement', async () => {
    const { res, body } = await text('/api/mdl/components/Picklist.channel__c', alice);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body.startsWith('RECREATE Picklist channel__c (')).toBe(true);
    expect(body).toContain("Picklistentry social_media__c (");
    expect(body.trimEnd().endsWith(';')).toBe(true);
  });

  it('answers a JSON FAILURE for an unknown record or type', async () => {
    const { res, body } = await text('/api/mdl/components/Picklist.nope__c', alice);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA' }] });
    const t = await text('/api/mdl/components/Workflow.x__c', alice);
    expect(JSON.parse(t.body).errors[0].type).toBe('INVALID_DATA');
  });

  it('round trip: for every record of the default configuration, executing its RECREATE through endpoint 8 changes nothing', async () => {
    const types = ['Renditiontype', 'Picklist', 'Doclifecycle', 'Object', 'Docrelationshiptype', 'Doctype', 'Documenttemplate', 'Docfield', 'Formattedoutput', 'Overlaytemplate', 'Signaturepage', 'Tab'];
    const registry = sim.world.configuration.get(sim.world.tenants.byDnsName('promo.acme.example')!.id)!;
    let count = 0;
    for (const type of types) {
      const list = await sim.json('GET', `/api/${V}/configuration/${type}`, admin);
      expect(list.data.length, type).toBeGreaterThan(0);
      for (const record of list.data) {
        const { body: statement } = await text(`/api/mdl/components/${type}.${record.name}`);
        const before = registry.all();
        const filesBefore = registry.files(type, record.name);
        const run = await mdl(statement);
        expect(run.responseStatus, `${type}.${record.name}: ${JSON.stringify(run.statement_execution)}`).toBe('SUCCESS');
        expect(run.statement_execution[0]).toMatchObject({ command: 'RECREATE', component: `${type}.${record.name}`, response: 'SUCCESS' });
        expect(await sim.json('GET', `/api/${V}/configuration/${type}.${record.name}`, admin)).toEqual({ responseStatus: 'SUCCESS', data: record });
        expect((await text(`/api/mdl/components/${type}.${record.name}`)).body).toBe(statement);
        expect(registry.all(), `${type}.${record.name} changed the registry`).toEqual(before);
        expect(registry.files(type, record.name)).toEqual(filesBefore);
        count++;
      }
    }
    expect(count).toBe(registry.all().length);
  });

  it('shows an MDL change at once on 11 and 12', async () => {
    const run = await mdl(`ALTER Picklist channel__c (ADD Picklistentry podcast__c (value('Podcast'), order(5)));`);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const r = await sim.json('GET', `/api/${V}/configuration/Picklist.channel__c`, alice);
    expect(r.data.Picklistentry.at(-1)).toEqual({ name: 'podcast__c', value: 'Podcast', order: 5, active: true });
    expect((await text('/api/mdl/components/Picklist.channel__c')).body.replace(/\s+/g, ' ')).toContain("Picklistentry podcast__c ( value('Podcast'), order(5) )");
  });
});

describe('a tenant without a configuration registry', () => {
  it('answers endpoints 8, 10, 11, 12 and 14 with OPERATION_NOT_ALLOWED naming the tenant, never a 500', async () => {
    const other = testSim({ settings: { throttling: false } });
    const session = await other.login('tenant.admin@acme.example');
    const id = other.world.tenants.byDnsName('promo.acme.example')!.id;
    other.world.configuration.delete(id);
    const calls: [string, string, RequestInit['body']?][] = [
      ['POST', '/api/mdl/execute', "CREATE Picklist x__c (label('X'));"],
      ['GET', `/api/${V}/configuration/Picklist`],
      ['GET', `/api/${V}/configuration/Picklist.audience__c`],
      ['GET', '/api/mdl/components/Picklist.audience__c'],
      ['GET', '/api/mdl/components/Picklist.audience__c/files'],
    ];
    for (const [method, path, body] of calls) {
      const res = await other.call(method, path, { headers: { Authorization: session, Accept: 'application/json', 'Content-Type': 'text/plain' }, body: body ?? undefined });
      expect(res.status, path).toBe(200);
      const r = await res.json();
      expect(r.responseStatus, path).toBe('FAILURE');
      expect(r.errors[0].type, path).toBe('OPERATION_NOT_ALLOWED');
      expect(r.errors[0].message, path).toContain('promo.acme.example');
    }
    expect(other.breaches).toEqual([]);
  });
});
