/** Endpoints 17–20 and the types alias: addresses followed, `properties` exactly where the spec says. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from '../documents/world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const base = 'http://localhost:8080/tenants/promo.acme.example/api/v25.3/metadata/objects/documents';
const get = (path: string) => p.sim.json('GET', path.startsWith('http') ? path : api(path), p.alice);

describe('types list (17) and its alias', () => {
  it('lists each type with name, label and its address; lock is the lock metadata address', async () => {
    const body = await get('/metadata/objects/documents/types');
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      types: [
        { name: 'promotional_piece__c', label: 'Promotional Piece', value: `${base}/types/promotional_piece__c` },
        { name: 'reference_document__c', label: 'Reference Document', value: `${base}/types/reference_document__c` },
        { name: 'label__c', label: 'Product Label', value: `${base}/types/label__c` },
      ],
      lock: `${base}/lock`,
    });
    expect(await get('/metadata/objects/documents')).toEqual(body);
  });

  it('another tenant has its own types', async () => {
    const alice = await p.sim.login('alice@acme.example', { tenantDNS: 'quality.acme.example' });
    const body = await p.sim.json('GET', api('/metadata/objects/documents/types', 'quality.acme.example'), alice);
    expect(body.types.map((t: any) => t.name)).toEqual(['sop__c']);
  });
});

describe('type (18), subtype (19), classification (20)', () => {
  it('a type with subtypes lists them (followable) and still has its properties (gaps.md §12)', async () => {
    const body = await get('/metadata/objects/documents/types/promotional_piece__c');
    expect(body).toMatchObject({
      name: 'promotional_piece__c', label: 'Promotional Piece', renditions: ['viewable_rendition__v'], processes: ['MLR Review', 'Distribution'],
      availableLifecycles: [{ name: 'promotional_piece_lifecycle__c', label: 'Promotional Piece Lifecycle' }],
    });
    // The type's own fields: a subtype's are not among them.
    const own = body.properties.map((f: any) => f.name);
    expect(own).toEqual(expect.arrayContaining(['name__v', 'type__v']));
    expect(own).not.toContain('agency__c');
    expect(body).not.toHaveProperty('classifications');
    expect(body.subtypes.map((s: any) => s.name)).toEqual(['advertisement__c', 'sales_aid__c', 'approved_email__c']);
    for (const s of body.subtypes) {
      expect(s.value).toBe(`${base}/types/promotional_piece__c/subtypes/${s.name}`);
      const sub = await get(s.value);
      expect(sub).toMatchObject({ responseStatus: 'SUCCESS', name: s.name, label: s.label });
      expect(sub.properties.length).toBeGreaterThan(0);
    }
  });

  it('a type without subtypes carries its field list and no subtypes', async () => {
    const body = await get('/metadata/objects/documents/types/label__c');
    expect(body).not.toHaveProperty('subtypes');
    expect(body).not.toHaveProperty('processes');
    const names = body.properties.map((f: any) => f.name);
    expect(names).toEqual(expect.arrayContaining(['name__v', 'review_priority__c']));
    expect(names).not.toContain('audience__c');
    expect(body.availableLifecycles).toEqual([{ name: 'general_lifecycle__c', label: 'General Lifecycle' }]);
  });

  it('a subtype lists its classifications (followable); fields of the subtype level apply', async () => {
    const body = await get('/metadata/objects/documents/types/promotional_piece__c/subtypes/advertisement__c');
    expect(body.renditions).toEqual(['viewable_rendition__v']); // like the type: its documents' rendition types (gaps.md §12)
    expect(body.classifications).toEqual([
      { name: 'print_advertisement__c', label: 'Print Advertisement', value: `${base}/types/promotional_piece__c/subtypes/advertisement__c/classifications/print_advertisement__c` },
      { name: 'digital_advertisement__c', label: 'Digital Advertisement', value: `${base}/types/promotional_piece__c/subtypes/advertisement__c/classifications/digital_advertisement__c` },
    ]);
    const names = body.properties.map((f: any) => f.name);
    expect(names).toEqual(expect.arrayContaining(['agency__c', 'audience__c', 'channel__c']));
    expect(names).not.toContain('print_run__c');
    const sales = await get('/metadata/objects/documents/types/promotional_piece__c/subtypes/sales_aid__c');
    expect(sales).not.toHaveProperty('classifications');
  });

  it('a classification has properties (with its own fields) and never classifications', async () => {
    const { classifications } = await get('/metadata/objects/documents/types/promotional_piece__c/subtypes/advertisement__c');
    const body = await get(classifications[0].value);
    expect(body).toMatchObject({ name: 'print_advertisement__c', label: 'Print Advertisement', availableLifecycles: [{ name: 'promotional_piece_lifecycle__c' }] });
    expect(body).not.toHaveProperty('classifications');
    expect(body.properties.map((f: any) => f.name)).toEqual(expect.arrayContaining(['print_run__c', 'agency__c', 'channel__c']));
  });

  it('names not at that place in the hierarchy are INVALID_DATA', async () => {
    for (const path of [
      '/metadata/objects/documents/types/nope__c',
      '/metadata/objects/documents/types/advertisement__c',
      '/metadata/objects/documents/types/reference_document__c/subtypes/advertisement__c',
      '/metadata/objects/documents/types/promotional_piece__c/subtypes/sales_aid__c/classifications/print_advertisement__c',
    ]) {
      expect((await get(path)).errors?.[0]?.type, path).toBe('INVALID_DATA');
    }
  });
});
