/**
 * Targets on a shared QueryTable (catalog.ts): the engine's kept frame (columns, encodings, orders,
 * FIND indexes, key indexes and their probes) answers exactly like a plain scan of the visible rows,
 * on the first evaluation and after rows are appended, replaced and the visible set changes; a
 * result found before a change keeps its rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldInfo, QueryCatalog, QueryTable, QueryTarget, Row } from './catalog';
import { VqlError } from './errors';
import { evaluate, findRows } from './evaluate';
import { frameOf } from './frame';
import { parse } from './parser';
import { freeScratch, giveBackScratch, scratchMarks } from './scratch';

/** A table as the contract describes it: appends in place, a replacement copies the array, a change log. */
class TestTable implements QueryTable {
  rows: Row[];
  revision = 0;
  private readonly log: Array<[number, number]> = [];
  constructor(rows: Row[]) {
    this.rows = rows.slice();
  }
  changedSince(revision: number): number[] | undefined {
    if (revision > this.revision) return undefined;
    return this.log.filter(([r]) => r > revision).map(([, s]) => s);
  }
  append(row: Row): void {
    this.revision++;
    this.log.push([this.revision, this.rows.length]);
    this.rows.push(row);
  }
  replace(slot: number, row: Row): void {
    this.revision++;
    this.rows = this.rows.slice();
    this.rows[slot] = row;
    this.log.push([this.revision, slot]);
  }
}

const FIELDS: FieldInfo[] = [
  { name: 'id', type: 'id' },
  { name: 'name__v', type: 'string' },
  { name: 'status__v', type: 'picklist', names: { Draft: 'draft__c', Approved: 'approved__c' } },
  { name: 'size__v', type: 'number' },
  { name: 'due__c', type: 'date' },
  { name: 'tags__c', type: 'string', multiValue: true },
  { name: 'flag__c', type: 'boolean' },
];
const STATUSES = ['Draft', 'Approved', 'Obsolete', null];
const TAGS = ['red', 'Green', 'blue'];

const rowArb = fc.record({
  name: fc.integer({ min: 0, max: 60 }),
  status: fc.constantFrom(...STATUSES),
  size: fc.option(fc.integer({ min: 0, max: 50 })),
  day: fc.option(fc.integer({ min: 1, max: 28 })),
  tags: fc.subarray(TAGS),
  flag: fc.boolean(),
});
type RowSpec = typeof rowArb extends fc.Arbitrary<infer T> ? T : never;
const makeRow = (id: number, s: RowSpec): Row => ({
  id,
  name__v: s.name % 7 === 0 ? `name ${s.name}` : `Name ${s.name}`,
  status__v: s.status,
  size__v: s.size,
  due__c: s.day === null ? null : `2024-02-${String(s.day).padStart(2, '0')}`,
  tags__c: s.tags,
  flag__c: s.flag,
});

