/**
 * recordField (issue 19) gives exactly the value a whole record holds, for every field of every
 * version: of the default world, of a generated world, and of generated documents whose stored
 * fields collide with the fields the service sets (every layer's precedence), without building
 * the record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { generateFixtures, writeFixtures } from '../../fixtures/generate';
import { loadFixtures } from '../../fixtures/load';
import { createWorld, type World } from '../world';
import { storedFile } from './files';
import { valueOf } from './list-order';
import { DocumentMetadata } from './metadata';
import type { StoredDocument } from './model';
import { recordField } from './record-field';
import { documentRecord } from './records';
import { STANDARD_DEFAULTS } from './standard-fields';
import { forEachVersion } from './test-versions';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Names no record has, or only as inherited members: recordField gives undefined, as valueOf does. */
const ODD_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'nope__c', ''];

/** Compares every field of every version of every document of every tenant; returns how many values it compared. */
function compareWorld(world: World): number {
  let n = 0;
  forEachVersion(world, (view, doc, version) => {
    const record = documentRecord(view, doc, version);
    const names = new Set([...Object.keys(record), ...view.fields.map((f) => f.name), ...ODD_NAMES]);
    for (const name of names) {
      expect(recordField(view, doc, version, name), `${doc.id} ${version.major}.${version.minor} ${name}`).toStrictEqual(valueOf(record, name));
      n++;
    }
  });
  return n;
}

describe('recordField', () => {
  it('equals the record’s value for every field of every version of the default world', () => {
    const world = createWorld(loadFixtures(), manualClock());
    expect(compareWorld(world)).toBeGreaterThan(3000);
  });

  it('equals the record’s value for every field of every version of a generated world', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dms-sim-record-field-'));
    dirs.push(dir);
    writeFixtures(dir, generateFixtures({ documents: 300, seed: 19 }));
    const world = createWorld(loadFixtures(dir), manualClock());
    expect(compareWorld(world)).toBeGreaterThan(300 * 50);
  });

  it('gives fresh copies of arrays and role members, as a record does', () => {
    const view = new DocumentMetadata(createRegistry(sampleRecords())).view();
    const doc = generatedDoc({ language__v: ['en'] }, true);
    const v = doc.versions[0];
    const languages = recordField(view, doc, v, 'language__v') as string[];
    expect(languages).toEqual(['en']);
    expect(languages).not.toBe(v.fields.language__v);
    const owner = recordField(view, doc, v, 'owner__v') as { users: number[] };
    expect(owner).toEqual({ users: [7], groups: [] });
    expect(owner.users).not.toBe(doc.roles.owner__v!.users);
  });

  it('follows the record’s precedence when stored fields collide with the service’s (property)', () => {
    const view = new DocumentMetadata(createRegistry(sampleRecords())).view();
    const names = ['id', 'version_id', 'name__v', 'document_number__v', 'type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'status__v',
      'size__v', 'format__v', 'filename__v', 'md5checksum__v', 'pages__v', 'locked__v', 'binder__v', 'owner__v', 'annotations_all__v',
      'version_created_by__v', ...Object.keys(STANDARD_DEFAULTS), 'color__c', 'constructor', '__proto__'];
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }));
    const fields = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 8 });
    fc.assert(fc.property(fields, fc.boolean(), fc.constantFrom('promotional__c', 'print__c', 'base_document__v', 'unknown__c'), fc.constantFrom('draft__c', 'approved__c', 'gone__c'), fc.boolean(),
      (stored, withFile, doctype, state, locked) => {
        const doc = generatedDoc(stored, withFile, doctype, state, locked);
        const v = doc.versions[0];
        const record = documentRecord(view, doc, v);
        for (const name of new Set([...Object.keys(record), ...names, ...ODD_NAMES])) {
          expect(recordField(view, doc, v, name), name).toStrictEqual(valueOf(record, name));
        }
      }), { numRuns: 300 });
  });
});

function generatedDoc(fields: Record<string, unknown>, withFile: boolean, doctype = 'promotional__c', state = 'draft__c', locked = false): StoredDocument {
  return {
    id: 5, doctype, lifecycle: doctype === 'unknown__c' ? 'nowhere__c' : 'general_lifecycle__c', documentNumber: 'DOC-5', createdDay: 0, createdMs: 1, createdBy: 7,
    roles: { owner__v: { users: [7], groups: [] }, ...(withFile ? { viewer__v: { users: [], groups: [3] } } : {}) },
    binder: false, crosslink: withFile, attachments: [], ...(locked ? { lock: { by: 7, at: 9 } } : {}),
    versions: [{
      major: 1, minor: 2, state, fields, createdDay: 0, createdMs: 2, createdBy: 7, modifiedDay: 0, modifiedMs: 3, modifiedBy: 8,
      ...(withFile ? { file: storedFile('a.txt', new TextEncoder().encode('hello')) } : {}),
    }],
  };
}
