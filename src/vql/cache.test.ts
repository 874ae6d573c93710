/**
 * The per-rows-array cache of `stableRows` targets (frame.ts): answers are the same with and
 * without it, on the first and on later evaluations, and it never serves values it may not keep.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldInfo, QueryCatalog, QueryTarget, Row } from './catalog';
import { VqlError } from './errors';
import { evaluate, findRows, projectPage } from './evaluate';
import { parse } from './parser';
import { print } from './print';
import { queryArbitrary } from './test-arbitraries';
import { DOCS, makeCatalog } from './test-catalog';
import { VALID_QUERIES } from './test-corpus';
import { FrameRows, windowOf } from './rowlist';
import { freeScratch, giveBackScratch, scratchWords } from './scratch';
import { KeptOrder } from './sorted';

/** The test catalog with every target declaring stableRows (its documents target returns one array). */
function stableCatalog(): QueryCatalog {
  const inner = makeCatalog();
  return { target: (name, all) => { const t = inner.target(name, all); return t && { ...t, stableRows: true }; } };
}

type Outcome = { rows: unknown[]; total: number } | { error: string };
function outcome(q: ReturnType<typeof parse>, catalog: QueryCatalog): Outcome {
  try {
    const r = evaluate(q, catalog);
    return { rows: r.rows, total: r.total };
  } catch (e) {
    if (e instanceof VqlError) return { error: e.message };
    throw e;
  }
}

const plain = makeCatalog();

const QUERIES = [
  ...VALID_QUERIES,
  "SELECT id FROM documents FIND ('alpha')",
  "SELECT id FROM documents FIND ('alp*')",
  "SELECT id FROM documents FIND ('insulin' SCOPE CONTENT)",
  "SELECT id FROM documents FIND ('alpha insulin' SCOPE ALL)",
  "SELECT id FROM documents FIND ('notes OR leaflet')",
  "SELECT id FROM documents FIND ('\"clinical insulin\"' SCOPE CONTENT)",
  "SELECT id FROM documents FIND ('english' SCOPE language__v)",
  "SELECT id FROM documents FIND ('alpha') WHERE size__v < 100 ORDER BY size__v DESC",
  'SELECT id FROM documents ORDER BY name__v',
  'SELECT id FROM documents ORDER BY created__v DESC, id DESC',
  'SELECT id FROM documents ORDER BY language__v',
  'SELECT id FROM documents ORDER BY owner__vr.user_name__v',
  "SELECT id FROM documents WHERE due__c BETWEEN '2024-01-01' AND '2024-03-01' ORDER BY due__c DESC SKIP 1",
  "SELECT id FROM documents WHERE CASEINSENSITIVE(language__v) IN ('english') ORDER BY type__v, size__v DESC",
  "SELECT id FROM documents WHERE name__v LIKE '%a%' AND due__c = null",
  "SELECT id FROM documents WHERE TONAME(status__v) IN ('approved__c', null)",
  // An AND of 300 exact index parts (a byte per slot once allowed 254), one of them narrowing.
  `SELECT id FROM documents WHERE ${Array.from({ length: 299 }, (_, k) => `id > ${-k}`).join(' AND ')} AND size__v < 100`,
];

/** The bitset of the kept slots (none: every slot). */
function bitsOf(n: number, keep: boolean[] | null): Uint32Array | undefined {
  if (!keep) return undefined;
  const bits = new Uint32Array((n + 31) >>> 5);
  keep.forEach((k, i) => { if (k) bits[i >>> 5] |= 1 << (i & 31); });
  return bits;
}

/** An order of n slots: any, or slot order, or slot order reversed (a table in id order sorted by id, read as its bits: rowlist.ts). */
const orderOf = (n: number): fc.Arbitrary<readonly number[]> => fc.oneof(
  fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
  fc.constant([...Array(n).keys()]),
  fc.constant([...Array(n).keys()].reverse()),
);

/** A start inside a list's last pages (0 for a short one). */
const want = (rows: readonly unknown[]): number => Math.max(0, rows.length - 5);

