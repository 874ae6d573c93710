/** Endpoints 25–27, renditions and attachments: bytes, headers (gaps.md §9), PNG thumbnails. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const fixtureFile = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/default/files/${name}`, import.meta.url)));
const get = (path: string, session: string) => p.sim.call('GET', path.startsWith('http') ? path : api(path), { headers: { Authorization: session } });
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe('GET .../file (25) and .../versions/{major}/{minor}/file (26)', () => {
  it('answers the latest source file byte for byte, as octet-stream with a filename', async () => {
    const res = await get('/objects/documents/101/file', p.alice);
    expect(res.headers.get('content-type')).toBe('application/octet-stream;charset=UTF-8');
    expect(res.headers.get('content-disposition')).toBe('attachment;filename="cholecap-brochure-v1.1.pdf"');
    const body = await bytes(res);
    expect(body).toEqual(fixtureFile('cholecap-brochure-v1.1.pdf'));
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    const doc = (await p.sim.json('GET', api('/objects/documents/101'), p.alice)).document;
    expect(md5(body)).toBe(doc.md5checksum__v);
    expect(body.byteLength).toBe(doc.size__v);
  });

  it('answers each version its own file; a version without a new file keeps the one before', async () => {
    expect(await bytes(await get('/objects/documents/101/versions/0/1/file', p.alice))).toEqual(fixtureFile('cholecap-brochure-v0.1.pdf'));
    expect(await bytes(await get('/objects/documents/101/versions/1/0/file', p.alice))).toEqual(fixtureFile('cholecap-brochure-v1.0.pdf'));
    expect(await bytes(await get('/objects/documents/102/versions/1/0/file', p.alice))).toEqual(fixtureFile('nyaxa-print-ad-v2.pdf'));
  });

  it('images and text come back unchanged', async () => {
    expect(await bytes(await get('/objects/documents/112/file', p.bob))).toEqual(fixtureFile('product-photo.jpg'));
    expect(await bytes(await get('/objects/documents/104/file', p.bob))).toEqual(fixtureFile('email-nyaxa-hcp.txt'));
  });

  it('a placeholder has no file: OPERATION_NOT_ALLOWED', async () => {
    const body = await (await get('/objects/documents/109/file', p.bob)).json();
    expect(body).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'OPERATION_NOT_ALLOWED' }] });
  });

  it('a hidden document answers like an unknown one', async () => {
    const body = await (await get('/objects/documents/115/file', p.alice)).json(); // the administrators' only
    expect(body).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The resource [115] does not exist' }] });
    const bobs = await (await get('/objects/documents/102/file', p.bob)).json(); // marketing's, alice only
    expect(bobs).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The resource [102] does not exist' }] });
  });
});

describe('GET .../thumbnail (27)', () => {
  it('is a real PNG of the thumbnail size, the same bytes each time', async () => {
    const res = await get('/objects/documents/101/versions/1/1/thumbnail', p.alice);
    expect(res.headers.get('content-type')).toBe('image/png');
    const first = await bytes(res);
    const png = PNG.sync.read(Buffer.from(first));
    expect([png.width, png.height]).toEqual([120, 160]);
    expect(await bytes(await get('/objects/documents/101/versions/1/1/thumbnail', p.alice))).toEqual(first);
    const other = await bytes(await get('/objects/documents/101/versions/0/1/thumbnail', p.alice));
    expect(other).not.toEqual(first); // another file, another picture
  });

  it('a PNG source is scaled down into the box, keeping its aspect', async () => {
    const png = PNG.sync.read(Buffer.from(await bytes(await get('/objects/documents/111/versions/0/1/thumbnail', p.alice))));
    expect([png.width, png.height]).toEqual([120, 40]); // 300 × 100 source
    const small = PNG.sync.read(Buffer.from(await bytes(await get('/objects/documents/110/versions/1/0/thumbnail', p.alice))));
    expect([small.width, small.height]).toEqual([64, 48]); // never enlarged
  });
});

describe('renditions and attachments (addresses handed out by 22–24)', () => {
  it('the rendition of a PDF is the PDF; of a text file a generated PDF', async () => {
    const { renditions } = await p.sim.json('GET', api('/objects/documents/101'), p.alice);
    expect(await bytes(await get(renditions.viewable_rendition__v, p.alice))).toEqual(fixtureFile('cholecap-brochure-v1.1.pdf'));
    const text = await p.sim.json('GET', api('/objects/documents/104'), p.alice);
    const res = await get(text.renditions.viewable_rendition__v, p.alice);
    expect(res.headers.get('content-disposition')).toBe('attachment;filename="email-nyaxa-hcp.pdf"');
    const pdf = Buffer.from(await bytes(res)).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Nyaxa 52-Week Data HCP Email) Tj');
  });

  it('a version rendition and an unknown rendition type', async () => {
    const body = await p.sim.json('GET', api('/objects/documents/101/versions/0/1'), p.alice);
    expect(await bytes(await get(body.renditions.viewable_rendition__v, p.alice))).toEqual(fixtureFile('cholecap-brochure-v0.1.pdf'));
    expect((await (await get('/objects/documents/101/renditions/nope__v', p.alice)).json()).errors[0].type).toBe('INVALID_DATA');
  });

  it('attachments download from their url', async () => {
    const { attachments } = await p.sim.json('GET', api('/objects/documents/101'), p.alice);
    const res = await get(attachments[1].url, p.alice);
    expect(res.headers.get('content-disposition')).toBe('attachment;filename="cholecap-logo.png"');
    expect(await bytes(res)).toEqual(fixtureFile('cholecap-logo.png'));
    expect((await (await get('/objects/documents/101/attachments/9/file', p.alice)).json()).errors[0].type).toBe('INVALID_DATA');
  });
});
