/** Endpoints 13 and 14: staging files, binding them by MDL, listing a component's files. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSim, V, testSim } from '../helpers/sim';

const MAX = 4096;
let sim: TestSim;
let admin: string;
let alice: string;

beforeAll(async () => {
  sim = testSim({ settings: { throttling: false, uploadMaxBytes: MAX } });
  admin = await sim.login('tenant.admin@acme.example');
  alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
});
afterAll(() => expect(sim.breaches).toEqual([]));

const sha1 = (b: Uint8Array | string) => createHash('sha1').update(b).digest('hex');
const pdfBytes = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

async function upload(bytes: Uint8Array, filename: string, session = admin, type?: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], type ? { type } : {}), filename);
  return sim.json('POST', '/api/mdl/files', session, { body: form });
}
const mdl = (script: string) => sim.json('POST', '/api/mdl/execute', admin, { body: script, headers: { 'Content-Type': 'text/plain' } });
const files = (key: string, session = admin) => sim.json('GET', `/api/mdl/components/${key}/files`, session);
const staging = () => sim.world.mdlStaging.of(sim.world.tenants.byDnsName('promo.acme.example')!.id);

describe('endpoint 13: staging a file', () => {
  it('stages a multipart part `file` with size, format and a SHA-1 matching node:crypto', async () => {
    const bytes = pdfBytes('watermark one');
    const r = await upload(bytes, 'Confidential Watermark.pdf', admin, 'application/pdf');
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.data).toEqual({
      name__v: `Confidential_Watermark_${sha1(bytes).slice(0, 8)}.pdf`,
      format__v: 'application/pdf',
      size__v: bytes.byteLength,
      sha1_checksum__v: sha1(bytes),
    });
    expect(staging().has(r.data.name__v)).toBe(true);
  });

  it('takes the format from the extension when the part declares none', async () => {
    const r = await upload(new TextEncoder().encode('<html></html>'), 'template.html', admin);
    expect(r.data.format__v).toBe('text/html');
    const other = await upload(new Uint8Array([1, 2, 3]), 'blob', admin);
    expect(other.data.format__v).toBe('application/octet-stream');
  });

  it('accepts a form-urlencoded body whose `file` field holds text', async () => {
    const text = 'Hello {{name__v}}';
    const r = await sim.json('POST', '/api/mdl/files', admin, { form: { file: text, filename: 'greeting.txt' } });
    expect(r.data).toMatchObject({ format__v: 'text/plain', size__v: Buffer.byteLength(text), sha1_checksum__v: sha1(text) });
    expect(r.data.name__v).toMatch(/^greeting_[0-9a-f]{8}\.txt$/);
  });

  it('bounds the size: uploadMaxBytes passes, one more byte is EXCEEDS_FILE_MAX_SIZE', async () => {
    expect((await upload(new Uint8Array(MAX).fill(65), 'max.bin')).responseStatus).toBe('SUCCESS');
    const r = await upload(new Uint8Array(MAX + 1).fill(66), 'over.bin');
    expect(r).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'EXCEEDS_FILE_MAX_SIZE', message: `The file exceeds the maximum size of ${MAX} bytes.` }] });
    expect(staging().list().some((f) => f.original_name__v === 'over.bin')).toBe(false);
  });

  it('needs the `file` part', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const r = await sim.json('POST', '/api/mdl/files', admin, { body: form });
    expect(r.responseStatus).toBe('FAILURE');
    expect(['PARAMETER_REQUIRED', 'INVALID_DATA']).toContain(r.errors[0].type);
  });

  it('refuses an ordinary user with INSUFFICIENT_ACCESS', async () => {
    const r = await upload(pdfBytes('alice'), 'alice.pdf', alice);
    expect(r.errors[0].type).toBe('INSUFFICIENT_ACCESS');
    expect(staging().list().some((f) => f.original_name__v === 'alice.pdf')).toBe(false);
  });
});

describe('binding a staged file, then endpoint 14', () => {
  it('an Overlaytemplate referencing the name__v binds the file: listed by 14, gone from staging, a second bind fails', async () => {
    const bytes = pdfBytes('overlay for binding');
    const staged = (await upload(bytes, 'overlay.pdf', admin, 'application/pdf')).data;
    const bind = await mdl(`CREATE Overlaytemplate confidential__c (label('Confidential'), file('${staged.name__v}'));`);
    expect(bind.responseStatus, JSON.stringify(bind)).toBe('SUCCESS');
    expect(staging().has(staged.name__v)).toBe(false);

    const listed = await files('Overlaytemplate.confidential__c', alice);
    expect(listed.responseStatus).toBe('SUCCESS');
    expect(listed.data).toEqual([{ ...staged, original_name__v: 'overlay.pdf' }]);
    expect(listed.data[0].sha1_checksum__v).toBe(sha1(bytes));
    expect(listed.links).toContainEqual({ rel: 'self', href: 'http://localhost:8080/tenants/promo.acme.example/api/mdl/components/Overlaytemplate.confidential__c/files', method: 'GET', accept: 'application/json' });

    const again = await mdl(`CREATE Signaturepage reuse__c (label('Reuse'), file('${staged.name__v}'));`);
    expect(again.responseStatus).toBe('FAILURE');
    expect(again.statement_execution[0].errors[0].message).toContain('staging');
    expect((await sim.json('GET', `/api/${V}/configuration/Signaturepage.reuse__c`, admin)).responseStatus).toBe('FAILURE');
  });

  it('a Formattedoutput template: replacing the file rebinds; a failed script leaves the file staged', async () => {
    const v1 = (await upload(new TextEncoder().encode('<p>v1</p>'), 'summary.html')).data;
    expect((await mdl(`CREATE Formattedoutput summary__c (label('Summary'), root_object('Object.product__v'), output_type('PDF'), template('${v1.name__v}'));`)).responseStatus).toBe('SUCCESS');
    const v2 = (await upload(new TextEncoder().encode('<p>v2</p>'), 'summary.html')).data;
    expect(v2.name__v).not.toBe(v1.name__v);
    const failed = await mdl(`ALTER Formattedoutput summary__c (template('${v2.name__v}'));\nCREATE Picklist bad__c (label('${'x'.repeat(41)}'));`);
    expect(failed.responseStatus).toBe('FAILURE');
    expect(staging().has(v2.name__v)).toBe(true);
    expect((await files('Formattedoutput.summary__c')).data.map((f: any) => f.name__v)).toEqual([v1.name__v]);
    expect((await mdl(`ALTER Formattedoutput summary__c (template('${v2.name__v}'));`)).responseStatus).toBe('SUCCESS');
    const listed = await files('Formattedoutput.summary__c');
    expect(listed.data).toEqual([{ ...v2, original_name__v: 'summary.html' }]);
  });

  it('a file reference that was never staged fails with a clear message', async () => {
    const r = await mdl(`CREATE Signaturepage ghost__c (label('Ghost'), file('never_uploaded.pdf'));`);
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.statement_execution[0].errors[0].message).toMatch(/never_uploaded\.pdf.*staging/);
  });

  it('lists the files bound in the default fixtures', async () => {
    const r = await files('Formattedoutput.product_summary__c', alice);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ name__v: 'promo_summary_template.html', original_name__v: 'promo_summary_template.html', format__v: 'text/html' });
    const o = await files('Overlaytemplate.draft_watermark__c', alice);
    expect(o.data[0]).toMatchObject({ name__v: 'draft_watermark.pdf', format__v: 'application/pdf' });
    expect(o.data[0].sha1_checksum__v).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers an empty list for a component without files and INVALID_DATA for an unknown one', async () => {
    expect((await files('Picklist.audience__c')).data).toEqual([]);
    expect((await files('Overlaytemplate.nope__c')).errors[0].type).toBe('INVALID_DATA');
  });
});
