/** Endpoints 22–24: a document, its versions, one version; addresses followed; no existence leak. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const base = 'http://localhost:8080/tenants/promo.acme.example/api/v25.3/objects/documents';

describe('GET objects/documents/{id} (22)', () => {
  it('answers the latest version with renditions, versions and attachments', async () => {
    const body = await p.sim.json('GET', api('/objects/documents/101'), p.alice);
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.document).toMatchObject({
      id: 101, version_id: '101_1_1', document_number__v: 'PROMO-0101', status__v: 'Draft', format__v: 'application/pdf',
      filename__v: 'cholecap-brochure-v1.1.pdf', size__v: 752, pages__v: 1, created_by__v: 61002, version_created_by__v: 61002,
      document_creation_date__v: '2024-02-05T10:15:00.000Z', version_creation_date__v: '2025-01-20T14:30:00.000Z',
      owner__v: { users: [61002], groups: [] }, editor__v: { users: [], groups: [7002] }, audience__c: ['patient__c'],
    });
    expect(body.document.md5checksum__v).toMatch(/^[0-9a-f]{32}$/);
    expect(body.renditions).toEqual({ viewable_rendition__v: `${base}/101/renditions/viewable_rendition__v` });
    expect(body.versions).toEqual([
      { number: '0.1', value: `${base}/101/versions/0/1` },
      { number: '1.0', value: `${base}/101/versions/1/0` },
      { number: '1.1', value: `${base}/101/versions/1/1` },
    ]);
    expect(body.attachments).toEqual([
      { id: 1, url: `${base}/101/attachments/1/file` },
      { id: 2, url: `${base}/101/attachments/2/file` },
    ]);
  });

  it('binder and CrossLink flags are true when set, false otherwise (gaps.md §13: always present)', async () => {
    expect((await p.sim.json('GET', api('/objects/documents/107'), p.alice)).document.binder__v).toBe(true);
    expect((await p.sim.json('GET', api('/objects/documents/108'), p.alice)).document.crosslink__v).toBe(true);
    const plain = (await p.sim.json('GET', api('/objects/documents/105'), p.alice)).document;
    expect(plain.binder__v).toBe(false);
    expect(plain.crosslink__v).toBe(false);
  });

  it('a placeholder has size 0, no format and no renditions', async () => {
    const body = await p.sim.json('GET', api('/objects/documents/109'), p.bob);
    expect(body.document.size__v).toBe(0);
    expect(body.document).not.toHaveProperty('format__v');
    expect(body.document).not.toHaveProperty('md5checksum__v');
    expect(body.renditions).toEqual({});
  });

  it('unknown and inaccessible ids get the same FAILURE', async () => {
    const hidden = await p.sim.json('GET', api('/objects/documents/115'), p.alice); // the tenant administrators' only
    const unknown = await p.sim.json('GET', api('/objects/documents/99999'), p.alice);
    const other = await p.sim.json('GET', api('/objects/documents/201'), p.alice); // a document of another tenant
    expect(hidden).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The resource [115] does not exist' }] });
    expect(unknown).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The resource [99999] does not exist' }] });
    expect(other.errors[0].type).toBe('INVALID_DATA');
  });
});

describe('GET .../versions (23) and .../versions/{major}/{minor} (24)', () => {
  it('lists versions and the latest renditions', async () => {
    const body = await p.sim.json('GET', api('/objects/documents/102/versions'), p.alice);
    expect(body.versions.map((v: any) => v.number)).toEqual(['0.1', '0.2', '1.0']);
    expect(body.renditions).toEqual({ viewable_rendition__v: `${base}/102/renditions/viewable_rendition__v` });
  });

  it('every version address works when followed; renditions is an array of one object', async () => {
    const { versions } = await p.sim.json('GET', api('/objects/documents/101/versions'), p.alice);
    for (const v of versions) {
      const body = await p.sim.json('GET', v.value, p.alice);
      const [major, minor] = v.number.split('.').map(Number);
      expect(body.document).toMatchObject({ id: 101, major_version_number__v: major, minor_version_number__v: minor, version_id: `101_${major}_${minor}` });
      expect(body.versions).toEqual([v]);
      // A client reads renditions.viewable_rendition__v of 24, as of 22 (gaps.md §12: an object).
      expect(body.renditions).toEqual({ viewable_rendition__v: `${base}/101/versions/${major}/${minor}/renditions/viewable_rendition__v` });
      expect(body.attachments).toHaveLength(2);
    }
  });

  it('a steady-state version keeps its own state and fields; the later draft is the latest', async () => {
    const steady = await p.sim.json('GET', api('/objects/documents/101/versions/1/0'), p.alice);
    expect(steady.document).toMatchObject({ status__v: 'Approved for Distribution', version_created_by__v: 61003, description__v: 'Patient brochure explaining cholesterol management with Cholecap' });
    const latest = await p.sim.json('GET', api('/objects/documents/101'), p.alice);
    expect(latest.document.description__v).toBe('Revision with updated safety information');
  });

  it('an unknown version, or a version of a hidden document, is INVALID_DATA', async () => {
    expect((await p.sim.json('GET', api('/objects/documents/101/versions/9/9'), p.alice)).errors[0].type).toBe('INVALID_DATA');
    expect((await p.sim.json('GET', api('/objects/documents/115/versions/1/0'), p.alice)).errors[0]).toEqual({ type: 'INVALID_DATA', message: 'The resource [115] does not exist' });
    expect((await p.sim.json('GET', api('/objects/documents/115/versions'), p.alice)).responseStatus).toBe('FAILURE');
    expect((await p.sim.json('GET', api('/objects/documents/102/versions/1/0'), p.bob)).errors[0]).toEqual({ type: 'INVALID_DATA', message: 'The resource [102] does not exist' });
  });
});
