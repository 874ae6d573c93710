import { readdirSync, readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { fieldValue } from './create';
import { detectFormat, simplePdf, storedFile, textOf } from './files';
import { DocumentMetadata } from './metadata';
import { THUMBNAIL, thumbnailOf } from './thumbnail';

describe('metadata view over the registry', () => {
  const registry = createRegistry(sampleRecords());
  const metadata = new DocumentMetadata(registry);

  it('reads the Doctype hierarchy through parent', () => {
    const view = metadata.view();
    expect(view.types().map((t) => t.name)).toEqual(['promotional__c']);
    expect(view.doctype('print__c')).toMatchObject({ level: 'classification', chain: ['promotional__c', 'advertisement__c', 'print__c'] });
    expect(view.resolve('Promotional Piece')?.name).toBe('promotional__c');
    expect(view.resolve('advertisement', 'promotional__c')?.name).toBe('advertisement__c');
    expect(view.availableLifecycles('print__c').map((l) => l.name)).toEqual(['general_lifecycle__c']);
    expect(view.renditionTypes('print__c')).toEqual(['viewable_rendition__v']);
    expect(view.ownRenditionTypes('print__c')).toEqual([]);
  });

  it('applies base, defined_in and shared fields along the chain', () => {
    const view = metadata.view();
    const names = (d: string) => view.fieldsFor(d).map((f) => f.name);
    expect(names('print__c')).toEqual(expect.arrayContaining(['name__v', 'product__v', 'color__c', 'budget__c']));
    expect(view.fieldByName.get('product__v')).toMatchObject({ shared: true, usedIn: [{ key: 'promotional__c', type: 'type' }], objectType: 'product__v' });
    expect(view.fieldByName.get('color__c')).toMatchObject({ definedIn: 'promotional__c', picklist: 'color__c', entries: [{ name: 'red__c', label: 'Red' }, { name: 'green__c', label: 'Green' }, { name: 'max__c', label: 'Max' }] });
  });

  it('is cached per revision and recomputed after a change', () => {
    const first = metadata.view();
    expect(metadata.view()).toBe(first);
    registry.put({ type: 'Doctype', name: 'memo__c', attributes: { label: 'Memo', parent: 'Doctype.base_document__v' }, subcomponents: {} });
    expect(metadata.view()).not.toBe(first);
    expect(metadata.view().types().map((t) => t.name)).toEqual(['promotional__c', 'memo__c']);
  });
});

describe('files', () => {
  it('writes a valid PDF: the xref offsets point at each object', () => {
    const text = Buffer.from(simplePdf(['Hello (world)', 'Zürich'])).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(text.slice(o, o + 7)).toBe(`${i + 1} 0 obj`));
    expect(textOf(storedFile('a.pdf', simplePdf(['Hello (world)'])))).toBe('Hello (world)');
  });

  it('detects the format from content, then extension, then the declared type', () => {
    expect(detectFormat('x.bin', simplePdf([]))).toBe('application/pdf');
    expect(detectFormat('x.txt', new Uint8Array([104, 105]))).toBe('text/plain');
    expect(detectFormat('x', new Uint8Array([1]), 'application/vnd.custom')).toBe('application/vnd.custom');
    expect(storedFile('a.txt', new TextEncoder().encode('abc'))).toMatchObject({ size: 3, md5: '900150983cd24fb0d6963f7d28e17f72', pages: 1 });
  });

  it('an extension naming an inherited object member is unknown; textOf never throws on a file without a text format', () => {
    for (const ext of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      expect(detectFormat(`x.${ext}`, new Uint8Array([1])), ext).toBe('application/octet-stream');
      expect(detectFormat(`x.${ext}`, new Uint8Array([1]), 'text/plain'), ext).toBe('text/plain');
    }
    const odd = { filename: 'x', format: undefined as unknown as string, bytes: new Uint8Array([104, 105]), size: 2, md5: '', pages: 1 };
    expect(textOf(odd)).toBe('');
  });

  it('thumbnails are deterministic PNGs of the thumbnail size', () => {
    const file = storedFile('a.txt', new TextEncoder().encode('abc'));
    const png = PNG.sync.read(Buffer.from(thumbnailOf(file)));
    expect([png.width, png.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    expect(thumbnailOf(file)).toEqual(thumbnailOf(file));
    expect(PNG.sync.read(Buffer.from(thumbnailOf(undefined))).width).toBe(THUMBNAIL.width);
  });
});

describe('field values on create', () => {
  const f = (type: string, extra: object = {}) => ({ name: 'x__c', type, repeating: false, ...extra }) as never;
  it('checks and converts by type', () => {
    expect(fieldValue(f('Number', { minValue: 0, maxValue: 10 }), '7')).toEqual({ value: 7 });
    expect(fieldValue(f('Number', { minValue: 0, maxValue: 10 }), '11').problem).toMatch(/maximum/);
    expect(fieldValue(f('Boolean'), 'TRUE')).toEqual({ value: true });
    expect(fieldValue(f('Date'), '2025-02-30').problem).toBeDefined();
    expect(fieldValue(f('DateTime'), '2025-02-03T04:05:06Z')).toEqual({ value: '2025-02-03T04:05:06.000Z' });
    expect(fieldValue(f('String', { maxLength: 3, repeating: true }), 'ab, cd')).toEqual({ value: ['ab', 'cd'] });
    expect(fieldValue(f('String', { maxLength: 3 }), 'abcd').problem).toMatch(/longer/);
    expect(fieldValue(f('Picklist', { entries: [{ name: 'red__c', label: 'Red' }] }), 'red')).toEqual({ value: 'red__c' });
  });
});

describe('module size', () => {
  it('every source file of the documents domain stays within 300 lines (split by concept)', () => {
    const dir = new URL('.', import.meta.url);
    const long = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => ({ f, lines: readFileSync(new URL(f, dir), 'utf8').split('\n').length }))
      .filter((x) => x.lines > 300);
    expect(long).toEqual([]);
  });
});
