/**
 * Endpoint 22's kept answers (issue 10): a repeated retrieve answers the very same bytes, per
 * address the client used (public base, tenant, API version), and any change of the document or of
 * the configuration shows in the next answer.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { latestVersion } from '../../src/domain/documents';
import { toXml } from '../../src/http/xml';
import { mdl as runMdl, raw as answer } from '../helpers/answers';
import { BASE, V } from '../helpers/sim';
import { PROMO, type Personas, api, personas } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const store = () => p.sim.world.documents.store(p.sim.world.tenants.byDnsName(PROMO)!.id);
/** A retrieve as sent; an absolute address is asked with its Host. */
const raw = (session: string, path: string, headers: Record<string, string> = {}) =>
  answer(p.sim, 'GET', path, session, { headers: { ...(path.startsWith('http') ? { Host: new URL(path).host } : {}), ...headers } });
const text = async (session: string, path: string) => (await raw(session, path)).text;
const retrieve = async (session: string, id: number, path = api(`/objects/documents/${id}`)) => JSON.parse(await text(session, path));
const mdl = (script: string) => runMdl(p.sim, p.admin, script);

describe('a repeated retrieve', () => {
  it('answers identical bytes, those JSON.stringify gives', async () => {
    const a = await text(p.alice, api('/objects/documents/101'));
    expect(await text(p.alice, api('/objects/documents/101'))).toBe(a);
    expect(await text(p.bob, api('/objects/documents/101'))).toBe(a);
    expect(a).toBe(JSON.stringify(JSON.parse(a)));
    const body = JSON.parse(a);
    expect(Object.keys(body)).toEqual(['responseStatus', 'document', 'renditions', 'versions', 'attachments']);
    expect(body.document.id).toBe(101);
    expect(body.versions.map((v: any) => v.number)).toEqual(['0.1', '1.0', '1.1']);
  });

  it('links follow the address used: prefix or Host, and the API version', async () => {
    const prefixed = await retrieve(p.alice, 101);
    const hosted = await retrieve(p.alice, 101, `http://${PROMO}:8080/api/${V}/objects/documents/101`);
    const older = await retrieve(p.alice, 101, api('/objects/documents/101').replace(`/${V}/`, '/v24.1/'));
    expect(prefixed.versions[0].value).toBe(`${BASE}/tenants/${PROMO}/api/${V}/objects/documents/101/versions/0/1`);
    expect(hosted.versions[0].value).toBe(`http://${PROMO}:8080/api/${V}/objects/documents/101/versions/0/1`);
    expect(older.versions[0].value).toBe(`${BASE}/tenants/${PROMO}/api/v24.1/objects/documents/101/versions/0/1`);
    expect(Object.values(hosted.renditions).every((u) => String(u).startsWith(`http://${PROMO}:8080/api/${V}/objects/documents/101/renditions/`))).toBe(true);
    expect((await retrieve(p.alice, 101)).versions[0].value).toBe(prefixed.versions[0].value);
  });
});

