/**
 * Endpoints 8–14: component type metadata, component records, their RECREATE text and files;
 * with writes, an MDL round trip on a uniquely named __c picklist and a staged file referenced
 * by a uniquely named __c signature page, both dropped afterwards.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { type Answer, type Client, ContractViolation, NoData, failure, success } from '../lib/client';
import { adminOrUser1, area, check, contract, user1 } from '../lib/check';

const STANDARD_TYPES = ['Picklist', 'Docfield', 'Doctype'];
const FILE_TYPES = ['Signaturepage', 'Overlaytemplate', 'Formattedoutput'];

async function records(c: Client, type: string): Promise<{ name: string; label?: unknown }[]> {
  return success(await c.get(c.v(`/configuration/${type}`), { expectOp: 'listComponentRecords' })).json.data;
}

/** Refused for lack of rights: not a contract breach, but nothing to check with this user. */
function mayNot(a: Answer, what: string): Answer {
  if (a.json?.responseStatus === 'FAILURE' && a.json.errors?.[0]?.type === 'INSUFFICIENT_ACCESS') {
    throw new NoData(`${what} needs an administrator (set CONTRACT_ADMIN_USERNAME/CONTRACT_ADMIN_PASSWORD): ${a.json.errors[0].message}`);
  }
  return a;
}

async function mdl(c: Client, script: string) {
  return mayNot(await c.post('/api/mdl/execute', { body: script, headers: { 'Content-Type': 'text/plain' }, expectOp: 'executeMdl' }), 'MDL');
}

function mdlSucceeded(a: { json?: { responseStatus?: string; script_execution?: { code?: string; failures?: number } } }, what: string): void {
  success(a as never, what);
  const se = a.json?.script_execution;
  if (!se) throw new ContractViolation(`${what}: no script_execution`);
  if (se.failures !== 0) throw new ContractViolation(`${what}: script_execution.failures is ${se.failures}: ${JSON.stringify(a.json)}`);
}

