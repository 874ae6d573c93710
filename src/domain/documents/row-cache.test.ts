/**
 * Records on demand (issue 19): a store keeps the API records of the most recently used versions
 * only (RECORDS_KEPT, by count and estimated bytes), the same frozen object while kept and nothing
 * it shows changed, a new one after a change or a new metadata view; rows carry no record.
 */
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../configuration';
import { sampleRecords } from '../configuration/sample';
import { DocumentMetadata } from './metadata';
import type { StoredDocument } from './model';
import { documentRecord } from './records';
import { fieldsOf, jsonText, jsonTextOrBytes, keepJsonText } from '../json-text';
import { ADMIT_WHEN_FULL, RECORDS_KEPT, RowCache } from './row-cache';

function doc(id: number): StoredDocument {
  return {
    id, doctype: 'promotional__c', lifecycle: 'general_lifecycle__c', documentNumber: `DOC-${id}`, createdDay: 0, createdMs: id, createdBy: 1,
    roles: { owner__v: { users: [1], groups: [] } }, binder: false, crosslink: false, attachments: [],
    versions: [{ major: 0, minor: 1, state: 'draft__c', fields: { name__v: `Document ${id}`, language__v: ['en'] }, createdDay: 0, createdMs: id, createdBy: 1, modifiedDay: 0, modifiedMs: id, modifiedBy: 1 }],
  };
}

