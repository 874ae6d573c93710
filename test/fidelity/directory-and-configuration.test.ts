/**
 * What the real service's clients query and script at start-up (issue 15, item 9; gaps.md §12):
 * `user__sys` and `group__sys` as query targets, `federated_id__v` on user records, the `Tab`
 * component type, and an Object script written with the real service's documented attributes,
 * accepted by MDL and given back unchanged by endpoint 12.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mdl as runMdl } from '../helpers/answers';
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

const query = (q: string, session = alice, headers: Record<string, string> = {}) => sim.json('POST', `/api/${V}/query`, session, { form: { q }, headers });
const mdl = (script: string) => runMdl(sim, admin, script);
const recreateText = async (component: string) => (await sim.call('GET', `/api/mdl/components/${component}`, { headers: { Authorization: admin } })).text();

describe('user__sys and group__sys', () => {
  it('a client querying user__sys gets the same people as users, with the object field names', async () => {
    const sys = await query('SELECT id, name__v, username__sys, email__sys, status__v, first_name__sys, last_name__sys, federated_id__v FROM user__sys');
    expect(sys.responseStatus, JSON.stringify(sys)).toBe('SUCCESS');
    const users = await query('SELECT id, user_name__v FROM users');
    expect(sys.data.map((r: { id: number }) => r.id)).toEqual(users.data.map((r: { id: number }) => r.id));
    expect(sys.data.find((r: { id: number }) => r.id === 61002)).toEqual({
      id: 61002, name__v: 'Alice Martin', username__sys: 'alice@acme.example', email__sys: 'alice@acme.example', status__v: ['active__v'],
      first_name__sys: 'Alice', last_name__sys: 'Martin', federated_id__v: null,
    });
    expect(sys.data.find((r: { id: number }) => r.id === 61004).federated_id__v).toBe('ssingh@idp.acme.example');
  });

  it('WHERE and describe work on user__sys like on any object', async () => {
    const one = await query("SELECT id, username__sys FROM user__sys WHERE username__sys = 'sso.user@acme.example'", alice, { 'X-TenantAPI-DescribeQuery': 'true' });
    expect(one.data).toEqual([{ id: 61004, username__sys: 'sso.user@acme.example' }]);
    expect(one.queryDescribe.object).toEqual({ name: 'user__sys', label: 'User', label_plural: 'Users' });
    expect(one.queryDescribe.fields.map((f: { name: string; status: string[] }) => [f.name, f.status])).toEqual([['id', ['active__v']], ['username__sys', ['active__v']]]);
  });

  it('users queries carry federated_id__v too', async () => {
    const rows = (await query('SELECT id, federated_id__v FROM users WHERE id = 61004')).data;
    expect(rows).toEqual([{ id: 61004, federated_id__v: 'ssingh@idp.acme.example' }]);
  });

  it('group__sys holds the same groups as groups', async () => {
    const sys = await query('SELECT id, name__v, label__v, status__v FROM group__sys');
    const groups = await query('SELECT id, name__v, label__v FROM groups');
    expect(sys.data.map((r: { id: number; name__v: string; label__v: string }) => [r.id, r.name__v, r.label__v]))
      .toEqual(groups.data.map((r: { id: number; name__v: string; label__v: string }) => [r.id, r.name__v, r.label__v]));
    expect(sys.data[0].status__v).toEqual(['active__v']);
  });
});

describe('the Tab component type', () => {
  it('is described by endpoint 9, listed by endpoint 10, and scripted by MDL', async () => {
    const meta = await sim.json('GET', `/api/${V}/metadata/components/Tab`, admin);
    expect(meta.data).toMatchObject({ name: 'Tab', abbreviation: 'TAB' });
    expect(meta.data.attributes.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['label', 'active', 'order', 'parent', 'object', 'url']));
    const run = await mdl("RECREATE Tab reports__c (label('Reports'), active(true), order(30), url('https://reports.acme.example/'));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const list = await sim.json('GET', `/api/${V}/configuration/Tab`, admin);
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['campaigns__c', 'products__c', 'reports__c']));
    expect(await recreateText('Tab.reports__c')).toContain("url('https://reports.acme.example/')");
  });
});

describe('an Object scripted with the real service\'s documented attributes', () => {
  const script = `RECREATE Object study_site__c (
  label('Study Site'),
  label_plural('Study Sites'),
  active(true),
  description('Sites of a study'),
  help_content('One record per site'),
  in_menu(true),
  allow_attachments(true),
  enable_esignatures(false),
  audit(true),
  order(4),
  prefix('S1S'),
  data_store('standard'),
  multi_select(false),
  dynamic_security(false),
  allow_types(false),
  secure_sharing_settings('enable_sharing_settings__sys'),
  Field name__v (label('Name'), type('String'), required(true), max_length(128), list_column(true), order(0), system_managed_name(false)),
  Field site_number__c (label('Site Number'), type('Number'), min_value(0), max_value(99999), scale(0), order(1), no_copy(true)),
  Field product__c (label('Product'), type('Object'), object('Object.product__v'), relationship_type('reference'), relationship_outbound_name('site_product__cr'), relationship_deletion('block'), order(2))
);`;

  it('MDL execute accepts it; endpoint 11 shows the attributes; endpoint 12\'s RECREATE text runs again and changes nothing', async () => {
    const run = await mdl(script);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const record = (await sim.json('GET', `/api/${V}/configuration/Object.study_site__c`, admin)).data;
    expect(record).toMatchObject({
      name: 'study_site__c', label: 'Study Site', enable_esignatures: false, allow_attachments: true, audit: true, in_menu: true, order: 4,
      prefix: 'S1S', data_store: 'standard', multi_select: false, secure_sharing_settings: ['enable_sharing_settings__sys'],
    });
    const text = await recreateText('Object.study_site__c');
    for (const a of ["enable_esignatures(false)", "prefix('S1S')", "data_store('standard')", "relationship_deletion('block')"]) expect(text).toContain(a);
    const again = await mdl(text);
    expect(again.responseStatus, JSON.stringify(again)).toBe('SUCCESS');
    expect((await sim.json('GET', `/api/${V}/configuration/Object.study_site__c`, admin)).data).toEqual(record);
    expect(await recreateText('Object.study_site__c')).toBe(text);
  });

  it('a value outside an attribute\'s range is refused and changes nothing', async () => {
    const run = await mdl("RECREATE Object bad_store__c (label('Bad'), label_plural('Bads'), data_store('cloud'));");
    expect(run.responseStatus).toBe('FAILURE');
    expect((await sim.json('GET', `/api/${V}/configuration/Object.bad_store__c`, admin)).responseStatus).toBe('FAILURE');
  });
});
