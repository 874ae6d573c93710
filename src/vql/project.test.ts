/**
 * Pages projected from a frame's value columns (project.ts projectSlice, issue 19): the same rows
 * and values as read from the rows themselves, answers that share no array with a column, a bound
 * on the columns a frame keeps, and a list found before a row changed in place read from its rows.
 */
import { describe, expect, it } from 'vitest';
import type { FieldInfo, QueryCatalog, QueryTable, QueryTarget, Row } from './catalog';
import { VALUE_COLUMNS_KEPT } from './choices';
import { evaluate, findRows, projectPage } from './evaluate';
import { frameOf } from './frame';
import { parse } from './parser';

const valueColumns = (target: QueryTarget): string[] => [...frameOf(target)!.columns.keys()].filter((sig) => sig.startsWith('v:')).sort();

/** A table target over `rows` (QueryTable: a replaced row gives a new array), with `width` extra string fields f0… */
function tableTarget(rows: Row[], width = 0) {
  const fields: FieldInfo[] = [
    { name: 'id', type: 'id' }, { name: 'name__v', type: 'string' }, { name: 'tags', type: 'string', multiValue: true },
    { name: 'status__v', type: 'picklist', names: { Draft: 'draft__c', Approved: 'approved__c' } }, { name: 'locked', type: 'boolean', volatile: true },
    ...Array.from({ length: width }, (_, k): FieldInfo => ({ name: `f${k}`, type: 'string' })),
  ];
  const log: number[][] = [];
  const table: QueryTable & { rows: Row[]; revision: number } = {
    rows,
    revision: 0,
    changedSince: (r) => (r <= table.revision ? log.slice(r).flat() : undefined),
  };
  const target: QueryTarget = { name: 't', fields, table, rows: () => table.rows };
  const catalog: QueryCatalog = { target: () => target };
  const replace = (slot: number, row: Row) => {
    table.rows = table.rows.slice();
    table.rows[slot] = row;
    log.push([slot]);
    table.revision++;
  };
  const append = (row: Row) => {
    table.rows.push(row);
    log.push([table.rows.length - 1]);
    table.revision++;
  };
  return { target, catalog, replace, append };
}

const rowsOf = (n: number, width = 0): Row[] => Array.from({ length: n }, (_, i) => ({
  id: i + 1, name__v: `Name ${(i * 37) % n}`, tags: i % 3 === 0 ? [] : [`t${i % 4}`, 'x'], status__v: i % 2 ? 'Draft' : 'Approved', locked: i % 5 === 0,
  ...Object.fromEntries(Array.from({ length: width }, (_, k) => [`f${k}`, `v${k}-${i}`])),
}));

/** The same target without a table or stable rows: every page read from the rows. */
const plainOf = (target: QueryTarget): QueryCatalog => ({ target: () => ({ ...target, table: undefined, stableRows: false }) });

describe('projectSlice', () => {
  it('projects pages from the value columns of the fields it shows, equal to the rows\' own values', () => {
    const { target, catalog } = tableTarget(rowsOf(300));
    for (const text of [
      'SELECT id, name__v, tags, TONAME(status__v), locked FROM t ORDER BY name__v DESC',
      "SELECT id, CASEINSENSITIVE(name__v), tags FROM t WHERE status__v = 'Draft' ORDER BY id DESC",
      "SELECT name__v, TONAME(tags) FROM t WHERE name__v LIKE 'Name 1%'",
      'SELECT id FROM t',
    ]) {
      const total = evaluate(parse(text), plainOf(target)).total;
      for (const [pageSize, pageOffset] of [[7, 0], [50, 33], [1000, 0], [5, total - 5]]) {
        const expected = evaluate(parse(text), plainOf(target), { pageSize, pageOffset });
        expect(expected.rows.length, text).toBeGreaterThan(0);
        expect(evaluate(parse(text), catalog, { pageSize, pageOffset }), `${text} ${pageSize}/${pageOffset}`).toEqual(expected);
      }
    }
    // the plain fields shown have a column; the volatile one (read live) none
    expect(valueColumns(target)).toEqual(['v:id', 'v:name__v', 'v:status__v', 'v:tags']);
  });

  it('gives every answer its own arrays: changing one changes neither the column nor a later answer', () => {
    const { catalog } = tableTarget(rowsOf(40));
    const q = parse('SELECT id, tags FROM t WHERE id = 2 OR id = 3');
    const first = evaluate(q, catalog).rows;
    expect(first.map((r) => r.tags)).toEqual([['t1', 'x'], ['t2', 'x']]);
    (first[0].tags as string[]).push('changed');
    expect(evaluate(q, catalog).rows.map((r) => r.tags)).toEqual([['t1', 'x'], ['t2', 'x']]);
  });

  it(`keeps at most VALUE_COLUMNS_KEPT (${VALUE_COLUMNS_KEPT}) value columns a frame; further fields are read from the rows`, () => {
    const width = VALUE_COLUMNS_KEPT + 4;
    const { target, catalog } = tableTarget(rowsOf(100, width), width);
    const fields = Array.from({ length: width }, (_, k) => `f${k}`);
    const q = parse(`SELECT id, ${fields.join(', ')} FROM t ORDER BY name__v`);
    expect(evaluate(q, catalog, { pageSize: 20, pageOffset: 10 })).toEqual(evaluate(q, plainOf(target), { pageSize: 20, pageOffset: 10 }));
    expect(valueColumns(target)).toEqual(['v:id', ...fields.slice(0, VALUE_COLUMNS_KEPT - 1).map((f) => `v:${f}`)].sort());
  });

  it('reads a list found before a row was replaced from its own rows, and one found before an append from the patched columns', () => {
    const { target, catalog, replace, append } = tableTarget(rowsOf(50));
    const q = parse('SELECT id, name__v FROM t WHERE id <= 3 ORDER BY id');
    const before = findRows(q, catalog).rows;
    const names = () => projectPage(q, catalog, before).rows.map((r) => r.name__v);
    expect(names()).toEqual(['Name 0', 'Name 37', 'Name 24']);
    append({ ...rowsOf(51)[50] });
    expect(names()).toEqual(['Name 0', 'Name 37', 'Name 24']); // same array, the columns patched for the new slot
    expect(valueColumns(target)).toEqual(['v:id', 'v:name__v']);
    expect(frameOf(target)!.columns.get('v:name__v')!.values).toHaveLength(51);
    replace(1, { ...rowsOf(50)[1], name__v: 'Renamed' });
    // a new rows array: the found list reads the rows it found (as its slice does), a new query the new row
    expect(names()).toEqual(['Name 0', 'Name 37', 'Name 24']);
    expect(names()).toEqual(before.slice().map((r) => (r as { name__v: string }).name__v));
    expect(evaluate(q, catalog).rows.map((r) => r.name__v)).toEqual(['Name 0', 'Renamed', 'Name 24']);
  });
});