const WHERE = fc.oneof(
  fc.tuple(fc.constantFrom('=', '!=', '<', '>', '<=', '>='), fc.integer({ min: -1, max: 51 })).map(([op, v]) => `size__v ${op} ${v}`),
  fc.tuple(fc.constantFrom('=', '<', '>='), fc.integer({ min: 0, max: 30 })).map(([op, v]) => `id ${op} '${v}'`),
  fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })).map(([a, b]) => `id BETWEEN ${a} AND ${b}`),
  fc.tuple(fc.constantFrom('=', '!=', '<'), fc.constantFrom(...STATUSES.filter(Boolean))).map(([op, v]) => `status__v ${op} '${v}'`),
  fc.constantFrom("TONAME(status__v) = 'draft__c'", "status__v IN ('Draft', 'Obsolete')", 'status__v = null', "CASEINSENSITIVE(status__v) = 'draft'"),
  fc.integer({ min: 0, max: 60 }).map((n) => `name__v = 'Name ${n}'`),
  fc.tuple(fc.constantFrom('name__v', 'CASEINSENSITIVE(name__v)'), fc.constantFrom('Name 1%', 'name%', 'Name 3', 'Na%%', '%5', 'N%e 2%')).map(([f, p]) => `${f} LIKE '${p}'`),
  fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 28 })).map(([a, b]) => `due__c BETWEEN '2024-02-${String(a).padStart(2, '0')}' AND '2024-02-${String(b).padStart(2, '0')}'`),
  fc.integer({ min: 1, max: 28 }).map((d) => `due__c < '2024-02-${String(d).padStart(2, '0')}'`),
  fc.constantFrom("tags__c CONTAINS ('red')", "tags__c = 'blue'", 'tags__c = null', 'flag__c = true', "size__v IN (1, 2, 3, '4')", "size__v = 'x'"),
);
const CONDITION = fc.oneof(
  { weight: 3, arbitrary: WHERE },
  { weight: 2, arbitrary: fc.tuple(WHERE, fc.constantFrom('AND', 'OR'), WHERE).map(([a, c, b]) => `(${a}) ${c} (${b})`) },
  { weight: 1, arbitrary: fc.tuple(WHERE, WHERE, WHERE).map(([a, b, c]) => `${a} AND (${b} OR ${c})`) },
  { weight: 1, arbitrary: fc.tuple(WHERE, WHERE, WHERE).map(([a, b, c]) => `${a} AND ${b} AND ${c}`) },
);
const QUERY = fc.record({
  where: fc.option(CONDITION, { nil: undefined }),
  find: fc.option(fc.constantFrom("'name 1'", "'green'", "'ame OR red'", "'4' SCOPE name__v", "'xyz'", "'name 59'", "'e 3' SCOPE name__v", "'me 4 OR 55'"), { nil: undefined }),
  order: fc.option(fc.constantFrom('name__v', 'size__v DESC', 'due__c, id DESC', 'status__v DESC, size__v', 'tags__c'), { nil: undefined }),
  tail: fc.constantFrom('', 'PAGESIZE 5', 'SKIP 3 PAGESIZE 7 PAGEOFFSET 2', 'MAXROWS 4'),
}).map(({ where, find, order, tail }) =>
  `SELECT id, name__v FROM t${where ? ` WHERE ${where}` : ''}${find ? ` FIND (${find})` : ''}${order ? ` ORDER BY ${order}` : ''} ${tail}`);

const OP = fc.oneof(
  { weight: 4, arbitrary: QUERY.map((q) => ({ kind: 'query' as const, q })) },
  { weight: 2, arbitrary: fc.array(rowArb, { minLength: 1, maxLength: 5 }).map((rows) => ({ kind: 'append' as const, rows })) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), rowArb).map(([at, row]) => ({ kind: 'replace' as const, at, row })) },
  { weight: 1, arbitrary: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }).map((pattern) => ({ kind: 'visible' as const, pattern })) },
);

type Outcome = { rows: unknown[]; total: number; found: unknown[] } | { error: string };
function outcome(text: string, catalog: QueryCatalog): Outcome {
  try {
    const q = parse(text);
    const r = evaluate(q, catalog);
    return { rows: r.rows, total: r.total, found: findRows(q, catalog).rows.slice() };
  } catch (e) {
    if (e instanceof VqlError) return { error: e.message };
    throw e;
  }
}

function bitsOf(n: number, pattern: boolean[] | undefined): Uint32Array | undefined {
  if (!pattern) return undefined;
  const bits = new Uint32Array((n + 31) >>> 5);
  for (let i = 0; i < n; i++) if (pattern[i % pattern.length]) bits[i >>> 5] |= 1 << (i & 31);
  return bits;
}