describe('the records of a store', () => {
  const registry = createRegistry(sampleRecords());
  const metadata = new DocumentMetadata(registry);

  it('are frozen, and their arrays and role objects are their own copies, not the stored document\'s', () => {
    const cache = new RowCache();
    const d = doc(7);
    const record = cache.record(metadata.view(), d, d.versions[0]);
    expect(Object.isFrozen(record)).toBe(true);
    expect(record.language__v).toEqual(['en']);
    expect(record.language__v).not.toBe(d.versions[0].fields.language__v);
    expect(record.owner__v).toEqual({ users: [1], groups: [] });
    expect((record.owner__v as { users: number[] }).users).not.toBe(d.roles.owner__v!.users);
    // A role nobody holds is one shared value, frozen throughout.
    const other = documentRecord(metadata.view(), doc(8), doc(8).versions[0]);
    expect(record.viewer__v).toEqual({ users: [], groups: [] });
    expect(record.viewer__v).toBe(other.editor__v);
    expect(Object.isFrozen(record.viewer__v) && Object.isFrozen((record.viewer__v as { users: number[] }).users)).toBe(true);
  });

  it('are kept from the second time they are asked for', () => {
    const cache = new RowCache();
    const view = metadata.view();
    const d = doc(1);
    const once = cache.record(view, d, d.versions[0]);
    expect(cache.recordsKept.entries).toBe(0);
    const kept = cache.record(view, d, d.versions[0]);
    expect(kept).not.toBe(once);
    expect(kept).toEqual(once);
    expect(cache.record(view, d, d.versions[0])).toBe(kept);
    expect(cache.recordsKept.entries).toBe(1);
  });

  it('are kept for the most recently used versions only, within both bounds', () => {
    const cache = new RowCache();
    const view = metadata.view();
    const docs = Array.from({ length: RECORDS_KEPT.entries + 500 }, (_, i) => doc(i + 1));
    cache.record(view, docs[0], docs[0].versions[0]);
    const first = cache.record(view, docs[0], docs[0].versions[0]);
    expect(cache.record(view, docs[0], docs[0].versions[0])).toBe(first);
    for (const d of docs) {
      cache.record(view, d, d.versions[0]);
      const r = cache.record(view, d, d.versions[0]);
      expect(Object.isFrozen(r)).toBe(true);
      expect(r).toEqual(documentRecord(view, d, d.versions[0]));
    }
    expect(cache.recordsKept.entries).toBe(RECORDS_KEPT.entries);
    expect(cache.recordsKept.bytes).toBeLessThanOrEqual(RECORDS_KEPT.bytes);
    // The first went out: made again, equal, another object.
    const again = cache.record(view, docs[0], docs[0].versions[0]);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it(`once full, keep one new record in ADMIT_WHEN_FULL (${ADMIT_WHEN_FULL}): a cycle over more records than they hold keeps hitting`, () => {
    const cache = new RowCache();
    const view = metadata.view();
    const docs = Array.from({ length: RECORDS_KEPT.entries + 128 }, (_, i) => doc(i + 1));
    const seen = new Map<StoredDocument, object>();
    let hits = 0;
    for (let pass = 0; pass < 4; pass++) {
      hits = 0;
      for (const d of docs) {
        const r = cache.record(view, d, d.versions[0]);
        if (seen.get(d) === r) hits++;
        seen.set(d, r);
      }
    }
    // Least recently used out for every new record would miss every record of a cycle bigger than the cache.
    expect(hits).toBeGreaterThan(RECORDS_KEPT.entries * 0.75);
    expect(cache.recordsKept.entries).toBe(RECORDS_KEPT.entries);
  });

  it('are made anew after a change of the document (touch) or of the configuration (a new view)', () => {
    const cache = new RowCache();
    const d = doc(1);
    const v = d.versions[0];
    cache.record(metadata.view(), d, v);
    const before = cache.record(metadata.view(), d, v);
    d.lock = { by: 1, at: 5 };
    expect(cache.record(metadata.view(), d, v)).toBe(before); // not told yet
    cache.touch(d);
    const locked = cache.record(metadata.view(), d, v);
    expect(locked).not.toBe(before);
    expect(locked.locked__v).toBe(true);
    const type = registry.get('Doctype', 'promotional__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    const relabelled = cache.record(metadata.view(), d, v);
    expect(relabelled).not.toBe(locked);
    expect(relabelled.type__v).toBe('Promo Piece');
  });

  it('rows carry no record and are the same object while the version stays (or stops being) the latest', () => {
    const cache = new RowCache();
    const d = doc(1);
    const v = d.versions[0];
    const row = cache.row(d, v, true);
    expect(row).toEqual({ document: d, version: v, latest: true });
    expect(cache.row(d, v, true)).toBe(row);
    const older = cache.row(d, v, false);
    expect(older).not.toBe(row);
    expect(older.latest).toBe(false);
    expect(cache.row(d, v, false)).toBe(older);
  });
});

describe('the records of a page of a big world (pageRecord)', () => {
  const registry = createRegistry(sampleRecords());
  const metadata = new DocumentMetadata(registry);
  const BIG = RECORDS_KEPT.entries + 1;
  const written = (record: object) => (jsonTextOrBytes({ document: record }, 0) as Buffer).toString('utf8');

  it('are the store\'s records while its documents fit in the record cache', () => {
    const cache = new RowCache();
    const d = doc(1);
    cache.record(metadata.view(), d, d.versions[0]);
    const kept = cache.record(metadata.view(), d, d.versions[0]);
    expect(cache.pageRecord(metadata.view(), d, d.versions[0], RECORDS_KEPT.entries)).toBe(kept);
    // No JSON-only record in a store whose documents fit: a record made again has its fields.
    const other = doc(2);
    for (let i = 0; i < 3; i++) expect(Object.keys(cache.pageRecord(metadata.view(), other, other.versions[0], RECORDS_KEPT.entries))).toContain('name__v');
  });

  it('in a bigger world: a record made the first time, then its JSON only (no fields), written alike', () => {
    const cache = new RowCache();
    const view = metadata.view();
    const d = doc(5);
    const first = cache.pageRecord(view, d, d.versions[0], BIG);
    expect(first).toEqual(documentRecord(view, d, d.versions[0]));
    const again = cache.pageRecord(view, d, d.versions[0], BIG);
    expect(Object.keys(again)).toEqual([]);
    expect(Object.isFrozen(again)).toBe(true);
    // The same part each time (made once, kept with its bytes), not a new one a page.
    expect(cache.pageRecord(view, d, d.versions[0], BIG)).toBe(again);
    expect(written(again)).toBe(written(first));
    expect(jsonText({ document: again })).toBe(jsonText({ document: first }));
    expect(fieldsOf(again)).toEqual(first);
    expect(cache.recordsKept.entries).toBe(0);
  });

  it('in a bigger world: a kept record is shown as it is, and a change of the document or the view makes the record anew', () => {
    const cache = new RowCache();
    const d = doc(1);
    const v = d.versions[0];
    cache.pageRecord(metadata.view(), d, v, BIG);
    expect(Object.keys(cache.pageRecord(metadata.view(), d, v, BIG))).toEqual([]);
    d.lock = { by: 1, at: 5 };
    cache.touch(d);
    const locked = cache.pageRecord(metadata.view(), d, v, BIG);
    expect(locked.locked__v).toBe(true);
    expect(fieldsOf(cache.pageRecord(metadata.view(), d, v, BIG))).toEqual(locked);
    const type = registry.get('Doctype', 'promotional__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Leaflet' } });
    const relabelled = cache.pageRecord(metadata.view(), d, v, BIG);
    expect(relabelled.type__v).toBe('Promo Leaflet');
    // A record the record cache keeps (asked for twice: a retrieved document) is the page's.
    cache.record(metadata.view(), d, v);
    const retrieved = cache.record(metadata.view(), d, v);
    expect(cache.pageRecord(metadata.view(), d, v, BIG)).toBe(retrieved);
    expect(cache.pageRecord(metadata.view(), d, v, BIG)).toBe(cache.record(metadata.view(), d, v));
  });

  it('in a bigger world: JSON bytes are kept within both bounds, the first out once full', () => {
    const view = metadata.view();
    const docs = Array.from({ length: 300 }, (_, i) => doc(i + 1));
    const size = (jsonTextOrBytes({ document: documentRecord(view, docs[0], docs[0].versions[0]) }, 0) as Buffer).byteLength;
    // Room for 100 entries by count, and about 50 by bytes.
    const cache = new RowCache({ entries: 100, bytes: 50 * (size + 64) });
    for (const d of docs) cache.pageRecord(view, d, d.versions[0], BIG);
    const kept = cache.recordBytesKept;
    expect(kept.entries).toBeGreaterThan(30);
    expect(kept.entries).toBeLessThan(60); // the byte bound, not the count, decided
    expect(kept.bytes).toBeLessThanOrEqual(50 * (size + 64));
    // The first went out (a record made again); of the last eight (met while full) one is kept (ADMIT_WHEN_FULL).
    expect(cache.pageRecord(view, docs[0], docs[0].versions[0], BIG)).toEqual(documentRecord(view, docs[0], docs[0].versions[0]));
    const lastKept = docs.slice(-ADMIT_WHEN_FULL).filter((d) => Object.keys(cache.pageRecord(view, d, d.versions[0], BIG)).length === 0);
    expect(lastKept).toHaveLength(1);
    // By count alone.
    const counted = new RowCache({ entries: 20, bytes: 1024 * 1024 });
    for (const d of docs) counted.pageRecord(view, d, d.versions[0], BIG);
    expect(counted.recordBytesKept.entries).toBe(20);
  });

  it('in a bigger world: a cycle of pages over more records than the JSON bytes cache holds keeps hitting most of what it holds', () => {
    const view = metadata.view();
    const docs = Array.from({ length: 30 }, (_, i) => doc(i + 1));
    const cache = new RowCache({ entries: 20, bytes: 1024 * 1024 });
    const hitsOf = () => docs.filter((d) => Object.keys(cache.pageRecord(view, d, d.versions[0], BIG)).length === 0).length;
    hitsOf(); // the first 20 fill it; one in ADMIT_WHEN_FULL of the others is kept
    const later = [hitsOf(), hitsOf(), hitsOf(), hitsOf()];
    // Least recently used out alone would hit none: each new record pushing out the one asked for next.
    for (const hits of later) expect(hits).toBeGreaterThanOrEqual(15);
    expect(cache.recordBytesKept.entries).toBe(20);
    // The records the full bytes cache turned away are kept by the record cache from their second use (a second layer).
    expect(cache.recordsKept.entries).toBeGreaterThan(0);
    expect(cache.recordsKept.entries).toBeLessThan(30);
  });

  it('a JSON-only record outside an answer (JSON.stringify, inside another kept part) is written with its fields', () => {
    const cache = new RowCache();
    const view = metadata.view();
    const d = doc(9);
    const made = cache.pageRecord(view, d, d.versions[0], BIG);
    const only = cache.pageRecord(view, d, d.versions[0], BIG);
    expect(Object.keys(only)).toEqual([]);
    expect(JSON.stringify({ a: only })).toBe(JSON.stringify({ a: made }));
    const outer = keepJsonText({ inner: only, n: 1 });
    expect(jsonText([outer])).toBe(`[{"inner":${JSON.stringify(made)},"n":1}]`);
  });
});
