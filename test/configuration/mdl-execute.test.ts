/** Endpoint 8: MDL scripts, atomic; access; raw body whatever Content-Type; limits; answers in the spec's shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSim, V, testSim } from '../helpers/sim';

let sim: TestSim;
let admin: string;
let dana: string;
let alice: string;

beforeAll(async () => {
  sim = testSim({ settings: { throttling: false } });
  admin = await sim.login('tenant.admin@acme.example');
  dana = await sim.login('domain.admin@acme.example', { tenantDNS: 'promo.acme.example' });
  alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
});
afterAll(() => expect(sim.breaches).toEqual([]));

const mdl = (script: string, session = admin, contentType = 'text/plain', path = '/api/mdl/execute') =>
  sim.json('POST', path, session, { body: script, headers: { 'Content-Type': contentType } });
const record = (key: string, session = admin) => sim.json('GET', `/api/${V}/configuration/${key}`, session);
const promo = () => sim.world.configuration.get(sim.world.tenants.byDnsName('promo.acme.example')!.id)!;

describe('endpoint 8: success', () => {
  it('runs several statements and answers script_execution and statement_execution in the spec shape', async () => {
    const r = await mdl(`# a comment
      CREATE Picklist region__c (label('Region'), active(true),
        Picklistentry emea__c (value('EMEA'), order(0)),
        Picklistentry apac__c (value('APAC'), order(1)));
      RECREATE Picklist region__c (label('Sales Region'), Picklistentry emea__c (value('EMEA'), order(0)));
      CREATE Picklist tmp__c (label('Temporary'));
      RENAME Picklist tmp__c TO scratch__c;
      DROP Picklist scratch__c;`);
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.errors).toBeUndefined();
    expect(r.script_execution).toMatchObject({ code: 'GEN-S-0', message: 'OK', warnings: 0, failures: 0, exceptions: 0, components_affected: 3 });
    expect(typeof r.script_execution.execution_time).toBe('number');
    expect(r.statement_execution).toHaveLength(5);
    expect(r.statement_execution[0]).toEqual({
      tenant: 'promo.acme.example', statement: 1, command: 'CREATE', component: 'Picklist.region__c',
      message: '[SUCCESS] CREATE Picklist region__c', response: 'SUCCESS',
    });
    expect(r.statement_execution.map((s: any) => s.command)).toEqual(['CREATE', 'RECREATE', 'CREATE', 'RENAME', 'DROP']);
    const region = await record('Picklist.region__c', alice);
    expect(region.data).toMatchObject({ label: 'Sales Region', Picklistentry: [{ name: 'emea__c', value: 'EMEA', order: 0, active: true }] });
    expect((await record('Picklist.scratch__c')).errors[0].type).toBe('INVALID_DATA');
  });

  it('is open to a domain administrator as well as a tenant administrator', async () => {
    const r = await mdl(`RECREATE Renditiontype print_rendition__c (label('Print Rendition'));`, dana);
    expect(r.responseStatus).toBe('SUCCESS');
  });

  it('refuses an ordinary user with INSUFFICIENT_ACCESS and changes nothing', async () => {
    const before = promo().all();
    const r = await mdl(`CREATE Picklist alice__c (label('Alice'));`, alice);
    expect(r).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INSUFFICIENT_ACCESS', message: 'Only a tenant or domain administrator may execute MDL scripts.' }] });
    expect(promo().all()).toEqual(before);
  });

  it('reads the raw body whatever Content-Type says (application/json, xml, none)', async () => {
    for (const [i, type] of ['application/json', 'application/xml', 'application/x-www-form-urlencoded', ''].entries()) {
      const res = await sim.call('POST', '/api/mdl/execute', {
        headers: { Authorization: admin, ...(type ? { 'Content-Type': type } : {}) },
        body: `RECREATE Picklist ct${i}__c (label('Content type ${i}'));`,
      });
      const r = await res.json();
      expect(r.responseStatus, type).toBe('SUCCESS');
      expect((await record(`Picklist.ct${i}__c`)).data.label).toBe(`Content type ${i}`);
    }
  });

  it('answers on /api//mdl/execute (doubled slashes collapse) and with a trailing slash', async () => {
    expect((await mdl(`RECREATE Picklist slashes__c (label('Slashes'));`, admin, 'application/json', '/api//mdl/execute')).responseStatus).toBe('SUCCESS');
    expect((await mdl(`RECREATE Picklist slashes__c (label('Slashes 2'));`, admin, 'text/plain', '/api/mdl/execute/')).responseStatus).toBe('SUCCESS');
    expect((await record('Picklist.slashes__c')).data.label).toBe('Slashes 2');
  });

  it('answers XML when asked', async () => {
    const res = await sim.call('POST', '/api/mdl/execute', {
      headers: { Authorization: admin, Accept: 'application/xml', 'Content-Type': 'text/plain' },
      body: `RECREATE Picklist xml__c (label('Xml'));`,
    });
    const xml = await res.text();
    expect(xml).toContain('<code>GEN-S-0</code>');
    expect(xml).toContain('<component>Picklist.xml__c</component>');
  });
});

describe('endpoint 8: atomic failure', () => {
  it('a mixed script whose third statement fails changes nothing and reports the failing statement', async () => {
    const before = promo().all();
    const r = await mdl(`CREATE Picklist atomic__c (label('Atomic'), Picklistentry a__c (value('A'), order(0)));
ALTER Picklist audience__c (label('Audiences'));
CREATE Docfield atomic__c (label('Atomic'), type('Picklist'), picklist('Picklist.nope__c'));
DROP Picklist channel__c;`);
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.script_execution).toMatchObject({ code: 'GEN-F-401', message: 'Script execution failed', failures: 1, exceptions: 0, components_affected: 0 });
    expect(r.statement_execution).toHaveLength(1);
    const s = r.statement_execution[0];
    expect(s).toMatchObject({ tenant: 'promo.acme.example', statement: 3, command: 'CREATE', component: 'Docfield.atomic__c', response: 'FAILURE' });
    expect(s.message).toMatch(/^\[FAILURE\] CREATE Docfield atomic__c: /);
    expect(s.errors[0]).toMatchObject({ line: 3, context: expect.stringContaining('CREATE Docfield atomic__c') });
    expect(s.errors[0].message).toContain('nope__c');
    expect(r.errors).toEqual([{ type: 'INVALID_DATA', message: `MDL statement 3 failed, nothing of the script was applied: ${s.errors[0].message}` }]);
    expect(promo().all()).toEqual(before);
    expect((await record('Picklist.atomic__c')).responseStatus).toBe('FAILURE');
    expect((await record('Picklist.audience__c')).data.label).toBe('Audience');
  });

  it('reports a syntax error with its line and token, nothing applied', async () => {
    const before = promo().all();
    const r = await mdl(`RECREATE Picklist ok__c (label('Ok'));\nCREATE Picklist broken__c (label('x')`);
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.statement_execution[0]).toMatchObject({ statement: 2, response: 'FAILURE', errors: [{ line: 2 }] });
    expect(promo().all()).toEqual(before);
  });

  it('refuses an empty script and one that does not start with a command', async () => {
    for (const script of ['', '   # nothing\n', "SELECT id FROM documents;"]) {
      const r = await mdl(script);
      expect(r.responseStatus, script).toBe('FAILURE');
      expect(r.errors[0].type).toBe('INVALID_DATA');
    }
  });

  it('refuses a component type dms-sim does not simulate, saying so', async () => {
    const r = await mdl(`CREATE Workflow wf__c (label('Workflow'));`);
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.statement_execution[0].errors[0].message).toContain('not simulated');
  });

  it('refuses to drop a component still in use, naming its users', async () => {
    const r = await mdl(`DROP Picklist audience__c;`);
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.statement_execution[0].errors[0].message).toContain('Docfield.audience__c');
    expect((await record('Picklist.audience__c')).responseStatus).toBe('SUCCESS');
  });
});

describe('endpoint 8: the spec limits', () => {
  const fails = async (script: string, words: RegExp) => {
    const r = await mdl(script);
    expect(r.responseStatus, script).toBe('FAILURE');
    expect(r.statement_execution[0].errors[0].message).toMatch(words);
  };

  it('Picklist label: 40 characters pass, 41 fail', async () => {
    expect((await mdl(`RECREATE Picklist long_label__c (label('${'x'.repeat(40)}'));`)).responseStatus).toBe('SUCCESS');
    await fails(`RECREATE Picklist long_label__c (label('${'x'.repeat(41)}'));`, /40/);
    expect((await record('Picklist.long_label__c')).data.label).toHaveLength(40);
  });

  it('Picklist entry value: 128 characters pass, 129 fail', async () => {
    expect((await mdl(`RECREATE Picklist long_value__c (label('V'), Picklistentry e__c (value('${'v'.repeat(128)}'), order(0)));`)).responseStatus).toBe('SUCCESS');
    await fails(`RECREATE Picklist long_value__c (label('V'), Picklistentry e__c (value('${'v'.repeat(129)}'), order(0)));`, /128/);
  });

  it('Picklist entry order: 0 … 9223372036854775807, scale 0', async () => {
    const ok = await mdl(`RECREATE Picklist orders__c (label('O'), Picklistentry lo__c (value('lo'), order(0)), Picklistentry hi__c (value('hi'), order(9223372036854775807)));`);
    expect(ok.responseStatus).toBe('SUCCESS');
    const r = await record('Picklist.orders__c');
    expect(r.data.Picklistentry.map((e: any) => e.order)).toEqual([0, '9223372036854775807']);
    await fails(`RECREATE Picklist orders__c (label('O'), Picklistentry e__c (value('e'), order(9223372036854775808)));`, /9223372036854775807|range|maximum/i);
    await fails(`RECREATE Picklist orders__c (label('O'), Picklistentry e__c (value('e'), order(-1)));`, /0|range|minimum/i);
    await fails(`RECREATE Picklist orders__c (label('O'), Picklistentry e__c (value('e'), order(1.5)));`, /scale|integer|decimal/i);
  });
});