describe('targets on a shared table', () => {
  it('answer like a plain scan of the visible rows, through appends, replacements and visibility changes', () => {
    fc.assert(fc.property(fc.array(rowArb, { minLength: 0, maxLength: 120, size: 'max' }), fc.array(OP, { minLength: 1, maxLength: 25, size: 'max' }), (initial, ops) => {
      const table = new TestTable(initial.map((s, i) => makeRow(i + 1, s)));
      let pattern: boolean[] | undefined;
      const shared = (): QueryTarget => ({ name: 't', fields: FIELDS, table, visible: bitsOf(table.rows.length, pattern), rows: () => { throw new Error('rows() read on a table target'); } });
      const plain = (): QueryTarget => {
        const visible = bitsOf(table.rows.length, pattern);
        return { name: 't', fields: FIELDS, rows: () => table.rows.filter((_, i) => !visible || (visible[i >>> 5] & (1 << (i & 31))) !== 0) };
      };
      for (const op of ops) {
        if (op.kind === 'append') for (const s of op.rows) table.append(makeRow(table.rows.length + 1, s));
        else if (op.kind === 'replace' && table.rows.length) {
          const at = op.at % table.rows.length;
          table.replace(at, makeRow((table.rows[at] as { id: number }).id, op.row));
        } else if (op.kind === 'visible') pattern = op.pattern;
        else if (op.kind === 'query') {
          const expected = outcome(op.q, { target: () => plain() });
          expect(outcome(op.q, { target: () => shared() }), op.q).toEqual(expected);
        }
      }
    }), { numRuns: 150 });
  });

  it('uses the key indexes on a large table and answers like a plain scan', () => {
    const specs = fc.sample(rowArb, { numRuns: 3000, seed: 19 });
    const table = new TestTable(specs.map((s, i) => makeRow(i + 1, s)));
    const shared: QueryTarget = { name: 't', fields: FIELDS, table, rows: () => [] };
    const plain = (): QueryTarget => ({ name: 't', fields: FIELDS, rows: () => table.rows });
    fc.assert(fc.property(QUERY, fc.option(fc.tuple(fc.nat(), rowArb), { nil: undefined }), (q, change) => {
      if (change) table.replace(change[0] % table.rows.length, makeRow(change[0] % table.rows.length + 1, change[1]));
      expect(outcome(q, { target: () => shared }), q).toEqual(outcome(q, { target: () => plain() }));
    }), { numRuns: 200 });
  });

  it('answers ANDs and ORs of indexed conditions (exact intersections and unions) like a plain scan', () => {
    const specs = fc.sample(rowArb, { numRuns: 2000, seed: 7 });
    const table = new TestTable(specs.map((s, i) => makeRow(i + 1, s)));
    const shared: QueryTarget = { name: 't', fields: FIELDS, table, rows: () => [] };
    const plain: QueryTarget = { name: 't', fields: FIELDS, rows: () => table.rows };
    for (const where of [
      "size__v < 30 AND id > 100 AND status__v = 'Draft'", "status__v = 'Draft' AND size__v >= 10 AND size__v <= 20 AND id < 1500",
      "(status__v = 'Draft' OR status__v = 'Obsolete') AND id BETWEEN 200 AND 900", "name__v LIKE 'Name 1%' AND size__v = 3",
      "id > 1990 OR id < 5 OR size__v = 50", "status__v = 'Approved' AND tags__c = 'red' AND id < 100",
      // Key runs of the ids (ranges of slots: slot-range.ts) with the runs of an IN, a value given twice, and an OR of two indexes.
      "status__v IN ('Draft', 'Draft', 'Obsolete') AND id BETWEEN 100 AND 1500", "(status__v = 'Draft' OR size__v < 10) AND id > 50 AND id <= 1800",
      "id > 300 AND id < 1200", "size__v IN (3, 7) AND id >= 1000",
    ]) {
      const q = `SELECT id FROM t WHERE ${where} ORDER BY size__v DESC PAGESIZE 1000`;
      const expected = outcome(q, { target: () => plain });
      expect((expected as { total: number }).total, where).toBeGreaterThan(0);
      expect(outcome(q, { target: () => shared }), where).toEqual(expected);
    }
  });

  it('answers FIND through the token index of a large field like a plain scan, through changes', () => {
    const words = ['alpha', 'Beta', 'gamma-ray', 'delta', 'ÉPSILON', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'nb\u00a0sp\u3000ace'];
    const textArb = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    const rows = fc.sample(fc.tuple(textArb, fc.nat(9999)), { numRuns: 2500, seed: 3 }).map(([t, k], i) => ({ id: i + 1, name__v: `${t} ${k}`, tags__c: [t.split(' ')[0], `n${k % 50}`] }));
    const table = new TestTable(rows);
    const shared: QueryTarget = { name: 't', fields: FIELDS, table, rows: () => [] };
    const plain: QueryTarget = { name: 't', fields: FIELDS, rows: () => table.rows };
    const terms = ["'bsp'", "'sp'", "'pace'", "'nb'", "'gamma'", "'ray'", "'a-r'", "'epsilon 12'", "'\"ta io\"'", "'ta'", "'9999'", "'n4'", "'kappa 77 OR beta'", "'zzz'", "'é'"];
    fc.assert(fc.property(fc.constantFrom(...terms), fc.option(fc.tuple(fc.nat(), textArb, fc.boolean()), { nil: undefined }), (term, change) => {
      if (change) {
        const [at, text, append] = change;
        if (append) table.append({ id: table.rows.length + 1, name__v: `${text} 77`, tags__c: ['n4x'] });
        else table.replace(at % table.rows.length, { id: (at % table.rows.length) + 1, name__v: `${text} 12`, tags__c: [] });
      }
      const q = `SELECT id FROM t FIND (${term}) PAGESIZE 1000`;
      expect(outcome(q, { target: () => shared }), q).toEqual(outcome(q, { target: () => plain }));
    }), { numRuns: 150 });
  });

  it('keeps the rows a result found when rows are replaced or appended later', () => {
    const table = new TestTable([{ id: 1, name__v: 'a', size__v: 3 }, { id: 2, name__v: 'b', size__v: 1 }, { id: 3, name__v: 'c', size__v: 2 }]);
    const target: QueryTarget = { name: 't', fields: FIELDS, table, rows: () => [] };
    const catalog: QueryCatalog = { target: () => target };
    const found = findRows(parse('SELECT id FROM t WHERE size__v > 1 ORDER BY size__v DESC'), catalog).rows;
    const before = found.slice();
    expect(before.map((r) => (r as { name__v: string }).name__v)).toEqual(['a', 'c']);
    table.replace(0, { id: 1, name__v: 'A', size__v: 0 });
    table.append({ id: 4, name__v: 'd', size__v: 9 });
    const ids = (q: string) => evaluate(parse(q), catalog).rows.map((r) => r.id);
    expect(ids('SELECT id FROM t WHERE size__v > 1 ORDER BY size__v DESC')).toEqual([4, 3]);
    expect(found.slice()).toEqual(before);
    expect(ids("SELECT id FROM t WHERE name__v = 'A'")).toEqual([1]);
    expect(ids("SELECT id FROM t FIND ('d')")).toEqual([4]);
  });

  it('catches up with a changed table in scratch memory it gives back (the marks of the changed slots)', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, name__v: `n${i}`, size__v: i % 7 }));
    const table = new TestTable(rows);
    const target: QueryTarget = { name: 't', fields: FIELDS, table, rows: () => [] };
    const catalog: QueryCatalog = { target: () => target };
    const ids = (q: string) => evaluate(parse(q), catalog).rows.map((r) => r.id);
    expect(ids('SELECT id FROM t WHERE size__v = 6 ORDER BY size__v DESC PAGESIZE 2')).toEqual([7, 14]);
    // A patch sees the marks while the frame catches up: the waiting buffer below, taken from the pool.
    let during: { free: number; same: boolean } | undefined;
    frameOf(target)!.keep('probe', 0, (change) => {
      during = { free: freeScratch(), same: change.touched.buffer === primed.buffer };
      return true;
    });
    table.replace(6, { id: 7, name__v: 'n6', size__v: 0 });
    table.append({ id: 3001, name__v: 'n3000', size__v: 6 });
    // One free buffer of the marks' size class waits: a sync that gives its marks back leaves it there.
    const primed = scratchMarks(3001);
    giveBackScratch(primed);
    const free = freeScratch();
    expect(ids('SELECT id FROM t WHERE size__v = 6 ORDER BY size__v DESC PAGESIZE 2')).toEqual([14, 21]);
    expect(during).toEqual({ free: free - 1, same: true });
    expect(freeScratch()).toBe(free);
  });
});
