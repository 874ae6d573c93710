/**
 * Records filled in a blank of their shape (record-shape.ts) are the records built key by key:
 * the same keys in the same order, the same values, the same JSON text, for every version of the
 * default world and for generated stored fields (collisions with the service's fields, odd names,
 * `__proto__`), and the shapes with a blank stay bounded.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { loadFixtures } from '../../fixtures/load';
import { createWorld } from '../world';
import { storedFile } from './files';
import { DocumentMetadata, type MetadataView } from './metadata';
import type { StoredDocument } from './model';
import { blankOf, forgetShapes, SHAPES_MAX, shapeKey, shapesKnown } from './record-shape';
import { documentRecord, documentRecordKeyByKey } from './records';
import { forEachVersion } from './test-versions';

/** Two records are the same: keys in order, values, JSON text and prototype. */
function expectSame(a: Record<string, unknown>, b: Record<string, unknown>): void {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  // key by key (a record may hold its own `constructor`, which a whole-object comparison takes for its type)
  for (const k of Object.keys(a)) expect(Object.getOwnPropertyDescriptor(a, k)?.value, k).toStrictEqual(Object.getOwnPropertyDescriptor(b, k)?.value);
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
}

function docWith(fields: Record<string, unknown>, withFile: boolean, doctype = 'promotional__c'): StoredDocument {
  return {
    id: 5, doctype, lifecycle: 'general_lifecycle__c', documentNumber: 'DOC-5', createdDay: 0, createdMs: 1, createdBy: 7,
    roles: { owner__v: { users: [7], groups: [] } }, binder: false, crosslink: false, attachments: [],
    versions: [{
      major: 1, minor: 0, state: 'draft__c', fields, createdDay: 0, createdMs: 2, createdBy: 7, modifiedDay: 0, modifiedMs: 3, modifiedBy: 8,
      ...(withFile ? { file: storedFile('a.txt', new TextEncoder().encode('hello')) } : {}),
    }],
  };
}

const sampleView = (): MetadataView => new DocumentMetadata(createRegistry(sampleRecords())).view();

/** The shape of a version's record (as documentRecord keys it). */
const shapeOf = (view: MetadataView, doc: StoredDocument, version = doc.versions.at(-1)!) =>
  shapeKey(version.fields, view.doctype(doc.doctype)?.chain.length ?? 1, version.file !== undefined);

/** A record asked for three times: the first two are built key by key (the second learns the shape), the third is filled in its blank, which must exist. */
function filled(view: MetadataView, doc: StoredDocument, version = doc.versions.at(-1)!): Record<string, unknown> {
  documentRecord(view, doc, version);
  documentRecord(view, doc, version);
  if (!Object.hasOwn(version.fields, '__proto__')) expect(blankOf(shapeOf(view, doc, version))).toBeTruthy();
  return documentRecord(view, doc, version);
}

beforeEach(() => forgetShapes());

