/**
 * Kept query answers (QueryService.run): an answer on one page is handed out again (from its second
 * request on), frozen, for the same user, text and describe flag while the tenant's documents and configuration are unchanged;
 * answers with paging links never are.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { PROMO, type PromoWorld, promoWorld } from './test-world';
import { latestVersion } from '../documents';
import { QUERY_TEXT_KEPT_MAX_LENGTH } from './choices';
import type { ApiError } from '../errors';

let pw: PromoWorld;
beforeEach(() => {
  pw = promoWorld();
});
const run = (c: Caller, q: string, describe = false) => pw.world.queries.run(c, q, { describe });
const ids = (a: { data: Record<string, unknown>[] }) => a.data.map((r) => r.id);
/** An answer asked for twice: an answer is kept from its second request on (cache/doorkeeper.ts). */
const runKept = (c: Caller, q: string, describe = false) => {
  run(c, q, describe);
  return run(c, q, describe);
};

describe('a kept query answer', () => {
  it('is the same frozen object for the same user, text and describe flag, from its second request on', () => {
    const q = 'SELECT id, name__v FROM documents WHERE id > 0 PAGESIZE 100';
    const once = run(pw.admin(), q);
    expect(pw.world.queries.keptCount(pw.admin().tenant.id)).toBe(0);
    const a = run(pw.admin(), q);
    expect(a).not.toBe(once);
    expect(a).toEqual(once);
    expect(a.size).toBe(30);
    expect(a.queryId).toBeUndefined();
    expect(run(pw.admin(), q)).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.data) && a.data.every((r) => Object.isFrozen(r))).toBe(true);
    const described = run(pw.admin(), q, true);
    expect(described).not.toBe(a);
    expect(described.queryDescribe?.fields.map((f) => f.name)).toEqual(['id', 'name__v']);
    expect(a.queryDescribe).toBeUndefined();
    const ofBob = run(pw.bob(), q);
    expect(ofBob).not.toBe(a);
    expect(ofBob.size).toBe(22);
    expect(run(pw.admin(), `${q} `)).not.toBe(a);
  });

  it('is frozen throughout (rows, values, queryDescribe) and freezes nothing it was read from', () => {
    const q = 'SELECT id, channel__c FROM campaign__c';
    const a = runKept(pw.admin(), q, true);
    expect(run(pw.admin(), q, true)).toBe(a);
    expect(a.data.map((r) => r.channel__c)).toEqual([['print__c', 'web__c'], ['congress__c']]);
    const row = a.data[0];
    expect(() => a.data.push({})).toThrow(TypeError);
    expect(() => { row.channel__c = []; }).toThrow(TypeError);
    expect(() => (row.channel__c as string[]).push('email__c')).toThrow(TypeError);
    expect(() => { a.queryDescribe!.fields[0].label = 'Changed'; }).toThrow(TypeError);
    expect(() => { a.queryDescribe!.object.label = 'Changed'; }).toThrow(TypeError);
    expect(run(pw.admin(), q, true).data[0].channel__c).toEqual(['print__c', 'web__c']);
    // the object records and the fixture set the rows were read from stay as they were: mutable arrays
    const record = pw.world.queries.records!.of(pw.admin().tenant.id, 'campaign__c')[0];
    expect(record.channel__c).not.toBe(row.channel__c);
    expect(Object.isFrozen(record.channel__c)).toBe(false);
    const fixture = (pw.world.fixtures.data.objectRecords as Record<string, Record<string, { channel__c: string[] }[]>>)[PROMO].campaign__c[0];
    expect(Object.isFrozen(fixture.channel__c)).toBe(false);
  });

  it('is never one with paging links (each execution stores a result of its own)', () => {
    const a = run(pw.admin(), 'SELECT id FROM documents PAGESIZE 5');
    const b = run(pw.admin(), 'SELECT id FROM documents PAGESIZE 5');
    expect(a.queryId).toBeDefined();
    expect(b.queryId).toBeDefined();
    expect(b.queryId).not.toBe(a.queryId);
    expect(b.data).toEqual(a.data);
  });

  it('is not kept when the query fails', () => {
    const kept = () => pw.world.queries.keptCount(pw.admin().tenant.id);
    expect(kept()).toBe(0);
    for (const q of ['SELECT nope__c FROM documents', 'SELECT id FROM', 'SELECT id FROM nope__c']) {
      expect(() => run(pw.admin(), q)).toThrow();
      expect(() => run(pw.admin(), q)).toThrow();
    }
    expect(kept()).toBe(0);
    runKept(pw.admin(), 'SELECT id FROM documents WHERE id = 101');
    expect(kept()).toBe(1);
    expect(() => run(pw.admin(), 'SELECT nope__c FROM documents')).toThrow();
    expect(kept()).toBe(1);
  });
});

