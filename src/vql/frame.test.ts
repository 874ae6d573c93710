/**
 * A frame's columns (frame.ts columnOf, issue 19): one column of a field's keys serves WHERE and
 * ORDER BY alike, and a column of numbers that are not small integers (a date's milliseconds) holds
 * them unboxed, also once columns of strings were made: the same values, before and after patches.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FieldInfo, QueryCatalog, QueryTable, QueryTarget, Row } from './catalog';
import { findRows } from './evaluate';
import { columnOf, frameOf } from './frame';
import { parse } from './parser';

/** A table target over `rows` (QueryTable: a replaced row gives a new array, its slot in the change log). */
function tableTarget(rows: Doc[]) {
  const fields: FieldInfo[] = [
    { name: 'id', type: 'id' }, { name: 'name__v', type: 'string' }, { name: 'created', type: 'datetime' },
    { name: 'tags', type: 'string', multiValue: true },
  ];
  const log: number[][] = [];
  const table: QueryTable & { rows: Doc[]; revision: number } = { rows, revision: 0, changedSince: (r) => (r <= table.revision ? log.slice(r).flat() : undefined) };
  const target: QueryTarget = { name: 't', fields, table, rows: () => table.rows };
  const catalog: QueryCatalog = { target: () => target };
  const replace = (slot: number, row: Doc) => {
    table.rows = (table.rows as Doc[]).slice();
    table.rows[slot] = row;
    log.push([slot]);
    table.revision++;
  };
  return { target, catalog, replace };
}

/**
 * Runs `body` in a Node process of its own with --allow-natives-syntax (V8's own view of arrays):
 * `Frame`, `columnOf`, `keyCompare` and `sortedOf` imported, `kind(a)` giving [double elements,
 * object elements]; answers what it printed, parsed as JSON.
 */
function inV8(body: string): unknown {
  const at = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));
  const script = `
    import { columnOf, Frame } from ${at('./frame.ts')};
    import { keyCompare, sortedOf } from ${at('./sorted.ts')};
    const kind = (a) => [%HasDoubleElements(a), %HasObjectElements(a)];
    ${body}
  `;
  return JSON.parse(execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);
/** The rows of these tests (the engine's Row is any object). */
interface Doc { id: number; name__v: string; created: string | null; tags: string[] }
const rowsOf = (n: number): Doc[] => Array.from({ length: n }, (_, i) => ({
  id: i + 1, name__v: `Name ${(i * 7) % n}`, created: new Date(BASE + ((i * 13) % n) * DAY).toISOString(), tags: i % 3 === 0 ? [] : [`t${(i * 5) % 4}`, 'a'],
}));
const ids = (rows: readonly Row[] | { slice(): Row[] }) => rows.slice().map((r) => (r as Doc).id);
/** The rows sorted by `key`, then by position (the engine's tie order). */
const sortedBy = (rows: Doc[], key: (r: Doc) => string | number | undefined, desc = false): number[] =>
  ids(rows.map((r, i) => ({ r, i, k: key(r) })).sort((a, b) => {
    if (a.k === b.k) return a.i - b.i;
    const c = a.k === undefined ? 1 : b.k === undefined ? -1 : a.k < b.k ? -1 : 1;
    return desc ? -c : c;
  }).map((x) => x.r));