area('configuration', 'MDL and configuration components (endpoints 8–14)', () => {
  check('component type metadata (9) of the standard types: name, attributes with name and type', async () => {
    const c = user1();
    for (const type of STANDARD_TYPES) {
      const j = success(await c.get(c.v(`/metadata/components/${type}`), { expectOp: 'getComponentTypeMetadata' })).json;
      expect(j.data.name, `${type}: name`).toBe(type);
      expect(j.data.attributes.length, `${type}: attributes`).toBeGreaterThan(0);
      const names = j.data.attributes.map((a: { name: string }) => a.name);
      expect(new Set(names).size, `${type}: no attribute twice`).toBe(names.length);
    }
  });

  check('component records (10) and one record (11): names unique, each record readable by its name', async () => {
    const c = user1();
    const list = await records(c, 'Picklist');
    if (list.length === 0) throw new NoData('no Picklist record');
    const names = list.map((r) => r.name);
    expect(new Set(names).size, 'no record twice').toBe(names.length);
    for (const r of list.slice(0, contract.sample)) {
      const one = success(await c.get(c.v(`/configuration/Picklist.${r.name}`), { expectOp: 'getComponentRecord' })).json;
      expect(one.data.name, `Picklist.${r.name}`).toBe(r.name);
    }
  });

  check('RECREATE text (12): text/plain, one RECREATE statement naming the record', async () => {
    const c = user1();
    const list = await records(c, 'Picklist');
    if (list.length === 0) throw new NoData('no Picklist record');
    for (const r of list.slice(0, contract.sample)) {
      const a = await c.get(`/api/mdl/components/Picklist.${r.name}`, { expectOp: 'getComponentMdl' });
      if (a.contentType !== 'text/plain') throw new ContractViolation(`Picklist.${r.name}: ${a.contentType} ${a.text().slice(0, 300)}`);
      const text = a.text();
      expect(text, `Picklist.${r.name}`).toMatch(/^\s*RECREATE\s+Picklist\s+/i);
      expect(text).toContain(r.name);
    }
  });

  check('files of a file-holding component (14): links and files with checksums', async () => {
    const c = user1();
    for (const type of FILE_TYPES) {
      const list = await records(c, type);
      if (list.length === 0) continue;
      const j = success(await c.get(`/api/mdl/components/${type}.${list[0].name}/files`, { expectOp: 'listComponentFiles' })).json;
      expect(Array.isArray(j.data)).toBe(true);
      return;
    }
    throw new NoData(`no record of ${FILE_TYPES.join(', ')}`);
  });

  check('an unknown component record (11): FAILURE', async () => {
    const c = user1();
    failure(await c.get(c.v(`/configuration/Picklist.contract_no_such_${contract.runId}__c`), { expectOp: 'getComponentRecord' }));
  });

  check('MDL (8): RECREATE a uniquely named __c picklist, read it back (10–12), RECREATE its own text, ALTER, DROP', async () => {
    const c = adminOrUser1();
    const name = `contract_${contract.runId}__c`;
    let created = false;
    try {
      const a = await mdl(c, `RECREATE Picklist ${name} (\n  label('Contract ${contract.runId}'),\n  Picklistentry first__c ( value('First'), order(0) ),\n  Picklistentry second__c ( value('Second'), order(1) )\n);`);
      created = a.json?.responseStatus === 'SUCCESS';
      mdlSucceeded(a, `RECREATE Picklist ${name}`);
      expect(a.json.statement_execution?.length, 'one statement result').toBe(1);
      const one = success(await c.get(c.v(`/configuration/Picklist.${name}`), { expectOp: 'getComponentRecord' })).json.data;
      expect(one.name).toBe(name);
      expect(one.label).toBe(`Contract ${contract.runId}`);
      expect((await records(c, 'Picklist')).map((r) => r.name), 'listed among the Picklist records').toContain(name);
      const text = await c.get(`/api/mdl/components/Picklist.${name}`, { expectOp: 'getComponentMdl' });
      expect(text.contentType).toBe('text/plain');
      mdlSucceeded(await mdl(c, text.text()), 'RECREATE with the text endpoint 12 answered (round trip)');
      expect(success(await c.get(c.v(`/configuration/Picklist.${name}`), { expectOp: 'getComponentRecord' })).json.data).toEqual(one);
      mdlSucceeded(await mdl(c, `ALTER Picklist ${name} (\n  label('Contract ${contract.runId} altered')\n);`), `ALTER Picklist ${name}`);
      expect(success(await c.get(c.v(`/configuration/Picklist.${name}`), { expectOp: 'getComponentRecord' })).json.data.label).toBe(`Contract ${contract.runId} altered`);
    } finally {
      const dropped = await mdl(c, `DROP Picklist ${name};`).catch((e: Error) => e);
      if (created && !(dropped instanceof Error)) mdlSucceeded(dropped, `DROP Picklist ${name}`);
    }
    failure(await c.get(c.v(`/configuration/Picklist.${name}`), { expectOp: 'getComponentRecord' }), undefined, `Picklist.${name} after DROP`);
  }, { writes: true });

  check('component type metadata (9): Tab exists, and Object has the attributes scripts written for the real service use', async () => {
    const c = user1();
    const tab = success(await c.get(c.v('/metadata/components/Tab'), { expectOp: 'getComponentTypeMetadata' })).json;
    expect(tab.data.name).toBe('Tab');
    const obj = success(await c.get(c.v('/metadata/components/Object'), { expectOp: 'getComponentTypeMetadata' })).json;
    const names = obj.data.attributes.map((a: { name: string }) => a.name);
    for (const a of ['label', 'label_plural', 'active', 'description', 'help_content', 'in_menu', 'allow_attachments', 'enable_esignatures', 'audit', 'order', 'prefix', 'data_store']) {
      expect(names, `Object attribute ${a}`).toContain(a);
    }
  });

  check('MDL (8): RECREATE a uniquely named __c object with the documented Object attributes; its RECREATE text (12) runs again unchanged', async () => {
    const c = adminOrUser1();
    const name = `contract_${contract.runId}__c`;
    let created = false;
    try {
      const a = await mdl(c, `RECREATE Object ${name} (\n  label('Contract ${contract.runId}'),\n  label_plural('Contracts ${contract.runId}'),\n  active(true),\n  description('Made by the contract suite'),\n  in_menu(false),\n  allow_attachments(false),\n  enable_esignatures(false),\n  audit(false),\n  Field name__v (label('Name'), type('String'), required(true), max_length(128))\n);`);
      created = a.json?.responseStatus === 'SUCCESS';
      mdlSucceeded(a, `RECREATE Object ${name}`);
      const one = success(await c.get(c.v(`/configuration/Object.${name}`), { expectOp: 'getComponentRecord' })).json.data;
      expect(one.enable_esignatures, 'enable_esignatures read back').toBe(false);
      const text = await c.get(`/api/mdl/components/Object.${name}`, { expectOp: 'getComponentMdl' });
      mdlSucceeded(await mdl(c, text.text()), 'RECREATE with the text endpoint 12 answered (round trip)');
      expect(success(await c.get(c.v(`/configuration/Object.${name}`), { expectOp: 'getComponentRecord' })).json.data).toEqual(one);
    } finally {
      const dropped = await mdl(c, `DROP Object ${name};`).catch((e: Error) => e);
      if (created && !(dropped instanceof Error)) mdlSucceeded(dropped, `DROP Object ${name}`);
    }
  }, { writes: true });

  check('MDL (8): a failing script changes nothing (atomic)', async () => {
    const c = adminOrUser1();
    const name = `contract_${contract.runId}_atomic__c`;
    try {
      const a = await mdl(c, `RECREATE Picklist ${name} (label('Atomic'));\nRECREATE Contractnosuchtype ${name} (label('x'));`);
      if (a.json?.responseStatus !== 'FAILURE' && a.json?.script_execution?.failures === 0) throw new ContractViolation(`a script with an unknown component type succeeded: ${JSON.stringify(a.json)}`);
      failure(await c.get(c.v(`/configuration/Picklist.${name}`), { expectOp: 'getComponentRecord' }), undefined, 'the first statement of a failed script');
    } finally {
      await mdl(c, `DROP Picklist ${name};`).catch(() => undefined);
    }
  }, { writes: true });

  check('stage a file (13): size and SHA-1 as sent; a uniquely named __c signature page references it; its files (14) list it', async () => {
    const c = adminOrUser1();
    const content = Buffer.from(`%PDF-1.4\n% contract test ${contract.runId}\n%%EOF\n`);
    const fd = new FormData();
    fd.set('file', new Blob([content], { type: 'application/pdf' }), `contract-${contract.runId}.pdf`);
    const staged = success(mayNot(await c.post('/api/mdl/files', { multipart: fd, expectOp: 'stageFile' }), 'Staging a file')).json.data;
    expect(staged.size__v, 'size__v').toBe(content.length);
    expect(staged.sha1_checksum__v, 'sha1_checksum__v').toBe(createHash('sha1').update(content).digest('hex'));
    const name = `contract_${contract.runId}_sig__c`;
    let created = false;
    try {
      const a = await mdl(c, `RECREATE Signaturepage ${name} (\n  label('Contract ${contract.runId}'),\n  file('${staged.name__v}')\n);`);
      created = a.json?.responseStatus === 'SUCCESS';
      mdlSucceeded(a, `RECREATE Signaturepage ${name}`);
      const files = success(await c.get(`/api/mdl/components/Signaturepage.${name}/files`, { expectOp: 'listComponentFiles' })).json;
      const sums = files.data.map((f: { sha1_checksum__v: string }) => f.sha1_checksum__v);
      expect(sums, 'the staged file is the component\'s file').toContain(staged.sha1_checksum__v);
    } finally {
      const dropped = await mdl(c, `DROP Signaturepage ${name};`).catch((e: Error) => e);
      if (created && !(dropped instanceof Error)) mdlSucceeded(dropped, `DROP Signaturepage ${name}`);
    }
  }, { writes: true });

  check('metadata/components: every type listed answers its metadata (endpoint 9) when its url is followed (gaps.md §12)', async () => {
    const c = user1();
    const list = success(await c.get(c.v('/metadata/components'), { expectOp: 'listComponentTypes' })).json;
    expect(list.data.length, 'at least one component type').toBeGreaterThan(0);
    for (const t of (list.data as { name: string; url: string }[]).slice(0, 12)) {
      const meta = success(await c.get(t.url, { expectOp: 'getComponentTypeMetadata' }), `following ${t.url}`).json;
      expect(meta.data.name, `${t.url}: data.name`).toBe(t.name);
    }
  });
});