describe('a retrieve in XML and in JSON', () => {
  const XML = { Accept: 'application/xml' };
  const path = (id: number) => api(`/objects/documents/${id}`);

  it('XML first: the XML of the same answer; the following JSON answers are the kept JSON bytes', async () => {
    const x1 = await raw(p.alice, path(106), XML);
    const j1 = await raw(p.alice, path(106));
    const x2 = await raw(p.alice, path(106), XML);
    const j2 = await raw(p.alice, path(106));
    expect([x1.status, x1.type, j1.status, j1.type]).toEqual([200, 'application/xml;charset=UTF-8', 200, 'application/json;charset=UTF-8']);
    expect(x1.text).toMatch(/^<\?xml[^>]*\?>\s*<ApiRestResult>/);
    expect(x1.text).toContain('<responseStatus>SUCCESS</responseStatus>');
    expect(x1.text).toContain(`<value>${BASE}/tenants/${PROMO}/api/${V}/objects/documents/106/versions/`);
    const body = JSON.parse(j1.text);
    expect(body).toMatchObject({ responseStatus: 'SUCCESS', document: { id: 106 } });
    expect(j1.text).toBe(JSON.stringify(body));
    expect(x1.text).toBe(toXml('ApiRestResult', body));
    expect(j2.text).toBe(j1.text);
    expect(x2.text).toBe(x1.text);
  });

  it('JSON first: the kept JSON bytes again after an XML answer, which is the XML of the same answer', async () => {
    const j1 = await raw(p.alice, path(111));
    const x1 = await raw(p.alice, path(111), XML);
    const j2 = await raw(p.alice, path(111));
    expect(j1.type).toBe('application/json;charset=UTF-8');
    expect(x1.type).toBe('application/xml;charset=UTF-8');
    expect(j2.text).toBe(j1.text);
    expect(j1.text).not.toContain('<');
    expect(x1.text).toBe(toXml('ApiRestResult', JSON.parse(j1.text)));
    expect(JSON.parse(j1.text).document.id).toBe(111);
  });
});

describe('the next retrieve shows', () => {
  it('a check-out and its undo', async () => {
    expect((await retrieve(p.bob, 103)).document.locked__v).toBe(false);
    expect((await p.sim.json('POST', api('/objects/documents/103/lock'), p.admin)).responseStatus).toBe('SUCCESS');
    expect((await retrieve(p.bob, 103)).document.locked__v).toBe(true);
    expect((await p.sim.json('DELETE', api('/objects/documents/103/lock'), p.admin)).responseStatus).toBe('SUCCESS');
    expect((await retrieve(p.bob, 103)).document.locked__v).toBe(false);
  });

  it('a new version told to the store (versions list, record)', async () => {
    const before = await retrieve(p.alice, 108);
    const doc = store().get(p.sim.world.users.get(61002)!, 108);
    const latest = latestVersion(doc);
    doc.versions.push({ ...latest, major: latest.major + 1, minor: 0, fields: { ...latest.fields, name__v: 'Next major' } });
    store().changed(doc);
    const after = await retrieve(p.alice, 108);
    expect(after.versions.map((v: any) => v.number)).toEqual([...before.versions.map((v: any) => v.number), `${latest.major + 1}.0`]);
    expect(after.document).toMatchObject({ name__v: 'Next major', major_version_number__v: latest.major + 1, minor_version_number__v: 0 });
  });

  it('an MDL change: a Doctype label, a rendition type added to the Doctype and removed again', async () => {
    const before = await retrieve(p.alice, 101);
    expect(before.document.type__v).toBe('Promotional Piece');
    expect((await mdl("ALTER Doctype promotional_piece__c (label('Promo Piece'));")).responseStatus).toBe('SUCCESS');
    expect((await retrieve(p.alice, 101)).document.type__v).toBe('Promo Piece');

    // The viewable rendition comes with the PDF (gaps.md §13); other rendition types follow the Doctype's configuration.
    expect(Object.keys(before.renditions)).toEqual(['viewable_rendition__v']);
    const doctype = store().get(p.sim.world.users.get(61002)!, 101).doctype;
    const added = await mdl(`CREATE Renditiontype print_proof__c (label('Print Proof'), active(true));\nALTER Doctype ${doctype} ( rendition_types ADD ('Renditiontype.print_proof__c') );`);
    expect(added.responseStatus, JSON.stringify(added)).toBe('SUCCESS');
    expect(Object.keys((await retrieve(p.alice, 101)).renditions)).toEqual(['viewable_rendition__v', 'print_proof__c']);
    const run = await mdl(`ALTER Doctype ${doctype} ( rendition_types DROP ('Renditiontype.print_proof__c') );`);
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    expect(Object.keys((await retrieve(p.alice, 101)).renditions)).toEqual(['viewable_rendition__v']);
  });
});
