import { describe, it, expect } from 'vitest';
import { evaluate } from './evaluate';
import { parse } from './parser';
import { VqlError } from './errors';
import type { EvaluateOptions, QueryCatalog } from './catalog';
import { makeCatalog, table } from './test-catalog';

const run = (q: string, opts?: EvaluateOptions, catalog: QueryCatalog = makeCatalog()) => evaluate(parse(q), catalog, opts);
const ids = (tail: string) => run(`SELECT id FROM documents ${tail}`).rows.map((r) => r.id);
const where = (cond: string) => ids(`WHERE ${cond}`);

function err(q: string): { kind: string; position: number; message: string } {
  try {
    run(q);
  } catch (e) {
    expect(e).toBeInstanceOf(VqlError);
    const v = e as VqlError;
    return { kind: v.kind, position: v.position, message: v.message };
  }
  throw new Error(`expected an error for ${q}`);
}

describe('id fast path', () => {
  it('uses byId for id = n and never scans', () => {
    const c = makeCatalog();
    expect(run('SELECT id FROM documents WHERE id = 3', {}, c).rows).toEqual([{ id: 3 }]);
    expect([c.byIdCalls, c.scans]).toEqual([1, 0]);
  });
  it('applies the rest of a conjunction', () => {
    const c = makeCatalog();
    expect(run("SELECT id FROM documents WHERE name__v = 'x' AND id = 3", {}, c).rows).toEqual([]);
    expect(run("SELECT id FROM documents WHERE id = '3' AND binder__v = true", {}, c).rows).toEqual([{ id: 3 }]);
    expect(c.scans).toBe(0);
  });
  it('IN and OR of ids come back in id order', () => {
    const c = makeCatalog();
    expect(run('SELECT id FROM documents WHERE id IN (4, 2, 99, 2)', {}, c).rows.map((r) => r.id)).toEqual([2, 4]);
    expect(run('SELECT id FROM documents WHERE id = 5 OR id = 2', {}, c).rows.map((r) => r.id)).toEqual([2, 5]);
    expect(c.scans).toBe(0);
  });
  it('scans when an OR is not pinned', () => {
    const c = makeCatalog();
    expect(run('SELECT id FROM documents WHERE id = 5 OR binder__v = true', {}, c).rows.map((r) => r.id)).toEqual([3, 5]);
    expect(c.scans).toBe(1);
  });
});

describe('comparisons by type', () => {
  it.each([
    ['size__v > 1000', [1, 4]],
    ['size__v < 1000', [2, 5]],
    ['size__v <= 300', [2, 5]],
    ['size__v >= 1200', [1, 4]],
    ['size__v != 300', [1, 3, 4, 5]],
    ['size__v = null', [3]],
    ['size__v != null', [1, 2, 4, 5]],
    ['size__v < null', []],
    ["size__v = '300'", [2]],
    ['size__v > 41.5', [1, 2, 4, 5]],
    ['size__v > -1', [1, 2, 4, 5]],
    ['size__v BETWEEN 42 AND 300', [2, 5]],
    ["due__c < '2024-02-01'", [3]],
    ["due__c = '2024-03-01'", [1, 5]],
    ["due__c BETWEEN '2024-02-01' AND '2024-02-29'", [4]],
    ['due__c = null', [2]],
    ["due__c != '2024-03-01'", [2, 3, 4]],
    ["created__v >= '2024-02-10'", [2, 4, 5]],
    ["created__v = '2024-02-10T08:30:00Z'", [2, 4]],
    ["created__v > '2024-02-10T08:30:00.000+01:00'", [2, 4, 5]],
    ["created__v < '2024-01-01 00:00:00'", [3]],
    ['binder__v = true', [3]],
    ['binder__v = false', [1, 2, 4, 5]],
    ['binder__v != true', [1, 2, 4, 5]],
    ["type__v = 'Reference'", [3, 4]],
    ['owner__v = 10', [1, 3]],
    ["owner__v = '11'", [2, 5]],
  ])('%s', (cond, expected) => {
    expect(where(cond)).toEqual(expected);
  });
  it.each([
    ["size__v = 'abc'", "'abc'"],
    ["due__c = 'yesterday'", "'yesterday'"],
    ["due__c = '2024-02-30'", "'2024"],
    ['binder__v = 1', '1'],
    ["created__v > 'x'", "'x'"],
    ['size__v IN (1, true)', 'true'],
    ["size__v BETWEEN 1 AND 'z'", "'z'"],
  ])('rejects %s with invalid_value', (cond, literal) => {
    const e = err(`SELECT id FROM documents WHERE ${cond}`);
    expect(e.kind).toBe('invalid_value');
    expect(e.position).toBe(31 + cond.indexOf(literal));
    expect(e.message).toContain(`Invalid value ${literal}`);
  });
});