describe('a record filled in its shape’s blank', () => {
  it('is the record built key by key, for every version of the default world (each asked for three times: seen, learnt, then filled)', () => {
    const world = createWorld(loadFixtures(), manualClock());
    const n = forEachVersion(world, (view, doc, version) => expectSame(filled(view, doc, version), documentRecordKeyByKey(view, doc, version)));
    expect(n).toBeGreaterThan(50);
  });

  it('is the record built key by key for any stored fields, their order, the Doctype chain and the file (property)', () => {
    const view = sampleView();
    const names = ['id', 'version_id', 'name__v', 'document_number__v', 'type__v', 'subtype__v', 'status__v', 'size__v', 'format__v',
      'locked__v', 'owner__v', 'language__v', 'color__c', 'constructor', 'toString', '__proto__', '7', '0', 'z__c'];
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 4 }), fc.integer(), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }));
    const fields = fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 8 }).map((pairs) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of pairs) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
    fc.assert(fc.property(fields, fc.boolean(), fc.constantFrom('promotional__c', 'print__c', 'base_document__v', 'unknown__c'), (stored, withFile, doctype) => {
      forgetShapes(); // each run from none known: a full table must not leave the runs comparing the key-by-key build with itself
      const doc = docWith(stored, withFile, doctype);
      const reference = documentRecordKeyByKey(view, doc);
      expectSame(filled(view, doc), reference);
      if (Object.hasOwn(reference, '__proto__')) expect(Object.getOwnPropertyDescriptor(documentRecord(view, doc), '__proto__')?.value).toStrictEqual(stored.__proto__);
    }), { numRuns: 400 });
  });

  it('keeps the stored fields’ order: the same names in another order are another shape', () => {
    const view = sampleView();
    const ab = docWith({ a__c: 1, b__c: 2, name__v: 'x' }, true);
    const ba = docWith({ b__c: 2, a__c: 1, name__v: 'x' }, true);
    for (const doc of [ab, ba, ab, ba]) expectSame(filled(view, doc), documentRecordKeyByKey(view, doc));
    expect(Object.keys(documentRecord(view, ba)).slice(2, 4)).toEqual(['b__c', 'a__c']);
    expect(shapesKnown()).toBe(2);
  });

  it('knows at most SHAPES_MAX shapes: then it forgets them all and learns again, records unchanged', () => {
    const view = sampleView();
    for (let i = 0; i < SHAPES_MAX + 20; i++) {
      const doc = docWith({ [`f${i}__c`]: i, name__v: `n${i}` }, i % 2 === 0);
      expectSame(filled(view, doc), documentRecordKeyByKey(view, doc));
      expect(shapesKnown()).toBe(i < SHAPES_MAX ? i + 1 : i + 1 - SHAPES_MAX);
    }
  });

  it('tells apart field names that would run together (a name holding the separator of another key)', () => {
    const view = sampleView();
    const one = docWith({ ['a\u0000b']: 1 }, true);
    const two = docWith({ a: 1, b: 2 }, true);
    expect(shapeOf(view, one)).not.toBe(shapeOf(view, two));
    for (const doc of [one, two, one, two]) expectSame(filled(view, doc), documentRecordKeyByKey(view, doc));
  });

  it('builds a record of 128 keys or more key by key (no blank: V8 would make such a literal a dictionary)', () => {
    const view = sampleView();
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`c${i}__c`, i]));
    const doc = docWith(many, true);
    documentRecord(view, doc);
    documentRecord(view, doc); // seen twice: learnt
    expect(shapesKnown()).toBe(1);
    expect(blankOf(shapeOf(view, doc))).toBeNull(); // known, built key by key
    expectSame(documentRecord(view, doc), documentRecordKeyByKey(view, doc));
  });

  it('is the names (in order), chain and file, whatever the object, however many name lists came between (more than it remembers)', () => {
    const lists = Array.from({ length: 12 }, (_, i) => Array.from({ length: (i % 5) + 1 }, (_, k) => `f${(i * 7 + k) % 11}__c`));
    const expected = (names: string[], chain: number, file: boolean) => `${Math.min(3, chain)}${file ? 'f' : 'n'}${JSON.stringify(names)}`;
    fc.assert(fc.property(fc.nat(lists.length - 1), fc.integer({ min: 1, max: 5 }), fc.boolean(), (i, chain, file) => {
      const names = lists[i];
      expect(shapeKey(Object.fromEntries(names.map((n) => [n, i])), chain, file)).toBe(expected(names, chain, file));
    }), { numRuns: 400 });
    const a = shapeKey({ x__c: 1, y__c: 2 }, 1, true);
    expect(shapeKey({ x__c: 'other', y__c: null }, 1, true)).toBe(a);
    expect(shapeKey({ y__c: 2, x__c: 1 }, 1, true)).not.toBe(a);
    expect(shapeKey({ x__c: 1, y__c: 2 }, 2, true)).not.toBe(a);
    expect(shapeKey({ x__c: 1, y__c: 2 }, 1, false)).not.toBe(a);
    expect(shapeKey({ x__c: 1, y__c: 2 }, 7, true)).toBe(shapeKey({ x__c: 1, y__c: 2 }, 3, true));
  });

  it('compiles no blank for a shape seen once, nor for shapes cycling through more than it remembers', () => {
    const view = sampleView();
    const docs = Array.from({ length: 300 }, (_, i) => docWith({ [`g${i}__c`]: i }, true));
    for (let round = 0; round < 2; round++) {
      for (const doc of docs) expectSame(documentRecord(view, doc), documentRecordKeyByKey(view, doc));
    }
    expect(shapesKnown()).toBe(0); // each shape's second sighting came 299 shapes after its first
    documentRecord(view, docs[0]);
    expect(shapesKnown()).toBe(0);
    documentRecord(view, docs[0]); // seen again at once: learnt
    expect(shapesKnown()).toBe(1);
    expect(blankOf(shapeOf(view, docs[0]))).toBeTruthy();
  });
});
