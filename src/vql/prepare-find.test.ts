/**
 * prepareFind (warm-up, issue 19): builds the index a FIND over one searched field would build on
 * first use, and the token index of a large field, kept with the table's frame; a FIND afterwards
 * uses them (builds nothing) and answers exactly as a plain scan, through appended and replaced rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldInfo, QueryTable, QueryTarget, Row } from './catalog';
import { evaluate } from './evaluate';
import { EXTRA_TEXTS_MIN, FieldIndex, TOKENS_MIN_CORPUS } from './find-index';
import { searchedFieldNames } from './find';
import { prepareFind } from './prepare';
import { frameOf } from './frame';
import { parse } from './parser';

class TestTable implements QueryTable {
  revision = 0;
  private readonly log: Array<[number, number]> = [];
  constructor(public rows: Row[]) {}
  changedSince(revision: number): number[] | undefined {
    return this.log.filter(([r]) => r > revision).map(([, s]) => s);
  }
  append(row: Row): void {
    this.log.push([++this.revision, this.rows.length]);
    this.rows.push(row);
  }
  replace(slot: number, row: Row): void {
    this.rows = this.rows.slice();
    this.rows[slot] = row;
    this.log.push([++this.revision, slot]);
  }
}

const FIELDS: FieldInfo[] = [
  { name: 'id', type: 'id' },
  { name: 'name__v', type: 'string' },
  { name: 'status__v', type: 'picklist' },
  { name: 'size__v', type: 'number' },
  { name: 'code__c', type: 'number', searchable: true },
  { name: 'tags__c', type: 'string', multiValue: true },
  { name: 'note__c', type: 'string', searchable: false },
  { name: 'secret__c', type: 'string', queryable: false },
];

const WORDS = ['alpha', 'Beta', 'gamma-ray', 'delta', 'ÉPSILON', 'zeta', 'theta', 'iota', 'kappa'];
/** 3,000 rows: name__v holds over TOKENS_MIN_CORPUS characters of distinct texts, status__v a few short ones. */
function rowsOf(n: number): Row[] {
  const texts = fc.sample(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')), { numRuns: n, seed: 5 });
  return texts.map((t, i) => ({ id: i + 1, name__v: `${t} ${i}`, status__v: ['Draft', 'Approved'][i % 2], size__v: i, code__c: i % 97, tags__c: [`t${i % 13}`], note__c: 'n', secret__c: 's' }));
}

const targets = (table: TestTable): { shared: QueryTarget; plain: QueryTarget } => ({
  shared: { name: 't', fields: FIELDS, table, rows: () => [] },
  plain: { name: 't', fields: FIELDS, rows: () => table.rows },
});
/** Runs prepareFind to its end: its result and how many steps it took (`next()` calls that did not finish it). */
function prepared(target: () => QueryTarget, field: string, rowsPerStep?: number): { result: boolean; steps: number } {
  const work = prepareFind(target, field, rowsPerStep);
  let steps = 0;
  for (let r = work.next(); ; r = work.next(), steps++) if (r.done) return { result: r.value, steps };
}
const ids = (q: string, target: QueryTarget) => evaluate(parse(q), { target: () => target }).rows.map((r) => r.id);

describe('prepareFind', () => {
  it('names the fields FIND searches: queryable string and picklist fields, and fields marked searchable', () => {
    const { shared } = targets(new TestTable([]));
    expect(searchedFieldNames(shared)).toEqual(['name__v', 'status__v', 'code__c', 'tags__c']);
    // a later field of the same name wins, as in a query's scope
    expect(searchedFieldNames({ ...shared, fields: [...FIELDS, { name: 'name__v', type: 'string', searchable: false }] })).toEqual(['status__v', 'code__c', 'tags__c']);
  });

  it('keeps each searched field\'s index with the frame, and the token index of a large field only', () => {
    const table = new TestTable(rowsOf(3000));
    const { shared } = targets(table);
    const frame = frameOf(shared)!;
    for (const f of searchedFieldNames(shared)) expect(frame.has(`x:${f}`), f).toBe(false);
    expect(searchedFieldNames(shared).map((f) => prepared(() => shared, f).result)).toEqual([true, true, true, true]);
    const name = frame.get<FieldIndex>('x:name__v');
    expect(name).toBeInstanceOf(FieldIndex);
    expect(table.rows.map((r) => `${(r as { name__v: string }).name__v}\u0000`).join('').length).toBeGreaterThan(TOKENS_MIN_CORPUS);
    expect(name.tokenIndexed).toBe(true);
    expect(frame.get<FieldIndex>('x:status__v').tokenIndexed).toBe(false);
    // A FIND afterwards reads the kept indexes: the same objects, nothing built again.
    const kept = searchedFieldNames(shared).map((f) => frame.get<FieldIndex>(`x:${f}`));
    expect(ids("SELECT id FROM t FIND ('kappa 12')", shared).length).toBeGreaterThan(0);
    for (let i = 0; i < kept.length; i++) expect(frameOf(shared)!.get(`x:${searchedFieldNames(shared)[i]}`)).toBe(kept[i]);
  });

  it('answers FIND after the warm-up exactly as a plain scan, through appends and replacements', () => {
    const table = new TestTable(rowsOf(3000));
    const { shared, plain } = targets(table);
    // in parts of 700 rows: the index built in parts is the one a whole build gives
    for (const f of searchedFieldNames(shared)) expect(prepared(() => shared, f, 700)).toEqual({ result: true, steps: 5 });
    const terms = ["'kappa'", "'ray'", "'a-r'", "'epsilon 12'", "'\"ta io\"'", "'draft'", "'t1'", "'9'", "'zzz'", "'beta OR 77'", "'é'"];
    fc.assert(fc.property(fc.constantFrom(...terms), fc.option(fc.tuple(fc.nat(), fc.constantFrom(...WORDS), fc.boolean()), { nil: undefined }), (term, change) => {
      if (change) {
        const [at, word, append] = change;
        if (append) table.append({ id: table.rows.length + 1, name__v: `${word} 77`, status__v: 'Draft', tags__c: ['t1x'] });
        else table.replace(at % table.rows.length, { id: (at % table.rows.length) + 1, name__v: `${word} 12`, status__v: 'Approved', tags__c: [] });
      }
      const q = `SELECT id FROM t FIND (${term}) PAGESIZE 1000`;
      expect(ids(q, shared), q).toEqual(ids(q, plain));
    }), { numRuns: 120 });
  });

  it('answers FIND as a plain scan while the texts added since its build are merged into its corpus again and again', () => {
    const table = new TestTable(rowsOf(100));
    const { shared, plain } = targets(table);
    for (const f of searchedFieldNames(shared)) expect(prepared(() => shared, f).result).toBe(true);
    const q = (term: string) => `SELECT id FROM t FIND ('${term}') PAGESIZE 1000`;
    // More than EXTRA_TEXTS_MIN texts added between searches, several times over, by appends and replacements.
    const apart = () => frameOf(shared)!.get<FieldIndex>('x:name__v').textsApart;
    let last = 0;
    let merges = 0;
    for (let i = 0; i < 5 * EXTRA_TEXTS_MIN; i++) {
      const word = WORDS[i % WORDS.length];
      if (i % 3 === 2) table.replace(i % 100, { id: (i % 100) + 1, name__v: `${word} r${i}`, status__v: 'Approved', tags__c: [`t${i}`] });
      else table.append({ id: table.rows.length + 1, name__v: `${word} a${i}`, status__v: 'Draft', tags__c: [`t${i}`] });
      if (i % 37 !== 0) continue;
      for (const term of [word.toLowerCase(), `a${i}`, `t${i}`, 'draft', `r${i - 1}`]) expect(ids(q(term), shared), q(term)).toEqual(ids(q(term), plain));
      // The searches caught the index up: its texts apart stay within the bound, merged into the corpus past it.
      expect(apart()).toBeLessThanOrEqual(EXTRA_TEXTS_MIN);
      if (apart() < last) merges++;
      last = apart();
    }
    expect(merges).toBeGreaterThanOrEqual(3);
    for (const term of ['kappa', 'a319', 'r317', 't300', 'approved', 'zzz']) expect(ids(q(term), shared), q(term)).toEqual(ids(q(term), plain));
    expect(ids(q('a319'), plain)).toHaveLength(1);
  });

  it('builds nothing for a field FIND does not search, an unknown field, or a target without a table', () => {
    const table = new TestTable(rowsOf(50));
    const { shared, plain } = targets(table);
    for (const f of ['size__v', 'note__c', 'secret__c', 'nope__c']) expect(prepared(() => shared, f), f).toEqual({ result: false, steps: 0 });
    expect(['size__v', 'note__c', 'secret__c', 'nope__c'].some((f) => frameOf(shared)!.has(`x:${f}`))).toBe(false);
    expect(prepared(() => plain, 'name__v')).toEqual({ result: false, steps: 0 });
  });

  it('takes one step per part of rows and one for the token index; gives up, keeping nothing, when the table changed between two', () => {
    const table = new TestTable(rowsOf(3000));
    const { shared } = targets(table);
    expect(prepared(() => shared, 'name__v', 1000)).toEqual({ result: true, steps: 3 });
    expect(prepared(() => shared, 'name__v', 1000)).toEqual({ result: true, steps: 0 }); // kept: only the token index is looked at
    for (const change of ['append', 'replace'] as const) {
      const work = prepareFind(() => shared, 'status__v', 1000);
      expect(work.next().done).toBe(false);
      if (change === 'append') table.append({ id: table.rows.length + 1, name__v: 'new', status__v: 'Draft' });
      else table.replace(0, { id: 1, name__v: 'changed', status__v: 'Approved' });
      expect(work.next()).toEqual({ done: true, value: false });
      expect(frameOf(shared)!.has('x:status__v')).toBe(false);
    }
    // a new configuration (a new fields array): a new frame
    const work = prepareFind(() => shared, 'tags__c', 1000);
    work.next();
    const moved: QueryTarget = { ...shared, fields: [...FIELDS] };
    const later = prepareFind(() => moved, 'code__c', 1000);
    later.next();
    expect(work.next()).toEqual({ done: true, value: false });
  });
});
