/**
 * Names that are also keys every plain object inherits (`constructor`, `__proto__`, `toString` …)
 * are user input like any other: as a component type, record, attribute, sub-component or file
 * extension they get a clear FAILURE (or a generic value), never a 500 and never a function.
 */
import { describe, expect, it } from 'vitest';
import { formatOf } from '../../src/domain/configuration/staging';
import { mdl as runMdl } from '../helpers/answers';
import { V, sharedAdminSim } from '../helpers/sim';

const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const p = sharedAdminSim();

const mdl = (script: string) => runMdl(p.sim, p.admin, script);

async function expectInvalid(method: string, path: string, mentions: string) {
  const res = await p.sim.call(method, path, { headers: { Authorization: p.admin, Accept: 'application/json' } });
  expect(res.status, path).toBe(200);
  const body = await res.json();
  expect(body.responseStatus, path).toBe('FAILURE');
  expect(body.errors[0].type, path).toBe('INVALID_DATA');
  expect(body.errors[0].message, path).toContain(mentions);
}

describe('inherited object keys as names', () => {
  it('endpoint 13: a file named x.constructor (x.toString, x.__proto__ …) gets application/octet-stream', async () => {
    for (const key of INHERITED) {
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(`content of ${key}`)]), `x.${key}`);
      const r = await p.sim.json('POST', '/api/mdl/files', p.admin, { body: form });
      expect(r.responseStatus, key).toBe('SUCCESS');
      expect(r.data.format__v, key).toBe('application/octet-stream');
    }
  });

  it('formatOf never answers an inherited member', () => {
    for (const key of INHERITED) expect(formatOf(`x.${key}`), key).toBe('application/octet-stream');
    expect(formatOf('x.PDF')).toBe('application/pdf');
  });

  it('endpoints 9 and 10: a type named like an inherited key is unknown', async () => {
    for (const key of INHERITED) {
      const type = encodeURIComponent(key);
      await expectInvalid('GET', `/api/${V}/metadata/components/${type}`, key);
      await expectInvalid('GET', `/api/${V}/configuration/${type}`, key);
    }
  });

  it('endpoints 11 and 12: a type or record named like an inherited key does not exist', async () => {
    for (const key of INHERITED) {
      const k = encodeURIComponent(key);
      await expectInvalid('GET', `/api/${V}/configuration/Picklist.${k}`, key);
      await expectInvalid('GET', `/api/${V}/configuration/${k}.color__c`, key);
      await expectInvalid('GET', `/api/mdl/components/Picklist.${k}`, key);
      await expectInvalid('GET', `/api/mdl/components/${k}.color__c`, key);
      await expectInvalid('GET', `/api/mdl/components/Picklist.${k}/files`, key);
    }
  });

  it('endpoint 8: inherited keys as type, record, attribute or sub-component fail the statement with a configuration code', async () => {
    const scripts = [
      ...INHERITED.map((k) => `CREATE ${k} x__c (label('X'));`),
      `CREATE Picklist __proto__ (label('X'));`,
      ...INHERITED.filter((k) => k !== '__proto__').map((k) => `ALTER Picklist ${k} (label('X'));`),
      ...INHERITED.map((k) => `CREATE Picklist p_${k.replace(/_/g, '')}__c (label('X'), ${k}('y'));`),
      ...INHERITED.map((k) => `CREATE Picklist q_${k.replace(/_/g, '')}__c (label('X'), ${k} a__c (value('A'), order(0)));`),
      ...INHERITED.map((k) => `ALTER Picklist color__c (ADD ${k} a__c (value('A'), order(0)));`),
      ...INHERITED.map((k) => `ALTER Picklist color__c (MODIFY Picklistentry red__c (${k}('y')));`),
    ];
    for (const script of scripts) {
      const r = await mdl(script);
      expect(r.responseStatus, script).toBe('FAILURE');
      const error = r.statement_execution[0].errors[0];
      expect(error.code, `${script}: ${error.message}`).toMatch(/^(CFG-F-2[0-3]\d|MDL-)/);
      expect(error.code, script).not.toBe('CFG-F-299');
    }
  });

  it('endpoint 8: a record named constructor is an ordinary record (created, read, listed, dropped)', async () => {
    expect((await mdl(`CREATE Picklist constructor (label('Ctor'), Picklistentry a__c (value('A'), order(0)));`)).responseStatus).toBe('SUCCESS');
    const r = await p.sim.json('GET', `/api/${V}/configuration/Picklist.constructor`, p.admin);
    expect(r.data).toMatchObject({ name: 'constructor', label: 'Ctor', Picklistentry: [{ name: 'a__c', value: 'A', order: 0 }] });
    expect((await mdl('DROP Picklist constructor;')).responseStatus).toBe('SUCCESS');
  });
});