describe('a view that changes Recent Documents (named lists are not queryable)', () => {
  it('keeps the kept answers of every user', () => {
    const q = 'SELECT id, name__v FROM documents WHERE id > 0 PAGESIZE 100';
    const a = runKept(pw.admin(), q);
    const b = runKept(pw.bob(), q);
    for (const id of [101, 103, 105]) pw.store().viewed(pw.bob().user, pw.store().get(pw.bob().user, id));
    pw.store().addToList(pw.bob().user.id, 'favorites', 101);
    expect(pw.store().namedList(pw.bob().user, 'recent').slice(0, 3)).toEqual([105, 103, 101]);
    expect(run(pw.admin(), q)).toBe(a);
    expect(run(pw.bob(), q)).toBe(b);
  });
});

describe('a change shows in the next query answer', () => {
  // Each query is asked for twice (runKept): the answer before a change is a kept one, which the change must not leave in place.
  it('a check-out and its undo', () => {
    const q = 'SELECT id, locked__v FROM documents WHERE id = 104';
    const adminUser = pw.admin().user;
    expect(runKept(pw.admin(), q).data).toEqual([{ id: 104, locked__v: false }]);
    pw.store().lock(adminUser, 104);
    expect(runKept(pw.admin(), q).data).toEqual([{ id: 104, locked__v: true }]);
    pw.store().unlock(adminUser, 104);
    expect(runKept(pw.admin(), q).data).toEqual([{ id: 104, locked__v: false }]);
  });

  it('a new document, a role change, a new version (told to the store)', () => {
    const q = 'SELECT id, name__v FROM documents';
    const before = runKept(pw.bob(), q);
    expect(ids(before)).not.toContain(102);
    const d102 = pw.store().get(pw.admin().user, 102);
    d102.roles = { ...d102.roles, viewer__v: { users: [61003], groups: [] } };
    pw.store().changed(d102);
    expect(ids(runKept(pw.bob(), q))).toContain(102);

    const d101 = pw.store().get(pw.admin().user, 101);
    const latest = latestVersion(d101);
    d101.versions.push({ ...latest, major: latest.major + 1, minor: 0, fields: { ...latest.fields, name__v: 'Brochure, new version' } });
    pw.store().changed(d101);
    expect(runKept(pw.bob(), q).data.find((r) => r.id === 101)?.name__v).toBe('Brochure, new version');

    const copy = { ...d101, id: 999, versions: [{ ...latest }], roles: { owner__v: { users: [61003], groups: [] } }, lock: undefined };
    pw.store().insert(copy);
    expect(ids(runKept(pw.bob(), q))).toContain(999);
  });

  it('a configuration change: a Doctype label, a Docfield label in queryDescribe', () => {
    const q = 'SELECT id, type__v, review_priority__c FROM documents WHERE id = 101';
    const registry = pw.world.configuration.get(pw.world.tenants.byDnsName(PROMO)!.id)!;
    const a = runKept(pw.admin(), q, true);
    expect(a.data[0].type__v).toBe('Promotional Piece');
    expect(a.queryDescribe?.fields.find((f) => f.name === 'review_priority__c')?.label).toBe('Review Priority');
    const type = registry.get('Doctype', 'promotional_piece__c')!;
    registry.put({ ...type, attributes: { ...type.attributes, label: 'Promo Piece' } });
    const field = registry.get('Docfield', 'review_priority__c')!;
    registry.put({ ...field, attributes: { ...field.attributes, label: 'Urgency' } });
    const b = runKept(pw.admin(), q, true);
    expect(b.data[0].type__v).toBe('Promo Piece');
    expect(b.queryDescribe?.fields.find((f) => f.name === 'review_priority__c')?.label).toBe('Urgency');
  });
});

