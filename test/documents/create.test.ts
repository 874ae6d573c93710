/** Endpoint 28: multipart and form-urlencoded creation, validation, limits, round trip. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '../../src/domain/documents';
import { testSim } from '../helpers/sim';
import { PROMO, type Personas, api, personas } from './world';

/**
 * One simulator for the file: documents created here are owned by their creator and touch no
 * fixture document; ids are read from the store (`nextId()`) rather than assumed.
 */
let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

/** The id the next created document gets in promo (the fixtures' highest is 130). */
const nextId = () => p.sim.world.documents.store(p.sim.world.tenants.byDnsName(PROMO)!.id).peekNextId();

const create = (session: string, parts: Record<string, string | Blob>, filename = 'upload.txt') => {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, filename);
  }
  return p.sim.json('POST', api('/objects/documents'), session, { body: form });
};
const count = async (session: string) => (await p.sim.json('GET', api('/objects/documents'), session)).size;

describe('multipart create', () => {
  it('create → list → retrieve → download: md5 and size match, the service sets the system fields', async () => {
    const id = nextId();
    expect(id).toBeGreaterThan(130);
    const content = new TextEncoder().encode('Cholecap dosing card\nTake one tablet daily.\n');
    const created = await create(p.bob, {
      file: new Blob([content], { type: 'text/plain' }), name__v: 'Cholecap Dosing Card', type__v: 'Product Label', lifecycle__v: 'General Lifecycle',
      description__v: 'A new label', review_priority__c: 'High', product__v: '00P000000000101',
    }, 'dosing-card.txt');
    expect(created).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'successfully created document', id });

    const list = await p.sim.json('GET', api('/objects/documents?sort=id%20DESC&limit=1'), p.bob);
    const listed = list.documents[0].document;
    expect(listed).toMatchObject({
      id, version_id: `${id}_0_1`, name__v: 'Cholecap Dosing Card', type__v: 'Product Label', lifecycle__v: 'General Lifecycle', status__v: 'Draft',
      format__v: 'text/plain', filename__v: 'dosing-card.txt', size__v: content.byteLength, md5checksum__v: createHash('md5').update(content).digest('hex'),
      major_version_number__v: 0, minor_version_number__v: 1, created_by__v: 61003, owner__v: { users: [61003], groups: [] },
      document_creation_date__v: '2026-01-15T09:00:00.000Z', document_number__v: `DOC-${String(id).padStart(6, '0')}`, description__v: 'A new label',
      review_priority__c: 'high__c', product__v: ['00P000000000101'], locked__v: false,
    });
    const file = await p.sim.call('GET', api(`/objects/documents/${id}/file`), { headers: { Authorization: p.bob } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes).toEqual(content);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(listed.md5checksum__v);
    expect(file.headers.get('content-disposition')).toBe('attachment;filename="dosing-card.txt"');
    // Only its owner (and administrators) see it.
    expect((await p.sim.json('GET', api(`/objects/documents/${id}`), p.alice)).responseStatus).toBe('FAILURE');
    expect((await p.sim.json('GET', api(`/objects/documents/${id}`), p.admin)).document.id).toBe(id);
  });

  it('resolves labels or names to the type, subtype and classification; checks required custom fields', async () => {
    const missing = await create(p.alice, { name__v: 'Ad', type__v: 'Promotional Piece', subtype__v: 'Advertisement', classification__v: 'print_advertisement__c', lifecycle__v: 'Promotional Piece Lifecycle' });
    expect(missing).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [channel__c]' }] });
    const ok = await create(p.alice, {
      name__v: 'Ad', type__v: 'promotional_piece__c', subtype__v: 'Advertisement', classification__v: 'Print Advertisement', lifecycle__v: 'Promotional Piece Lifecycle',
      channel__c: 'Print,web__c', print_run__c: '5000', major_version_number__v: '1', minor_version_number__v: '0',
      file: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]),
    }, 'ad.bin');
    expect(ok.responseStatus).toBe('SUCCESS');
    const doc = (await p.sim.json('GET', api(`/objects/documents/${ok.id}`), p.alice)).document;
    expect(doc).toMatchObject({
      type__v: 'Promotional Piece', subtype__v: 'Advertisement', classification__v: 'Print Advertisement', channel__c: ['print__c', 'web__c'],
      print_run__c: 5000, major_version_number__v: 1, minor_version_number__v: 0, format__v: 'image/png', version_id: `${ok.id}_1_0`,
    });
  });

  it('reports every missing or invalid part, and creates nothing', async () => {
    const before = await count(p.admin);
    const id = nextId();
    expect(await create(p.alice, { description__v: 'no name' })).toEqual({
      responseStatus: 'FAILURE',
      errors: [
        { type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [name__v]' },
        { type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [type__v]' },
        { type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [lifecycle__v]' },
      ],
    });
    const bad = await create(p.alice, {
      name__v: 'x', type__v: 'Promotional Piece', subtype__v: 'Nope', lifecycle__v: 'General Lifecycle', colour__c: 'red',
    });
    expect(bad.errors).toEqual([
      { type: 'INVALID_DATA', message: 'Invalid value [Nope] for parameter [subtype__v] specified' },
      { type: 'ATTRIBUTE_NOT_SUPPORTED', message: 'Attribute [colour__c] is not supported.' },
    ]);
    const wrongLifecycle = await create(p.alice, { name__v: 'x', type__v: 'Product Label', lifecycle__v: 'Promotional Piece Lifecycle' });
    expect(wrongLifecycle.errors).toEqual([{ type: 'INVALID_DATA', message: 'Invalid value [Promotional Piece Lifecycle] for parameter [lifecycle__v] specified' }]);
    const values = await create(p.alice, { name__v: 'x'.repeat(101), type__v: 'Product Label', lifecycle__v: 'General Lifecycle', review_priority__c: 'Sometime', size__v: '5' });
    expect(values.errors.map((e: any) => e.type)).toEqual(['INVALID_DATA', 'INVALID_DATA', 'ATTRIBUTE_NOT_SUPPORTED']);
    expect(await create(p.alice, { name__v: 'x', type__v: 'Product Label', lifecycle__v: 'General Lifecycle', subtype__v: 'Anything' })).toMatchObject({ errors: [{ type: 'INVALID_DATA' }] });
    expect(await count(p.admin)).toBe(before);
    // The failed attempts did not use up an id.
    expect((await create(p.alice, { name__v: 'Next', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' })).id).toBe(id);
  });
});

describe('version numbers', () => {
  it('are integers 0…999999: a larger one is INVALID_DATA and creates nothing; the bound itself is accepted', async () => {
    const before = await count(p.admin);
    const base = { name__v: 'Versioned', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' };
    for (const [part, value] of [
      ['major_version_number__v', '99999999999999999999'], ['major_version_number__v', '1000000'], ['minor_version_number__v', '1000000'],
      ['minor_version_number__v', '1e7'], ['major_version_number__v', '-1'],
    ]) {
      const body = await create(p.alice, { ...base, [part]: value });
      expect(body, `${part}=${value}`).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA' }] });
      expect(body.errors[0].message, `${part}=${value}`).toContain(part);
    }
    expect(await count(p.admin)).toBe(before);
    const id = nextId();
    expect(await create(p.alice, { ...base, major_version_number__v: '999999', minor_version_number__v: '999999' })).toMatchObject({ responseStatus: 'SUCCESS', id });
    expect((await p.sim.json('GET', api(`/objects/documents/${id}`), p.alice)).document).toMatchObject({ version_id: `${id}_999999_999999`, major_version_number__v: 999999 });
  });

  it('the domain refuses them too (a caller other than HTTP), and the OpenAPI create body carries the bound', () => {
    const store = p.sim.world.documents.store(p.sim.world.tenants.byDnsName(PROMO)!.id);
    const alice = p.sim.world.users.get(61002)!;
    const base = { name__v: 'Versioned', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' };
    expect(() => createDocument(store, alice, { ...base, major_version_number__v: '99999999999999999999' }, 1000)).toThrow(/major_version_number__v/);
    expect(() => createDocument(store, alice, { ...base, minor_version_number__v: 1_000_000 }, 1000)).toThrow(/minor_version_number__v/);
    const yaml = readFileSync(new URL('../../spec/openapi.yaml', import.meta.url), 'utf8');
    const create = yaml.slice(yaml.indexOf('operationId: createDocument'));
    expect(create.slice(0, create.indexOf('operationId:', 30))).toMatch(/major_version_number__v:\s+type: integer\s+minimum: 0\s+maximum: 999999/);
  });
});

describe('object references', () => {
  it('a value must name a record of its object where the tenant keeps that object\'s records; elsewhere it is not checked', () => {
    const records = p.sim.world.queries.records!;
    const promo = p.sim.world.tenants.byDnsName(PROMO)!.id;
    const quality = p.sim.world.tenants.byDnsName('quality.acme.example')!.id;
    expect(records.has(promo, 'product__v', '00P000000000101')).toBe(true);
    expect(records.has(promo, 'product__v', 'nope')).toBe(false);
    expect(records.has(quality, 'product__v', '00P000000000101')).toBeUndefined();
    const store = p.sim.world.documents.store(promo);
    const alice = p.sim.world.users.get(61002)!;
    const base = { name__v: 'Referenced', type__v: 'Product Label', lifecycle__v: 'General Lifecycle', product__v: '00P000000000999' };
    expect(() => createDocument(store, alice, base, 1000, () => false)).toThrow(/Invalid value \[00P000000000999\] for field \[product__v\]: no product__v record has this id/);
    // No records of the object to check against: the value is taken as it is.
    const id = createDocument(store, alice, base, 1000, () => undefined);
    expect(store.record(store.get(alice, id)).product__v).toEqual(['00P000000000999']);
  });
});

describe('file names', () => {
  it('an extension naming an inherited object member (x.constructor) is just unknown: octet-stream, and search over content still answers', async () => {
    const id = nextId();
    const created = await create(p.bob, {
      file: new Blob([new TextEncoder().encode('hello from a strange file')], { type: 'application/octet-stream' }),
      name__v: 'Strange Extension', type__v: 'Product Label', lifecycle__v: 'General Lifecycle',
    }, 'x.constructor');
    expect(created).toMatchObject({ responseStatus: 'SUCCESS', id });
    const doc = (await p.sim.json('GET', api(`/objects/documents/${id}`), p.bob)).document;
    expect(doc).toMatchObject({ format__v: 'application/octet-stream', filename__v: 'x.constructor' });
    for (const session of [p.bob, p.admin]) {
      expect(await p.sim.json('GET', api('/objects/documents?search=hello&scope=all'), session)).toMatchObject({ responseStatus: 'SUCCESS' });
      const found = await p.sim.json('POST', `/api/v25.3/query`, session, { form: { q: "SELECT id FROM documents FIND ('hello' SCOPE CONTENT)" } });
      expect(found).toMatchObject({ responseStatus: 'SUCCESS' });
    }
    for (const ext of ['__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const other = await create(p.bob, {
        file: new Blob([new Uint8Array([1, 2, 3])]), name__v: `Strange ${ext}`, type__v: 'Product Label', lifecycle__v: 'General Lifecycle',
      }, `x.${ext}`);
      expect(other, ext).toMatchObject({ responseStatus: 'SUCCESS' });
      expect((await p.sim.json('GET', api(`/objects/documents/${other.id}`), p.bob)).document.format__v, ext).toBe('application/octet-stream');
    }
  });
});

describe('form-urlencoded create and limits', () => {
  it('a form-urlencoded create makes a placeholder (no file)', async () => {
    const id = nextId();
    const body = await p.sim.json('POST', api('/objects/documents'), p.alice, { form: { name__v: 'Placeholder', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' } });
    expect(body).toMatchObject({ responseStatus: 'SUCCESS', id });
    const doc = (await p.sim.json('GET', api(`/objects/documents/${id}`), p.alice)).document;
    expect(doc.size__v).toBe(0);
    expect(doc).not.toHaveProperty('format__v');
    expect((await (await p.sim.call('GET', api(`/objects/documents/${id}/file`), { headers: { Authorization: p.alice } })).json()).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
  });

  it('a file over the upload maximum is EXCEEDS_FILE_MAX_SIZE and leaves nothing behind', async () => {
    const sim = testSim({ settings: { uploadMaxBytes: 1000 } });
    const bob = await sim.login('bob@acme.example', { tenantDNS: 'promo.acme.example' });
    const form = new FormData();
    form.append('name__v', 'Too big');
    form.append('type__v', 'Product Label');
    form.append('lifecycle__v', 'General Lifecycle');
    form.append('file', new Blob([new Uint8Array(1001)]), 'big.bin');
    const body = await sim.json('POST', api('/objects/documents'), bob, { body: form });
    expect(body).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'EXCEEDS_FILE_MAX_SIZE', message: 'The file exceeds the maximum size of 1000 bytes.' }] });
    expect((await sim.json('GET', api('/objects/documents?named_filter=My%20Documents'), bob)).documents.map((d: any) => d.document.name__v)).not.toContain('Too big');
    expect(sim.breaches).toEqual([]);
  });
});
