/**
 * Standard document fields as the real service's clients read them (issue 15, item 7; gaps.md
 * §13): every document record — list, retrieve, a version, a query — carries the standard fields
 * with their defaults; endpoint 15 describes them; a version's renditions name
 * viewable_rendition__v when its file has a viewable rendition.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from '../documents/world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const EMPTY_ROLE = { users: [], groups: [] };
/** Document 106 sets none of these: a client reading them gets the defaults. */
const DEFAULTS = {
  binder__v: false, crosslink__v: false, country__v: [], product__v: [], suppress_rendition__v: 'false',
  allow_download_embedded_viewer__v: false, allow_pdf_download__v: [], restrict_fragments_by_product__v: false, description__v: '',
  annotations_all__v: 0, annotations_links__v: 0, annotations_anchors__v: 0, annotations_notes__v: 0, annotations_lines__v: 0,
  annotations_resolved__v: 0, annotations_unresolved__v: 0,
  coordinator__v: EMPTY_ROLE, approver__v: EMPTY_ROLE, reviewer__v: EMPTY_ROLE, viewer__v: EMPTY_ROLE, editor__v: EMPTY_ROLE,
  consumer__v: EMPTY_ROLE, distribution_contacts__v: EMPTY_ROLE,
};
const FILE_FIELDS = { language__v: ['en'], filename__v: 'literature-lipid-review.txt', pages__v: 1, format__v: 'text/plain' };

const get = (path: string, session = p.alice) => p.sim.json('GET', api(path), session);

describe('every document record carries the standard fields', () => {
  it('retrieve (22): a client reading binder__v, language__v, the role fields ... of a document that sets none gets the defaults', async () => {
    const { document } = await get('/objects/documents/106');
    expect(document).toMatchObject({ ...DEFAULTS, ...FILE_FIELDS, owner__v: { users: [61002], groups: [] } });
  });

  it('the list (21), a version (24), ALLVERSIONS and a query carry the same values', async () => {
    const list = await get('/objects/documents?limit=200');
    const listed = list.documents.find((d: { document: { id: number } }) => d.document.id === 106).document;
    expect(listed).toMatchObject({ ...DEFAULTS, ...FILE_FIELDS });
    const version = await get('/objects/documents/106/versions/0/1');
    expect(version.document).toMatchObject({ ...DEFAULTS, ...FILE_FIELDS, minor_version_number__v: 1 });
    const q = 'SELECT id, binder__v, crosslink__v, country__v, product__v, suppress_rendition__v, allow_pdf_download__v, allow_download_embedded_viewer__v, restrict_fragments_by_product__v, description__v, filename__v, pages__v, annotations_all__v FROM documents WHERE id = 106';
    const row = (await p.sim.json('POST', api('/query'), p.alice, { form: { q } })).data[0];
    expect(row).toEqual({
      id: 106, binder__v: false, crosslink__v: false, country__v: [], product__v: [], suppress_rendition__v: 'false', allow_pdf_download__v: [],
      allow_download_embedded_viewer__v: false, restrict_fragments_by_product__v: false, description__v: '', filename__v: 'literature-lipid-review.txt',
      pages__v: 1, annotations_all__v: 0,
    });
    const all = await p.sim.json('POST', api('/query'), p.alice, { form: { q: 'SELECT id, major_version_number__v, binder__v, product__v FROM ALLVERSIONS documents WHERE id = 106 ORDER BY major_version_number__v ASC' } });
    expect(all.data).toEqual([
      { id: 106, major_version_number__v: 0, binder__v: false, product__v: [] },
      { id: 106, major_version_number__v: 1, binder__v: false, product__v: [] },
    ]);
  });

  it('values a fixture sets are kept; a binder says binder__v true', async () => {
    expect((await get('/objects/documents/103')).document).toMatchObject({ allow_pdf_download__v: ['true'], allow_download_embedded_viewer__v: true, product__v: ['00P000000000103'] });
    expect((await get('/objects/documents/107')).document.binder__v).toBe(true);
  });

  it('a placeholder carries size__v and pages__v 0 and the rest of the defaults', async () => {
    const { document } = await get('/objects/documents/109', p.bob);
    expect(document).toMatchObject({ size__v: 0, pages__v: 0, binder__v: false, suppress_rendition__v: 'false', allow_pdf_download__v: [] });
    expect(document).not.toHaveProperty('filename__v');
  });

  it('endpoint 15 describes each standard field', async () => {
    const { properties } = await get('/metadata/objects/documents/properties');
    const byName = new Map(properties.map((f: { name: string }) => [f.name, f]));
    for (const name of [...Object.keys(DEFAULTS), 'owner__v', 'language__v', 'filename__v', 'pages__v']) expect(byName.has(name), name).toBe(true);
    expect(byName.get('binder__v')).toMatchObject({ type: 'Boolean', systemAttribute: true });
    expect(byName.get('allow_pdf_download__v')).toMatchObject({ type: 'String', repeating: true });
    expect(byName.get('owner__v')).toMatchObject({ type: 'ObjectReference', repeating: true, queryable: false, objectType: 'user__sys' });
  });
});

describe('renditions name viewable_rendition__v when the file has a viewable rendition', () => {
  const renditionsOf = async (id: number) => Object.keys((await get(`/objects/documents/${id}`, p.admin)).renditions);

  it('PDF and image files have one; a plain text file has none unless its fixture says so', async () => {
    expect(await renditionsOf(101)).toEqual(['viewable_rendition__v']); // PDF
    expect(await renditionsOf(110)).toEqual(['viewable_rendition__v']); // PNG
    expect(await renditionsOf(112)).toEqual(['viewable_rendition__v']); // JPEG
    expect(await renditionsOf(106)).toEqual([]); // text
    expect(await renditionsOf(104)).toEqual(['viewable_rendition__v']); // text, the fixture says viewable
    expect(await renditionsOf(109)).toEqual([]); // placeholder
  });

  it('the versions list (23) and each version (24) name it per version', async () => {
    const versions = await get('/objects/documents/101/versions', p.admin);
    expect(versions.renditions).toHaveProperty('viewable_rendition__v');
    const v = await get('/objects/documents/101/versions/0/1', p.admin);
    expect(Object.keys(v.renditions)).toEqual(['viewable_rendition__v']);
  });

  it('a created Office document has one (and its rendition downloads as a PDF); a created text file has none', async () => {
    const create = async (filename: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode('content')], { type }), filename);
      for (const [k, v] of Object.entries({ name__v: `Fidelity ${filename}`, type__v: 'Product Label', lifecycle__v: 'General Lifecycle' })) form.append(k, v);
      const body = await p.sim.json('POST', api('/objects/documents'), p.bob, { body: form });
      expect(body.responseStatus, JSON.stringify(body)).toBe('SUCCESS');
      return body.id as number;
    };
    const docx = await create('plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const retrieved = await get(`/objects/documents/${docx}`, p.bob);
    expect(Object.keys(retrieved.renditions)).toEqual(['viewable_rendition__v']);
    const pdf = await p.sim.call('GET', retrieved.renditions.viewable_rendition__v, { headers: { Authorization: p.bob } });
    expect(pdf.headers.get('content-disposition')).toBe('attachment;filename="plan.pdf"');
    const txt = await create('notes.txt', 'text/plain');
    expect(Object.keys((await get(`/objects/documents/${txt}`, p.bob)).renditions)).toEqual([]);
  });
});