describe('a parsed query text', () => {
  it('is kept from its second execution on and serves every user, each with their own rows; a text that fails keeps nothing', () => {
    const q = 'SELECT id, name__v FROM documents WHERE id > 0 ORDER BY id DESC PAGESIZE 5';
    const queries = pw.world.queries;
    const first = run(pw.admin(), q);
    expect(queries.parsedCount).toBe(0);
    expect(first.queryId).toBeDefined(); // paging links: executed again for each request
    const second = run(pw.admin(), q);
    expect(queries.parsedCount).toBe(1);
    const third = run(pw.admin(), q);
    expect(queries.parsedCount).toBe(1);
    expect(ids(second)).toEqual(ids(first));
    expect(ids(third)).toEqual(ids(first));
    expect(ids(first)).toEqual([130, 129, 128, 127, 126]);
    expect(third.total).toBe(30);
    const ofBob = run(pw.bob(), q);
    expect(ofBob.total).toBe(22);
    expect(queries.parsedCount).toBe(1);
    const bad = 'SELECT id FROM documents WHERE';
    const failures = Array.from({ length: 3 }, () => {
      try {
        run(pw.admin(), bad);
      } catch (e) {
        return (e as ApiError).errors;
      }
      throw new Error('a query that does not parse was answered');
    });
    expect(failures[0]).toHaveLength(1);
    expect(failures[0][0].type).toBe('INCORRECT_QUERY_SYNTAX_ERROR');
    expect(failures[1]).toEqual(failures[0]);
    expect(failures[2]).toEqual(failures[0]);
    expect(queries.parsedCount).toBe(1);
  });

  it('of more than QUERY_TEXT_KEPT_MAX_LENGTH characters is parsed each time, its tree never kept; nor is the whole answer of a text well over the bound', () => {
    const queries = pw.world.queries;
    const long = `SELECT id FROM documents WHERE id IN (${Array.from({ length: 1200 }, (_, i) => i + 1).join(', ')}) ORDER BY id PAGESIZE 5`;
    expect(long.length).toBeGreaterThan(QUERY_TEXT_KEPT_MAX_LENGTH);
    const answers = [run(pw.admin(), long), run(pw.admin(), long), run(pw.admin(), long)];
    expect(queries.parsedCount).toBe(0);
    for (const a of answers) {
      expect(ids(a)).toEqual([101, 102, 103, 104, 105]);
      expect(a.total).toBe(30);
    }
    // Nor is a whole answer of such a text (one page, no links: a shorter one is kept from its second request).
    const onePage = long.replace(' PAGESIZE 5', '');
    const pages = [run(pw.admin(), onePage), run(pw.admin(), onePage), run(pw.admin(), onePage)];
    expect(pages[0].queryId).toBeUndefined();
    expect(pages.map((a) => a.size)).toEqual([30, 30, 30]);
    expect(pages[2]).not.toBe(pages[1]);
    expect(queries.keptCount(pw.admin().tenant.id)).toBe(0);
    expect(queries.parsedCount).toBe(0);
    const short = long.slice(0, long.indexOf(' IN (')) + ' IN (103, 101, 102) ORDER BY id PAGESIZE 2';
    run(pw.admin(), short);
    run(pw.admin(), short);
    expect(queries.parsedCount).toBe(1);
    expect(ids(run(pw.admin(), short))).toEqual([101, 102]);
  });
});