describe('frame columns', () => {
  it('ORDER BY reads the keys column WHERE made (k:(field)), and keeps no second column of the field', () => {
    const rows = rowsOf(40);
    const { target, catalog } = tableTarget(rows);
    const found = findRows(parse("SELECT id FROM t WHERE created > '2026-01-05T00:00:00.000Z' ORDER BY created DESC, name__v"), catalog).rows;
    const expected = sortedBy(rows.filter((r) => Date.parse(r.created as string) > Date.parse('2026-01-05T00:00:00.000Z')), (r) => `${9e15 - Date.parse(r.created as string)}|${r.name__v}`);
    expect(ids(found)).toEqual(expected);
    expect([...frameOf(target)!.columns.keys()].sort()).toEqual(['k:(created)', 'k:(name__v)']);
  });

  it('a multi-value field sorts by its first element, from a column of first keys beside the keys its tests read', () => {
    const rows = rowsOf(30);
    const { target, catalog } = tableTarget(rows);
    const first = (r: Doc) => r.tags[0];
    expect(ids(findRows(parse("SELECT id FROM t WHERE tags = 'a' ORDER BY tags"), catalog).rows)).toEqual(sortedBy(rows.filter((r) => r.tags.includes('a')), first));
    expect(ids(findRows(parse('SELECT id FROM t ORDER BY tags DESC'), catalog).rows)).toEqual(sortedBy(rows, first, true));
    const columns = frameOf(target)!.columns;
    expect([...columns.keys()].sort()).toEqual(['k:(tags)', 'o:tags']);
    expect(columns.get('o:tags')!.values).toEqual(rows.map(first));
  });

  it('keeps the values of a column of dates, also after a patch puts a non-number in it', () => {
    const rows = rowsOf(50);
    const { target, catalog, replace } = tableTarget(rows);
    expect(findRows(parse("SELECT id FROM t WHERE name__v LIKE 'Name 1%' ORDER BY created"), catalog).rows.length).toBe(11);
    const frame = frameOf(target)!;
    const dates = columnOf(frame, 'k:(created)', () => 'not derived again');
    expect(dates).toEqual(rows.map((r) => Date.parse(r.created as string)));
    replace(4, { ...rows[4], created: null });
    replace(5, { ...rows[5], created: '2025-12-31T00:00:00.000Z' });
    const found = findRows(parse('SELECT id FROM t ORDER BY created'), catalog).rows;
    expect(ids(found).slice(0, 1)).toEqual([6]);
    expect(ids(found).at(-1)).toBe(5); // no date: last ascending
    const now = columnOf(frameOf(target)!, 'k:(created)', () => 'not derived again');
    expect(now[4]).toBeUndefined();
    expect(now[5]).toBe(Date.UTC(2025, 11, 31));
    expect(now.filter((_, i) => i !== 4 && i !== 5)).toEqual(rows.filter((_, i) => i !== 4 && i !== 5).map((r) => Date.parse(r.created as string)));
  });

  it('holds a column of dates unboxed (V8 double elements) after a column of strings was made, and small integers as they are', () => {
    const seen = inV8(`
      const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: 'n' + i, at: ${BASE} + i * ${DAY}, half: i / 2 }));
      const frame = new Frame(rows, []);
      const names = columnOf(frame, 'names', (r) => r.name);
      const dates = columnOf(frame, 'dates', (r) => r.at);
      const halves = columnOf(frame, 'halves', (r) => r.half);
      const idCol = columnOf(frame, 'ids', (r) => r.id);
      console.log(JSON.stringify({ names: kind(names), dates: kind(dates), halves: kind(halves), ids: kind(idCol), same: dates.every((d, i) => d === rows[i].at) && halves.every((h, i) => h === rows[i].half) }));
    `);
    expect(seen).toEqual({ names: [false, true], dates: [true, false], halves: [true, false], ids: [false, true], same: true });
  });

  it('a column of dates stays unboxed when sorted by the comparator that sorted columns of strings before (a polymorphic load does not box it)', () => {
    const seen = inV8(`
      const n = 20000;
      const rows = Array.from({ length: n }, (_, i) => ({ name: 'n' + ((i * 7919) % n), tag: 't' + (i % 97), at: ${BASE} + ((i * 7919) % n) * 1000 }));
      const frame = new Frame(rows, []);
      // The comparator's loads see columns of strings first (optimized by then), then the dates.
      for (const sig of ['names', 'tags']) sortedOf(frame, 'key:' + sig, () => keyCompare(columnOf(frame, sig, (r) => (sig === 'names' ? r.name : r.tag))));
      const dates = columnOf(frame, 'dates', (r) => r.at);
      const before = kind(dates);
      const perm = sortedOf(frame, 'key:dates', () => keyCompare(dates));
      let ordered = true;
      for (let p = 1; p < n; p++) if (dates[perm[p - 1]] > dates[perm[p]]) ordered = false;
      console.log(JSON.stringify({ before, after: kind(dates), ordered, isArray: Array.isArray(dates), first: dates[0] === rows[0].at }));
    `);
    expect(seen).toEqual({ before: [true, false], after: [true, false], ordered: true, isArray: true, first: true });
  });
});