describe('multi-value fields', () => {
  it.each([
    ["language__v = 'English'", [1, 4]],
    ["language__v CONTAINS ('German', 'French')", [1, 2]],
    ["language__v IN ('German')", [2]],
    ['language__v = null', [3]],
    ["language__v != 'English'", [2, 3, 5]],
    ["CASEINSENSITIVE(language__v) = 'english'", [1, 4, 5]],
    ["language__v LIKE 'Eng%'", [1, 4]],
    ["product__v CONTAINS ('00P3')", [5]],
    ["language__v IN ('German', null)", [2, 3]],
  ])('%s', (cond, expected) => {
    expect(where(cond)).toEqual(expected);
  });
});

describe('LIKE, CASEINSENSITIVE, TONAME, states', () => {
  it.each([
    ["name__v LIKE 'alpha%'", [5]],
    ["CASEINSENSITIVE(name__v) LIKE 'ALPHA%'", [1, 5]],
    ["name__v LIKE '%Binder'", [3]],
    ["name__v LIKE '%et%'", [2]],
    ["name__v LIKE 'A%e'", [1]],
    ["name__v LIKE 'a%p%s'", [5]],
    ["name__v LIKE 'Gamma\\'s%'", [3]],
    ["name__v LIKE 'beta leaflet'", [2]],
    ["name__v LIKE '%'", [1, 2, 3, 4, 5]],
    ["name__v LIKE 'a.*'", []],
    ["CASEINSENSITIVE(name__v) = 'ALPHA NOTES'", [5]],
    ["CASEINSENSITIVE(name__v) IN ('beta LEAFLET', 'x')", [2]],
    ["TONAME(type__v) = 'memo__c'", [5]],
    ["TONAME(status__v) IN ('draft__c', 'obsolete__c')", [2, 3]],
    ["TONAME(status__v) LIKE 'ob%'", [3]],
    ['status__v = STEADYSTATE()', [1, 5]],
    ['status__v = OBSOLETESTATE()', [3]],
    ['status__v = SUPERSEDEDSTATE()', [4]],
    ['status__v != STEADYSTATE()', [2, 3, 4]],
    ["(type__v = 'Memo' OR binder__v = true) AND size__v = null", [3]],
    ["type__v = 'Memo' OR binder__v = true AND size__v = null", [3, 5]],
  ])('%s', (cond, expected) => {
    expect(where(cond)).toEqual(expected);
  });
  it('selects TONAME and CASEINSENSITIVE values', () => {
    expect(run('SELECT TONAME(type__v), CASEINSENSITIVE(name__v), TONAME(language__v) FROM documents WHERE id = 1').rows).toEqual([
      { 'TONAME(type__v)': 'promotional__c', 'CASEINSENSITIVE(name__v)': 'Alpha Brochure', 'TONAME(language__v)': ['English', 'French'] },
    ]);
  });
});

