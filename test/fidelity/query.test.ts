/**
 * What the real service's client libraries read from a query answer (issue 15, item 2; gaps.md
 * §12), through the real app: describe `status` is an array, `responseDetails` carries
 * `pagesize`/`pageoffset`, and `X-TenantAPI-RecordProperties` adds `record_properties`.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mdl } from '../helpers/answers';
import { testSim, V, type TestSim } from '../helpers/sim';

const PROMO = 'promo.acme.example';
let sim: TestSim;
let admin: string;
beforeAll(async () => {
  sim = testSim();
  admin = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
});
afterEach(() => expect(sim.breaches).toEqual([]));

const query = (q: string, headers: Record<string, string> = {}, session = admin) => sim.json('POST', `/api/${V}/query`, session, { headers, form: { q } });

describe('queryDescribe', () => {
  it('a client that reads queryDescribe.fields[].status[0] gets active__v, on documents, users and objects', async () => {
    for (const q of ['SELECT id, name__v, version_id FROM documents', 'SELECT id, user_name__v FROM users', 'SELECT id, name__v FROM groups', 'SELECT id, name__v FROM product__v']) {
      const body = await query(q, { 'X-TenantAPI-DescribeQuery': 'true' });
      expect(body.responseStatus, q).toBe('SUCCESS');
      expect(body.queryDescribe.fields.length, q).toBeGreaterThan(1);
      for (const f of body.queryDescribe.fields) expect(f.status, `${q} ${f.name}`).toEqual(['active__v']);
    }
  });

  it('a field made inactive reads status [inactive__v]', async () => {
    const run = await mdl(sim, admin, "CREATE Docfield probe_state__c (label('Probe State'), type('String'), max_length(20), queryable(true), active(false));");
    expect(run.responseStatus).toBe('SUCCESS');
    const body = await query('SELECT id, probe_state__c FROM documents', { 'X-TenantAPI-DescribeQuery': 'true' });
    expect(body.queryDescribe.fields.find((f: { name: string }) => f.name === 'probe_state__c')?.status).toEqual(['inactive__v']);
  });
});

describe('responseDetails', () => {
  it('a client that reads pagesize/pageoffset gets the same numbers as limit/offset, on every page', async () => {
    const first = await query('SELECT id FROM documents PAGESIZE 7');
    expect(first.responseDetails).toMatchObject({ pagesize: 7, pageoffset: 0, limit: 7, offset: 0 });
    const next = await sim.json('POST', first.responseDetails.next_page, admin);
    expect(next.responseDetails).toMatchObject({ pagesize: 7, pageoffset: 7, limit: 7, offset: 7 });
  });
});

describe('X-TenantAPI-RecordProperties', () => {
  it('all: one entry per row, in row order, naming the row id, with empty lists where nothing applies', async () => {
    const body = await query('SELECT name__v FROM documents ORDER BY id DESC PAGESIZE 3', { 'X-TenantAPI-RecordProperties': 'all' });
    expect(body.data).toHaveLength(3);
    const ids = (await query('SELECT id FROM documents ORDER BY id DESC PAGESIZE 3')).data.map((r: { id: number }) => r.id);
    expect(body.record_properties.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(body.record_properties[0]).toEqual({
      id: ids[0], field_properties: { hidden: [], redacted: [], weblink: [] }, field_additional_data: {}, hidden_fields: [],
    });
    expect(Object.keys(body)).toEqual(['responseStatus', 'responseDetails', 'data', 'record_properties']);
  });

  it('follows the page: the next page names the rows of that page', async () => {
    const first = await query('SELECT id FROM documents PAGESIZE 5', { 'X-TenantAPI-RecordProperties': 'hidden' });
    const next = await sim.json('POST', first.responseDetails.next_page, admin, { headers: { 'X-TenantAPI-RecordProperties': 'hidden' } });
    expect(next.record_properties.map((p: { id: number }) => p.id)).toEqual(next.data.map((r: { id: number }) => r.id));
    expect(next.record_properties[0]).toEqual({ id: next.data[0].id, field_properties: { hidden: [] }, field_additional_data: {}, hidden_fields: [] });
  });

  it('weblink names the selected Link fields; object records keep their string ids', async () => {
    const run = await mdl(sim, admin, "CREATE Docfield probe_link__c (label('Probe Link'), type('Link'), queryable(true));");
    expect(run.responseStatus).toBe('SUCCESS');
    const docs = await query('SELECT id, probe_link__c, name__v FROM documents PAGESIZE 1', { 'X-TenantAPI-RecordProperties': 'WEBLINK' });
    expect(docs.record_properties).toEqual([{ id: docs.data[0].id, field_properties: { weblink: ['probe_link__c'] }, field_additional_data: {} }]);
    const products = await query('SELECT name__v FROM product__v', { 'X-TenantAPI-RecordProperties': 'redacted' });
    expect(products.record_properties.length).toBe(products.data.length);
    expect(typeof products.record_properties[0].id).toBe('string');
  });

  it('absent, or any other value: no record_properties', async () => {
    expect((await query('SELECT id FROM documents')).record_properties).toBeUndefined();
    expect((await query('SELECT id FROM documents', { 'X-TenantAPI-RecordProperties': 'none' })).record_properties).toBeUndefined();
  });
});
