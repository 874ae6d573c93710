/**
 * Kept query answers through the real app (issue 10): a repeated query answered on one page gives
 * the very same bytes; an answer with paging links is made afresh each time; a change of the
 * documents or of the configuration shows in the next answer.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ids, mdl as runMdl, raw as answer } from '../helpers/answers';
import { testSim, V, type TestSim } from '../helpers/sim';

const PROMO = 'promo.acme.example';
let sim: TestSim;
let admin: string;
let alice: string;
beforeAll(async () => {
  sim = testSim();
  admin = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
  alice = await sim.login('alice@acme.example', { tenantDNS: PROMO });
});
afterEach(() => expect(sim.breaches).toEqual([]));

const DESCRIBE = { 'X-TenantAPI-DescribeQuery': 'true' };
const raw = (session: string, q: string, headers: Record<string, string> = {}) => answer(sim, 'POST', `/api/${V}/query`, session, { headers, form: { q } });
const query = async (session: string, q: string, headers: Record<string, string> = {}) => JSON.parse((await raw(session, q, headers)).text);
const mdl = (script: string) => runMdl(sim, admin, script);

describe('a repeated query', () => {
  it('on one page: identical bytes, those JSON.stringify gives', async () => {
    const q = 'SELECT id, name__v FROM documents WHERE id > 0 PAGESIZE 100';
    const a = await raw(admin, q);
    const b = await raw(admin, q);
    expect(b.text).toBe(a.text);
    expect(a.text).toBe(JSON.stringify(JSON.parse(a.text)));
    const body = JSON.parse(a.text);
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.responseDetails).toEqual({ pagesize: 100, pageoffset: 0, limit: 100, offset: 0, size: 30, total: 30 });
    expect(Object.keys(body)).toEqual(['responseStatus', 'responseDetails', 'data']);
    expect((await query(alice, q)).responseDetails.total).toBe(29);
  });

  it('in XML: the same answer each time', async () => {
    const q = 'SELECT id FROM documents WHERE id < 103';
    const a = await raw(admin, q, { Accept: 'application/xml' });
    const b = await raw(admin, q, { Accept: 'application/xml' });
    expect(a.type).toBe('application/xml;charset=UTF-8');
    expect(b.text).toBe(a.text);
    expect(a.text).toContain('<id>101</id>');
    expect(a.text).toContain('<id>102</id>');
  });

  it('with paging links: a new stored result, so a new next_page, each time', async () => {
    const a = await query(admin, 'SELECT id FROM documents PAGESIZE 5');
    const b = await query(admin, 'SELECT id FROM documents PAGESIZE 5');
    expect(a.responseDetails.next_page).toMatch(new RegExp(`/api/${V}/query/[0-9a-f]{32}\\?pagesize=5&pageoffset=5$`));
    expect(b.responseDetails.next_page).not.toBe(a.responseDetails.next_page);
    expect(b.data).toEqual(a.data);
  });
});

describe('the next query answer shows', () => {
  it('a created document', async () => {
    const q = 'SELECT id, name__v FROM documents';
    const before = await query(alice, q);
    const created = await sim.json('POST', `/tenants/${PROMO}/api/${V}/objects/documents`, alice, {
      form: { name__v: 'Kept-query probe', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' },
    });
    expect(created.responseStatus).toBe('SUCCESS');
    const after = await query(alice, q);
    expect(ids(after)).toEqual([...ids(before), created.id]);
    expect(after.data.at(-1)).toEqual({ id: created.id, name__v: 'Kept-query probe' });
  });

  it('a check-out and its undo', async () => {
    const q = 'SELECT id, locked__v FROM documents WHERE id = 105';
    const base = `/tenants/${PROMO}/api/${V}/objects/documents/105/lock`;
    expect((await query(admin, q)).data).toEqual([{ id: 105, locked__v: false }]);
    expect((await sim.json('POST', base, admin)).responseStatus).toBe('SUCCESS');
    expect((await query(admin, q)).data).toEqual([{ id: 105, locked__v: true }]);
    expect((await sim.json('DELETE', base, admin)).responseStatus).toBe('SUCCESS');
    expect((await query(admin, q)).data).toEqual([{ id: 105, locked__v: false }]);
  });

  it('an MDL change of a Doctype label and of a Docfield label (queryDescribe)', async () => {
    const q = 'SELECT id, type__v, review_priority__c FROM documents WHERE id = 101';
    const before = await query(admin, q, DESCRIBE);
    expect(before.data[0].type__v).toBe('Promotional Piece');
    expect(before.queryDescribe.fields.find((f: any) => f.name === 'review_priority__c').label).toBe('Review Priority');
    const run = await mdl("ALTER Doctype promotional_piece__c (label('Promo Piece'));\nALTER Docfield review_priority__c (label('Urgency'));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const after = await query(admin, q, DESCRIBE);
    expect(after.data[0].type__v).toBe('Promo Piece');
    expect(after.queryDescribe.fields.find((f: any) => f.name === 'review_priority__c').label).toBe('Urgency');
    expect((await query(admin, q)).data[0].type__v).toBe('Promo Piece');
  });

  it('a new Docfield created by MDL: selectable at once', async () => {
    const q = 'SELECT id, probe_code__c FROM documents WHERE id = 101';
    expect((await query(admin, q)).responseStatus).toBe('FAILURE');
    const run = await mdl("CREATE Docfield probe_code__c (label('Probe Code'), type('String'), max_length(20), queryable(true));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    expect(await query(admin, q)).toMatchObject({ responseStatus: 'SUCCESS', data: [{ id: 101, probe_code__c: null }] });
  });
});