describe('relationships', () => {
  it('filters and selects by dot path', () => {
    expect(where("owner__vr.user_name__v = 'bob@example.com'")).toEqual([2, 5]);
    expect(where("document_product__vr.name__v = 'Nyaxa'")).toEqual([2, 3]);
    expect(where('document_product__vr.code__c > 10')).toEqual([5]);
    expect(run('SELECT id, owner__vr.user_name__v, document_product__vr.name__v FROM documents WHERE id = 3').rows).toEqual([
      { id: 3, 'owner__vr.user_name__v': 'ann@example.com', 'document_product__vr.name__v': ['Cholecap', 'Nyaxa'] },
    ]);
  });
  it('nests sub-selects with their own responseDetails', () => {
    const q = 'SELECT id, (SELECT name__v, code__c FROM document_product__vr ORDER BY code__c) FROM documents WHERE id IN (3, 4)';
    expect(run(q).rows).toEqual([
      { id: 3, document_product__vr: { responseDetails: { limit: 250, offset: 0, size: 2, total: 2 }, data: [{ name__v: 'Nyaxa', code__c: 3 }, { name__v: 'Cholecap', code__c: 7 }] } },
      { id: 4, document_product__vr: { responseDetails: { limit: 250, offset: 0, size: 0, total: 0 }, data: [] } },
    ]);
    expect(run('SELECT (SELECT id FROM document_product__vr WHERE code__c > 5) FROM documents WHERE id = 3').rows[0]).toEqual({
      document_product__vr: { responseDetails: { limit: 250, offset: 0, size: 1, total: 1 }, data: [{ id: '00P1' }] },
    });
  });
  it('filters by IN (SELECT ...) over a relationship', () => {
    expect(where("id IN (SELECT id FROM document_product__vr WHERE name__v = 'Nyaxa')")).toEqual([2, 3]);
    expect(where('id IN (SELECT id FROM document_product__vr)')).toEqual([1, 2, 3, 5]);
    expect(where("id IN (SELECT id FROM owner__vr WHERE active__v = true) AND binder__v = false")).toEqual([1, 4]);
    expect(err('SELECT id FROM documents WHERE id IN (SELECT nope__c FROM document_product__vr)')).toEqual({
      kind: 'unknown_field', position: 45, message: "Unknown field 'nope__c' on 'product__v' at position 45" });
    expect(err('SELECT id FROM documents WHERE id IN (SELECT id FROM x__vr)').kind).toBe('unknown_field');
  });
  it('pages a sub-select at 250', () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ id: i + 1 }));
    const parent = { ...table('parent__c', [{ name: 'id', type: 'id' }], [{ id: 1 }]), relationships: [{ name: 'kids__cr', target: 'kid__c' }], related: () => many };
    const kids = table('kid__c', [{ name: 'id', type: 'id' }], many);
    const catalog: QueryCatalog = { target: (n) => (n === 'parent__c' ? parent : n === 'kid__c' ? kids : undefined) };
    const sub = run('SELECT (SELECT id FROM kids__cr) FROM parent__c', {}, catalog).rows[0].kids__cr as { responseDetails: unknown; data: unknown[] };
    expect(sub.responseDetails).toEqual({ limit: 250, offset: 0, size: 250, total: 300 });
    expect(sub.data).toHaveLength(250);
  });
});

describe('FIND', () => {
  it.each([
    ["FIND ('alpha')", [1, 5]],
    ["FIND ('alp*')", [1, 5]],
    ["FIND ('Promo')", [1, 2]],
    ["FIND ('1200')", []],
    ["FIND ('insulin' SCOPE CONTENT)", [1, 4]],
    ["FIND ('insulin' SCOPE PROPERTIES)", []],
    ["FIND ('alpha insulin' SCOPE ALL)", [1]],
    ["FIND ('notes OR leaflet')", [2, 5]],
    ["FIND ('\"clinical insulin\"' SCOPE CONTENT)", [4]],
    ["FIND ('\"insulin clinical\"' SCOPE CONTENT)", []],
    ["FIND ('english' SCOPE language__v)", [1, 4, 5]],
    ["FIND ('alpha') WHERE size__v < 100", [5]],
  ])('%s', (clause, expected) => {
    expect(ids(clause)).toEqual(expected);
  });
  it('rejects empty terms and unknown scope fields', () => {
    expect(err("SELECT id FROM documents FIND (' * ')")).toEqual({ kind: 'invalid_value', position: 30, message: 'Expected search terms in FIND at position 30' });
    expect(err("SELECT id FROM documents FIND ('x' SCOPE nope__c)").kind).toBe('unknown_field');
  });
});

