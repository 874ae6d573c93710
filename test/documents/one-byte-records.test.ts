/**
 * Records stay one byte a character (one-byte.ts, issue 19): a character beyond Latin-1 in a
 * fixture file's comment, or in an MDL script, must not make every label, and so every record's
 * JSON and every answer holding records, two bytes a character.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beyondLatin1 } from '../../src/one-byte';
import { isOneByte } from '../helpers/one-byte';
import { mdl } from '../helpers/answers';
import { V, sharedAdminSim } from '../helpers/sim';

const p = sharedAdminSim();

const store = () => p.sim.world.documents.store(p.sim.world.tenants.byDnsName('promo.acme.example')!.id);
/** The JSON of a document's record, as answers hold it. */
const recordJson = (name: string) => {
  const doc = [...store().visibleTo(p.sim.world.users.byUsername('tenant.admin@acme.example')!)].find((d) => d.versions.at(-1)!.fields.name__v === name);
  expect(doc, name).toBeDefined();
  return JSON.stringify(store().record(doc!));
};

describe('one-byte records', () => {
  it('the default set is YAML beyond Latin-1 (the premise of this test)', () => {
    expect(beyondLatin1(readFileSync(new URL('../../fixtures/default/configuration.yaml', import.meta.url), 'utf8'))).toBe(true);
  });

  it('a record of Latin-1 values is one-byte, labels included; one holding an em dash is not', () => {
    const json = recordJson('Nyaxa 52-Week Data HCP Email');
    expect(json).toContain('"type__v":"Promotional Piece"');
    expect(isOneByte(json)).toBe(true);
    expect(isOneByte(recordJson('Zürich Office Notice — café opening'))).toBe(false);
  });

  it('a field created by an MDL script holding a character beyond Latin-1 has a one-byte name in records', async () => {
    const run = await mdl(p.sim, p.admin, "# a new field – with an en dash\nCREATE Docfield onebyte_note__c (label('One-byte Note'), type('String'), max_length(40), defined_in('Doctype.promotional_piece__c'));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name__v: 'One-byte note', type__v: 'Promotional Piece', subtype__v: 'Approved Email', lifecycle__v: 'Promotional Piece Lifecycle', channel__c: 'print__c', onebyte_note__c: 'noted',
    })) form.append(k, v);
    const created = await p.sim.json('POST', `/api/${V}/objects/documents`, p.admin, { body: form });
    expect(created.responseStatus, JSON.stringify(created)).toBe('SUCCESS');
    const json = recordJson('One-byte note');
    expect(json).toContain('"onebyte_note__c":"noted"');
    expect(isOneByte(json)).toBe(true);
  });

  // The MDL lexer builds its string values (escapes), so they are one-byte already: a guard, should it come to cut them from the script.
  it('a label set by an MDL script holding a character beyond Latin-1 is one-byte', async () => {
    const run = await mdl(p.sim, p.admin, "# relabel – with an en dash\nALTER Doctype promotional_piece__c (label('Promo Piece'));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const json = recordJson('Nyaxa 52-Week Data HCP Email');
    expect(json).toContain('"type__v":"Promo Piece"');
    expect(isOneByte(json)).toBe(true);
    const list = await p.sim.json('GET', `/api/${V}/objects/documents?limit=5`, p.admin);
    expect(list.documents.map((d: any) => d.document.type__v)).toContain('Promo Piece');
  });
});