/** Windows `list` as `windows` say, then holds its slices equal to the same slices of `seq` windowed alike; returns both. */
function expectSlicesOf(list: FrameRows, seq: object[], windows: [number, number][], slices: [number, number][]): { list: FrameRows; expected: object[] } {
  let expected = seq;
  for (const [a, b] of windows) {
    expected = expected.slice(a, b);
    list = windowOf(list, a, b) as FrameRows;
  }
  expect(list.length).toBe(expected.length);
  expect(list.slice()).toEqual(expected);
  for (const [a, b] of slices) expect(list.slice(a, b)).toEqual(expected.slice(a, b));
  return { list, expected };
}

describe('stableRows cache', () => {
  it('answers every corpus query like the uncached engine, on the first and later evaluations', () => {
    const cached = stableCatalog();
    for (const text of QUERIES) {
      const q = parse(text);
      const expected = outcome(q, plain);
      expect(outcome(q, cached), text).toEqual(expected);
      expect(outcome(q, cached), text).toEqual(expected);
    }
  });

  it('answers generated queries like the uncached engine', () => {
    const names = fc.constantFrom('id', 'name__v', 'status__v', 'type__v', 'size__v', 'created__v', 'due__c', 'binder__v', 'language__v', 'product__v', 'owner__v');
    const queries = queryArbitrary({
      names,
      paths: fc.oneof({ weight: 5, arbitrary: names }, { weight: 1, arbitrary: fc.constantFrom('owner__vr.user_name__v', 'document_product__vr.name__v') }),
      targets: fc.constantFrom('documents'),
      relationships: fc.constantFrom('document_product__vr', 'owner__vr'),
    });
    const cached = stableCatalog();
    fc.assert(fc.property(queries, (q) => {
      const expected = outcome(q, plain);
      expect(outcome(q, cached), print(q)).toEqual(expected);
      expect(outcome(q, cached), print(q)).toEqual(expected);
    }), { numRuns: 300 });
  });

  it('FIND never matches across two rows, and ORs and ANDs terms per row', () => {
    const rows: Row[] = [
      { id: 1, name__v: 'xxAB', tags: ['Red', 'GREEN'] },
      { id: 2, name__v: 'cdyy', tags: [['blue'], { x: 'red' }, 7] },
      { id: 3, name__v: 'xx yy', tags: null },
      { id: 4, name__v: 'ΟΔΟΣ', tags: ['Ab', 'cd'] },
    ];
    const fields: FieldInfo[] = [{ name: 'id', type: 'id' }, { name: 'name__v', type: 'string' }, { name: 'tags', type: 'string', multiValue: true }];
    const target: QueryTarget = { name: 't', fields, rows: () => rows, stableRows: true };
    const catalog: QueryCatalog = { target: () => target };
    const ids = (find: string) => evaluate(parse(`SELECT id FROM t FIND (${find})`), catalog).rows.map((r) => r.id);
    for (let round = 0; round < 2; round++) {
      expect(ids("'abcd'")).toEqual([]);
      expect(ids("'b'")).toEqual([1, 2, 4]);
      expect(ids("'yy'")).toEqual([2, 3]);
      expect(ids("'xx OR cd'")).toEqual([1, 2, 3, 4]);
      expect(ids("'xx yy'")).toEqual([3]);
      expect(ids("'\"x y\"'")).toEqual([3]);
      expect(ids("'red'")).toEqual([1]);
      expect(ids("'green blue'")).toEqual([]);
      expect(ids("'blue 7'")).toEqual([2]);
      expect(ids("'οδος'")).toEqual([4]);
      expect(ids("'ς'")).toEqual([4]);
      expect(ids("'ab'")).toEqual([1, 4]);
      expect(ids("'bc'")).toEqual([]);
      expect(ids("'cd' SCOPE tags")).toEqual([4]);
      expect(ids("'ab' SCOPE tags")).toEqual([4]);
    }
    const plainTarget: QueryTarget = { ...target, stableRows: false };
    for (const find of ["'ab'", "'red OR cd'", "'ς'", "'xx yy'", "'b' SCOPE tags"]) {
      const q = parse(`SELECT id FROM t FIND (${find})`);
      expect(evaluate(q, catalog).rows, find).toEqual(evaluate(q, { target: () => plainTarget }).rows);
    }
  });

  it('reads volatile fields live, and starts afresh for a new rows array or new fields', () => {
    const rows = [{ id: 1, locked: false, name__v: 'a' }, { id: 2, locked: false, name__v: 'b' }];
    let current: Row[] = rows;
    let fields: FieldInfo[] = [{ name: 'id', type: 'id' }, { name: 'locked', type: 'boolean', volatile: true }, { name: 'name__v', type: 'string' }];
    const target = { name: 't', get fields() { return fields; }, rows: () => current, stableRows: true } as QueryTarget;
    const catalog: QueryCatalog = { target: () => target };
    const ids = (q: string) => evaluate(parse(q), catalog).rows.map((r) => r.id);
    expect(ids('SELECT id FROM t WHERE locked = true')).toEqual([]);
    expect(ids('SELECT id FROM t ORDER BY locked DESC')).toEqual([1, 2]);
    rows[1].locked = true;
    expect(ids('SELECT id FROM t WHERE locked = true')).toEqual([2]);
    expect(ids('SELECT id FROM t ORDER BY locked DESC')).toEqual([2, 1]);

    expect(ids("SELECT id FROM t WHERE name__v = 'c'")).toEqual([]);
    current = [rows[0], { ...rows[1], name__v: 'c' }];
    expect(ids("SELECT id FROM t WHERE name__v = 'c'")).toEqual([2]);

    // Same array, new fields (e.g. a field's type changed): keys are derived again.
    fields = [{ name: 'id', type: 'id' }, { name: 'locked', type: 'boolean', volatile: true }, { name: 'name__v', type: 'picklist', names: { c: 'c__c' } }];
    expect(ids("SELECT id FROM t WHERE TONAME(name__v) = 'c__c'")).toEqual([2]);
  });

  it('findRows gives the found rows themselves, in result order, unpaged', () => {
    const q = parse('SELECT id FROM documents WHERE size__v > 0 ORDER BY size__v DESC PAGESIZE 1 PAGEOFFSET 1');
    const found = findRows(q, stableCatalog());
    expect(found.rows.slice().map((r) => (r as { id: number }).id)).toEqual([4, 1, 2, 5]);
    expect(found.rows.slice(0, 1)[0]).toBe(DOCS[3]);
    expect(findRows(parse('SELECT id FROM documents MAXROWS 2'), plain).warnings).toHaveLength(1);
    expect(() => findRows(parse('SELECT nope__c FROM documents'), plain)).toThrow(VqlError);
  });

  it('projectPage over findRows\' rows is the page evaluate gives, for every query of the corpus', () => {
    let compared = 0;
    for (const text of QUERIES) {
      const q = parse(text);
      for (const catalog of [plain, stableCatalog()]) {
        let found;
        try {
          found = findRows(q, catalog);
        } catch (e) {
          if (e instanceof VqlError) continue;
          throw e;
        }
        for (const [offset, limit] of [[0, 2], [1, 3], [0, 1000]] as const) {
          const page = evaluate(q, catalog, { pageSize: limit, pageOffset: offset });
          const projected = projectPage(q, catalog, found.rows, { pageSize: limit, pageOffset: offset });
          expect(projected.rows, `${text} ${offset}/${limit}`).toEqual(page.rows);
          expect({ ...projected, rows: undefined }).toEqual({ total: page.total, limit: page.limit, offset: page.offset, rows: undefined });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(() => projectPage(parse('SELECT id FROM nowhere__c'), plain, [])).toThrow(/Unknown query target 'nowhere__c'/);
  });

  it('FrameRows (bitset + permutation) slices and windows like the array it stands for', () => {
    const spec = fc.integer({ min: 0, max: 150 }).chain((n) => fc.record({
      n: fc.constant(n),
      order: fc.option(orderOf(n)),
      keep: fc.option(fc.array(fc.boolean(), { minLength: n, maxLength: n })),
      windows: fc.array(fc.tuple(fc.integer({ min: -160, max: 160 }), fc.integer({ min: -160, max: 160 })), { maxLength: 3 }),
      slices: fc.array(fc.tuple(fc.integer({ min: -200, max: 200 }), fc.integer({ min: -200, max: 200 })), { minLength: 1, maxLength: 4 }),
    }));
    fc.assert(fc.property(spec, ({ n, order, keep, windows, slices }) => {
      const base = Array.from({ length: n }, (_, i) => ({ i }));
      const seq = (order ?? [...Array(n).keys()]).filter((i) => !keep || keep[i]).map((i) => base[i]);
      const kept = order ? new KeptOrder(Int32Array.from(order)) : undefined;
      const list = new FrameRows(base, kept && { kept, epoch: kept.epoch }, bitsOf(n, keep), 0, seq.length) as FrameRows;
      const { list: windowed, expected } = expectSlicesOf(list, seq, windows, slices);
      expect(windowed.slice(NaN, Infinity)).toEqual(expected.slice(NaN, Infinity));
      expect(windowed.slice(-Infinity, 2.7)).toEqual(expected.slice(-Infinity, 2.7));
    }), { numRuns: 500 });
  });

  it('FrameRows over a long order: pages of a few found rows far into it (read by their places) are the array’s', () => {
    // Longer than the walk before the places are read (rowlist.ts WALK_BEFORE_PLACES: 1,024 + n / 64).
    const spec = fc.oneof(fc.integer({ min: 1100, max: 7000 }), fc.constantFrom(2000, 2048)).chain((n) => fc.record({
      n: fc.constant(n),
      order: fc.oneof({ arbitrary: orderOf(n), weight: 1 }, { arbitrary: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), weight: 3 }),
      // a run of places in the order (a LIKE prefix sorted by its field) and a few scattered slots
      run: fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: 400 })),
      scattered: fc.array(fc.nat({ max: n - 1 }), { maxLength: 20 }),
      // slots appended to the order since (skipped), or a replacing change (the list reads its epoch's order)
      appended: fc.array(fc.nat(), { maxLength: 8 }),
      replaced: fc.boolean(),
      windows: fc.array(fc.tuple(fc.nat({ max: 300 }), fc.nat({ max: 900 })), { maxLength: 1 }),
      slices: fc.array(fc.tuple(fc.nat({ max: 500 }), fc.nat({ max: 500 })), { minLength: 1, maxLength: 4 }),
    }));
    fc.assert(fc.property(spec, ({ n, order, run: [at, length], scattered, appended, replaced, windows, slices }) => {
      const base = Array.from({ length: n + appended.length }, (_, i) => ({ i }));
      const keep = Array<boolean>(n).fill(false);
      for (const p of order.slice(at, at + length)) keep[p] = true;
      for (const i of scattered) keep[i] = true;
      const seq = order.filter((i) => keep[i]).map((i) => base[i]);
      const kept = new KeptOrder(Int32Array.from(order));
      const list = new FrameRows(base, { kept, epoch: kept.epoch }, bitsOf(n, keep), 0, seq.length, n) as FrameRows;
      const perm = [...order];
      appended.forEach((place, k) => perm.splice(place % (perm.length + 1), 0, n + k));
      kept.update(Int32Array.from(perm), false);
      if (replaced) kept.update(Int32Array.from(perm).reverse(), true);
      // One free buffer of the places bitset's size class waits: giving it back once more adds one, keeping it adds none.
      giveBackScratch(scratchWords((perm.length + 31) >>> 5));
      const free = freeScratch();
      const { list: windowed, expected } = expectSlicesOf(list, seq, windows.map(([a, b]) => [a, a + b] as [number, number]), slices.map(([a, b]) => [a, a + b] as [number, number]));
      expect(windowed.slice(want(expected), want(expected) + 7)).toEqual(expected.slice(want(expected), want(expected) + 7));
      expect(freeScratch(), 'each places bitset is given back').toBe(free);
    }), { numRuns: 80 });
    // Found rows on both sides of where the walk stops (position 1024 + 6000 / 64): none twice, none left out.
    const n = 6000;
    const order = Array.from({ length: n }, (_, p) => (p * 7919) % n);
    const base = Array.from({ length: n }, (_, i) => ({ i }));
    const keep = Array<boolean>(n).fill(false);
    for (const p of order.slice(1100, 1130)) keep[p] = true;
    const seq = order.filter((i) => keep[i]).map((i) => base[i]);
    const kept = new KeptOrder(Int32Array.from(order));
    expectSlicesOf(new FrameRows(base, { kept, epoch: kept.epoch }, bitsOf(n, keep), 0, seq.length), seq, [], [[0, 30], [5, 25], [0, 10]]);
  });

  it('FrameRows in slot order, or its reverse, with slots appended since: a deep page without a bitset, and one with', () => {
    const n = 3000;
    const base = Array.from({ length: n + 2 }, (_, i) => ({ i }));
    for (const reversed of [false, true]) {
      const order = reversed ? [...Array(n).keys()].reverse() : [...Array(n).keys()];
      const kept = new KeptOrder(Int32Array.from(order));
      const all = new FrameRows(base, { kept, epoch: kept.epoch }, undefined, 0, n, n) as FrameRows;
      const keep = [...Array(n).keys()].map((i) => i % 5 === 0);
      const some = new FrameRows(base, { kept, epoch: kept.epoch }, bitsOf(n, keep), 0, n / 5, n) as FrameRows;
      // The new slots go where the order puts them: after the others (slot order), before them (reversed).
      kept.update(Int32Array.from(reversed ? [n + 1, n, ...order] : [...order, n, n + 1]), false);
      expect(all.slice(2500, 2504)).toEqual(order.slice(2500, 2504).map((i) => base[i]));
      expect(some.slice(590, 600)).toEqual(order.filter((i) => keep[i]).slice(590, 600).map((i) => base[i]));
    }
  });

  it('FrameRows over a kept order reads it as found: rows appended since are skipped, and a replacing change leaves it its epoch’s permutation', () => {
    const spec = fc.integer({ min: 0, max: 120 }).chain((n) => fc.record({
      n: fc.constant(n),
      order: orderOf(n),
      keep: fc.option(fc.array(fc.boolean(), { minLength: n, maxLength: n })),
      // Appends after the list was found: each new slot at a place in the order (old slots keep theirs, relatively).
      appends: fc.array(fc.array(fc.nat(), { maxLength: 5 }), { maxLength: 3 }),
      replaceAfter: fc.option(fc.nat({ max: 3 })),
      windows: fc.array(fc.tuple(fc.integer({ min: -130, max: 130 }), fc.integer({ min: -130, max: 130 })), { maxLength: 2 }),
      slices: fc.array(fc.tuple(fc.integer({ min: -150, max: 150 }), fc.integer({ min: -150, max: 150 })), { minLength: 1, maxLength: 4 }),
    }));
    fc.assert(fc.property(spec, ({ n, order, keep, appends, replaceAfter, windows, slices }) => {
      const base = Array.from({ length: n }, (_, i) => ({ i }));
      const seq = order.filter((i) => !keep || keep[i]).map((i) => base[i]);
      const kept = new KeptOrder(Int32Array.from(order));
      const list = new FrameRows(base, { kept, epoch: kept.epoch }, bitsOf(n, keep), 0, seq.length, n) as FrameRows;
      // a page read before the appends (where a later read of the patched order must not resume)
      expect(list.slice(0, seq.length >> 1)).toEqual(seq.slice(0, seq.length >> 1));
      const rows = base as { i: number }[];
      appends.forEach((batch, k) => {
        if (replaceAfter === k) kept.update(Int32Array.from([...kept.perm].reverse()), true); // another epoch: its order is not the list's
        const perm = [...kept.perm];
        for (const at of batch) {
          perm.splice(at % (perm.length + 1), 0, rows.length);
          rows.push({ i: rows.length });
        }
        kept.update(Int32Array.from(perm), false);
      });
      expect(list.slice(seq.length >> 1)).toEqual(seq.slice(seq.length >> 1)); // the next page, after the appends
      expectSlicesOf(list, seq, windows, slices);
    }), { numRuns: 500 });
  });

  it('a list found before a create reads the patched order, not a copy of its own; one found before a replacing change keeps its epoch’s', () => {
    const kept = new KeptOrder(Int32Array.from([2, 0, 1]));
    const first = kept.epoch;
    kept.update(Int32Array.from([2, 3, 0, 1]), false);
    expect(kept.epoch).toBe(first);
    expect(kept.permFor(first)).toEqual(Int32Array.from([2, 3, 0, 1]));
    const before = kept.perm;
    kept.update(Int32Array.from([0, 1, 2, 3]), true);
    expect(kept.epoch).not.toBe(first);
    expect(kept.permFor(first)).toBe(before);
    expect(kept.permFor(kept.epoch)).toEqual(Int32Array.from([0, 1, 2, 3]));
  });

  it('answers like the uncached engine on many rows (plain columns for many distinct values, encoded ones for few)', () => {
    const areas = ['a__c', 'b__c', 'c__c'];
    const rows: Row[] = Array.from({ length: 600 }, (_, i) => ({
      id: i + 1,
      name__v: `Name ${(i * 7919) % 601}`,
      area__c: i % 11 === 0 ? null : areas[i % 3],
      tags: i % 5 === 0 ? [] : [areas[i % 2], `t${i % 4}`],
      due__c: i % 13 === 0 ? undefined : new Date(Date.UTC(2024, 0, 1) + ((i * 37) % 500) * 86_400_000).toISOString().slice(0, 10),
      size__v: i % 7 === 0 ? null : (i * 31) % 1000,
    }));
    const fields: FieldInfo[] = [
      { name: 'id', type: 'id' }, { name: 'name__v', type: 'string' }, { name: 'area__c', type: 'picklist', names: { a__c: 'A' } },
      { name: 'tags', type: 'string', multiValue: true }, { name: 'due__c', type: 'date' }, { name: 'size__v', type: 'number' },
    ];
    const stable: QueryTarget = { name: 't', fields, rows: () => rows, stableRows: true };
    const plainT: QueryTarget = { ...stable, stableRows: false };
    const queries = [
      "WHERE area__c IN ('a__c', 'c__c')", "WHERE area__c = null", "WHERE area__c != 'b__c'", "WHERE TONAME(area__c) = 'A'",
      "WHERE tags CONTAINS ('b__c', 't3')", "WHERE tags = null OR size__v < 100", "WHERE CASEINSENSITIVE(tags) LIKE 'T%'",
      "WHERE due__c BETWEEN '2024-02-01' AND '2024-05-01' ORDER BY due__c DESC", "WHERE name__v LIKE 'Name 1%' ORDER BY size__v, id DESC",
      "WHERE size__v >= 500 AND area__c = 'a__c' ORDER BY name__v SKIP 3 MAXROWS 40", "FIND ('name 12 OR b__c') ORDER BY area__c",
      "WHERE due__c > '2024-06-01' FIND ('t1' SCOPE tags)", 'ORDER BY tags DESC, due__c',
    ];
    for (const tail of queries) {
      const q = parse(`SELECT id, area__c FROM t ${tail} PAGESIZE 1000`);
      const expected = evaluate(q, { target: () => plainT });
      expect(evaluate(q, { target: () => stable }), tail).toEqual(expected);
      expect(evaluate(q, { target: () => stable }), tail).toEqual(expected);
    }
  });
});
