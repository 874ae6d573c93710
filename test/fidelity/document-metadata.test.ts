/**
 * Document type metadata as the real service's clients read it (issue 15, item 6; gaps.md §12):
 * a type with subtypes keeps `properties` (its own fields), and subtype and classification
 * metadata carry `renditions` (names) like the type.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mdl } from '../helpers/answers';
import { testSim, V, type TestSim } from '../helpers/sim';

let sim: TestSim;
let admin: string;
let alice: string;
beforeAll(async () => {
  sim = testSim();
  admin = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
  alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
});
afterEach(() => expect(sim.breaches).toEqual([]));

const types = `/api/${V}/metadata/objects/documents/types`;
const get = (path: string) => sim.json('GET', path, alice);
const names = (props: { name: string }[]) => props.map((p) => p.name);

describe('a type with subtypes', () => {
  it('a client reading properties of promotional_piece__c gets the type\'s fields beside its subtypes', async () => {
    const body = await get(`${types}/promotional_piece__c`);
    expect(body.subtypes.length).toBe(3);
    expect(names(body.properties)).toEqual(expect.arrayContaining(['id', 'name__v', 'type__v', 'lifecycle__v', 'status__v']));
    // Fields of a subtype are the subtype's, not the type's.
    expect(names(body.properties)).not.toContain('agency__c');
    const fields = await get(`/api/${V}/metadata/objects/documents/properties`);
    const known = new Set(names(fields.properties));
    for (const n of names(body.properties)) expect(known.has(n), n).toBe(true);
  });
});

describe('renditions at every level', () => {
  it('a client reading renditions of a subtype and of a classification gets the names of their documents\' rendition types', async () => {
    const sub = await get(`${types}/promotional_piece__c/subtypes/advertisement__c`);
    expect(sub.renditions).toEqual(['viewable_rendition__v']);
    const cl = await get(sub.classifications[0].value);
    expect(cl.renditions).toEqual(['viewable_rendition__v']);
  });

  it('a rendition type configured on a classification shows there (and below), not on its parents', async () => {
    const run = await mdl(sim, admin, `
      CREATE Renditiontype print_proof__c (label('Print Proof'), active(true));
      ALTER Doctype print_advertisement__c (rendition_types ADD ('Renditiontype.print_proof__c'));`);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const cl = await get(`${types}/promotional_piece__c/subtypes/advertisement__c/classifications/print_advertisement__c`);
    expect(cl.renditions).toEqual(['viewable_rendition__v', 'print_proof__c']);
    expect((await get(`${types}/promotional_piece__c/subtypes/advertisement__c`)).renditions).toEqual(['viewable_rendition__v']);
  });
});