describe('ORDER BY', () => {
  it.each([
    ['ORDER BY name__v', [1, 4, 3, 5, 2]],
    ['ORDER BY name__v DESC', [2, 5, 3, 4, 1]],
    ['ORDER BY size__v', [5, 2, 1, 4, 3]],
    ['ORDER BY size__v DESC', [3, 4, 1, 2, 5]],
    ['ORDER BY created__v', [3, 1, 2, 4, 5]],
    ['ORDER BY created__v DESC, id DESC', [5, 4, 2, 1, 3]],
    ['ORDER BY language__v', [1, 4, 2, 5, 3]],
    ['ORDER BY type__v, size__v DESC', [5, 1, 2, 3, 4]],
    ['ORDER BY binder__v', [1, 2, 4, 5, 3]],
    ['ORDER BY owner__vr.user_name__v', [1, 3, 2, 5, 4]],
  ])('%s', (clause, expected) => {
    expect(ids(clause)).toEqual(expected);
  });
});

describe('paging, SKIP and MAXROWS', () => {
  it('SKIP then MAXROWS with a warning', () => {
    const r = run('SELECT id FROM documents ORDER BY id SKIP 1 MAXROWS 2');
    expect(r.rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(r.total).toBe(2);
    expect(r.warnings).toEqual([{ type: 'MAXROWS_LIMIT_REACHED', message: 'Result limited to MAXROWS 2; 4 records matched the query.' }]);
  });
  it('no warnings key when MAXROWS did not cut', () => {
    const r = run('SELECT id FROM documents MAXROWS 5');
    expect(r.total).toBe(5);
    expect('warnings' in r).toBe(false);
  });
  it('pages with PAGESIZE/PAGEOFFSET, LIMIT/OFFSET and options', () => {
    expect(run('SELECT id FROM documents PAGESIZE 2 PAGEOFFSET 2')).toEqual({ rows: [{ id: 3 }, { id: 4 }], total: 5, limit: 2, offset: 2 });
    expect(run('SELECT id FROM documents LIMIT 2 OFFSET 4')).toEqual({ rows: [{ id: 5 }], total: 5, limit: 2, offset: 4 });
    expect(run('SELECT id FROM documents PAGESIZE 3', { pageSize: 1, pageOffset: 1 })).toEqual({ rows: [{ id: 2 }], total: 5, limit: 1, offset: 1 });
    expect(run('SELECT id FROM documents PAGESIZE 5000').limit).toBe(1000);
    expect(run('SELECT id FROM documents').limit).toBe(1000);
    expect(run('SELECT id FROM documents PAGEOFFSET 10').rows).toEqual([]);
    expect(run('SELECT id FROM documents', { maxPageSize: Infinity }).rows).toHaveLength(5);
  });
});

describe('other targets', () => {
  it('queries objects and users', () => {
    expect(run("SELECT id, name__v FROM product__v WHERE id = '00P2'").rows).toEqual([{ id: '00P2', name__v: 'Nyaxa' }]);
    expect(run('SELECT id FROM users WHERE active__v = true').rows).toEqual([{ id: 10 }, { id: 12 }]);
  });
  it('ALLVERSIONS with LATESTVERSION: of each document, its latest version among those that match, keyed by the plain names', () => {
    expect(run('SELECT id, major, minor, name__v FROM ALLVERSIONS documents WHERE id = 1').rows).toEqual([
      { id: 1, major: 0, minor: 1, name__v: 'Alpha draft' },
      { id: 1, major: 1, minor: 0, name__v: 'Alpha Brochure' },
    ]);
    expect(run('SELECT LATESTVERSION id, major, minor, name__v FROM ALLVERSIONS documents WHERE id = 1').rows).toEqual([
      { id: 1, major: 1, minor: 0, name__v: 'Alpha Brochure' },
    ]);
    // The latest version that matches, even when a later one does not (veevavault.dev: ALLVERSIONS & LATESTVERSION).
    expect(run("SELECT LATESTVERSION id, major, minor FROM ALLVERSIONS documents WHERE name__v = 'Alpha draft'").rows).toEqual([{ id: 1, major: 0, minor: 1 }]);
    // The same through the id fast path (WHERE pins the id).
    expect(run("SELECT LATESTVERSION id, minor FROM ALLVERSIONS documents WHERE id = 1 AND name__v = 'Alpha draft'").rows).toEqual([{ id: 1, minor: 1 }]);
    expect(run('SELECT id FROM ALLVERSIONS documents').total).toBe(6);
    const latest = run('SELECT LATESTVERSION id, major FROM ALLVERSIONS documents ORDER BY id DESC');
    expect(latest.total).toBe(5);
    expect(latest.rows).toEqual([{ id: 5, major: 1 }, { id: 4, major: 2 }, { id: 3, major: 1 }, { id: 2, major: 0 }, { id: 1, major: 1 }]);
  });
  it('projects keys in SELECT order, undefined as null', () => {
    const r = run('SELECT size__v, id, name__v FROM documents WHERE id = 3').rows[0];
    expect(Object.keys(r)).toEqual(['size__v', 'id', 'name__v']);
    expect(r).toEqual({ size__v: null, id: 3, name__v: "Gamma's Binder" });
  });
  it('reads fields through target.get', () => {
    const rows = [new Map<string, unknown>([['id', 1], ['x__c', 'a']]), new Map<string, unknown>([['id', 2], ['x__c', 'b']])];
    const t = { ...table('m__c', [{ name: 'id', type: 'id' }, { name: 'x__c', type: 'string' }], rows), byId: undefined, get: (row: object, f: string) => (row as Map<string, unknown>).get(f) };
    expect(run("SELECT x__c FROM m__c WHERE x__c = 'b'", {}, { target: () => t }).rows).toEqual([{ x__c: 'b' }]);
  });
});

describe('name errors', () => {
  it.each([
    ['SELECT id FROM foo__c', 'unknown_target', 15, "Unknown query target 'foo__c' at position 15"],
    ['SELECT id FROM ALLVERSIONS users', 'unknown_target', 27, "Unknown query target 'ALLVERSIONS users' at position 27"],
    ['SELECT id, nope__c FROM documents', 'unknown_field', 11, "Unknown field 'nope__c' on 'documents' at position 11"],
    ['SELECT id FROM documents WHERE nope__c = 1', 'unknown_field', 31, "Unknown field 'nope__c' on 'documents' at position 31"],
    ['SELECT id FROM documents ORDER BY nope__c', 'unknown_field', 34, "Unknown field 'nope__c' on 'documents' at position 34"],
    ['SELECT TONAME(nope__c) FROM documents', 'unknown_field', 14, "Unknown field 'nope__c' on 'documents' at position 14"],
    ['SELECT x__vr.name__v FROM documents', 'unknown_field', 7, "Unknown relationship 'x__vr' in 'x__vr.name__v' on 'documents' at position 7"],
    ['SELECT owner__vr.nope__v FROM documents', 'unknown_field', 7, "Unknown field 'owner__vr.nope__v' on 'users' at position 7"],
    ['SELECT owner__vr.id.x FROM documents', 'unknown_field', 7, "Unknown field 'owner__vr.id.x': only one relationship level is supported, at position 7"],
    ['SELECT (SELECT nope__c FROM document_product__vr) FROM documents', 'unknown_field', 15, "Unknown field 'nope__c' on 'product__v' at position 15"],
    ['SELECT (SELECT id FROM nope__vr) FROM documents', 'unknown_field', 23, "Unknown relationship 'nope__vr' in 'nope__vr' on 'documents' at position 23"],
    ['SELECT secret__c FROM documents', 'not_queryable', 7, "Field 'secret__c' is not queryable at position 7"],
    ["SELECT id FROM documents WHERE secret__c = 'x'", 'not_queryable', 31, "Field 'secret__c' is not queryable at position 31"],
    ["SELECT id FROM documents FIND ('x' SCOPE secret__c)", 'not_queryable', 41, "Field 'secret__c' is not queryable at position 41"],
  ])('%s', (q, kind, position, message) => {
    expect(err(q)).toEqual({ kind, position, message });
  });
});

describe('long conditions', () => {
  it('evaluates a 50,000-character chain of ORs and ANDs', () => {
    const ors = Array.from({ length: 3000 }, (_, i) => `size__v = ${i + 5000}`).join(' OR ');
    expect(ors.length).toBeGreaterThan(50_000);
    expect(where(ors)).toEqual([4]);
    const ands = Array.from({ length: 3000 }, () => 'binder__v = false').join(' AND ');
    expect(where(ands)).toEqual([1, 2, 4, 5]);
    const c = makeCatalog();
    expect(run(`SELECT id FROM documents WHERE ${Array.from({ length: 3000 }, (_, i) => `id = ${i}`).join(' OR ')}`, {}, c).total).toBe(5);
    expect(c.scans).toBe(0);
  });
});
