import { describe, it, expect } from 'vitest';
import { parse } from './parser';
import { VqlError } from './errors';
import { positionOf } from './positions';
import type { Condition } from './ast';

function err(q: string): { kind: string; position: number; message: string } {
  try {
    parse(q);
  } catch (e) {
    expect(e).toBeInstanceOf(VqlError);
    const v = e as VqlError;
    return { kind: v.kind, position: v.position, message: v.message };
  }
  throw new Error(`expected an error for ${q}`);
}

const where = (cond: string): Condition => parse(`SELECT id FROM documents WHERE ${cond}`).where!;

describe('SELECT and FROM', () => {
  it('parses plain fields, keeping names exact', () => {
    const q = parse('SELECT id, name__v, Foo_Bar__c FROM documents');
    expect(q.select).toEqual([
      { kind: 'field', field: 'id' }, { kind: 'field', field: 'name__v' }, { kind: 'field', field: 'Foo_Bar__c' },
    ]);
    expect(q.from).toEqual({ name: 'documents', allVersions: false });
    expect(q.orderBy).toEqual([]);
  });
  it('keywords are case-insensitive', () => {
    expect(parse('select id from users where id = 1 order by id desc maxrows 3')).toEqual(
      parse('SELECT id FROM users WHERE id = 1 ORDER BY id DESC MAXROWS 3'));
  });
  it('parses dot paths', () => {
    expect(parse('SELECT product__vr.name__v FROM documents').select).toEqual([{ kind: 'field', field: 'product__vr.name__v' }]);
  });
  it('parses CASEINSENSITIVE, TONAME and LATESTVERSION', () => {
    const q = parse('SELECT CASEINSENSITIVE(name__v), toname(type__v), LATESTVERSION id FROM ALLVERSIONS documents');
    expect(q.select).toEqual([
      { kind: 'field', field: 'name__v', fn: 'CASEINSENSITIVE' },
      { kind: 'field', field: 'type__v', fn: 'TONAME' },
      { kind: 'field', field: 'id', fn: 'LATESTVERSION' },
    ]);
    expect(q.from).toEqual({ name: 'documents', allVersions: true });
  });
  it('parses a relationship sub-select with WHERE and ORDER BY', () => {
    const q = parse("SELECT id, (SELECT name__v, id FROM document_product__vr WHERE name__v LIKE 'C%' ORDER BY name__v DESC) FROM documents");
    expect(q.select[1]).toEqual({
      kind: 'subquery',
      query: {
        select: [{ kind: 'field', field: 'name__v' }, { kind: 'field', field: 'id' }],
        from: 'document_product__vr',
        where: { kind: 'like', left: { field: 'name__v' }, pattern: 'C%' },
        orderBy: [{ field: 'name__v', desc: true }],
      },
    });
  });
  it('parses custom object targets', () => {
    expect(parse('SELECT id FROM foo__c').from.name).toBe('foo__c');
  });
});

describe('WHERE', () => {
  it.each(['=', '!=', '<', '>', '<=', '>='] as const)('comparison %s', (op) => {
    expect(where(`size__v ${op} 10`)).toEqual({ kind: 'compare', op, left: { field: 'size__v' }, right: { kind: 'number', value: 10 } });
  });
  it('<> is a synonym of !=', () => {
    expect(where("a <> 'x'")).toEqual(where("a != 'x'"));
  });
  it('AND binds tighter than OR; both left-associative', () => {
    const c = where('a = 1 OR b = 2 AND c = 3 OR d = 4');
    expect(c.kind).toBe('or');
    const o = c as Extract<Condition, { kind: 'or' }>;
    expect(o.left.kind).toBe('or');
    expect(o.right).toEqual({ kind: 'compare', op: '=', left: { field: 'd' }, right: { kind: 'number', value: 4 } });
    const inner = o.left as Extract<Condition, { kind: 'or' }>;
    expect(inner.right.kind).toBe('and');
  });
  it('parentheses group', () => {
    const c = where('(a = 1 OR b = 2) AND c = 3');
    expect(c.kind).toBe('and');
    expect((c as Extract<Condition, { kind: 'and' }>).left.kind).toBe('or');
    expect(where('((a = 1))')).toEqual(where('a = 1'));
  });
  it('IN and CONTAINS lists', () => {
    expect(where("id IN (1, 2, '3')")).toEqual({ kind: 'in', left: { field: 'id' }, values: [
      { kind: 'number', value: 1 }, { kind: 'number', value: 2 }, { kind: 'string', value: '3' }] });
    expect(where("language__v CONTAINS ('English', 'French')")).toEqual({ kind: 'contains', left: { field: 'language__v' }, values: [
      { kind: 'string', value: 'English' }, { kind: 'string', value: 'French' }] });
  });
  it('IN (SELECT ...) over a relationship', () => {
    expect(where("id IN (SELECT id FROM document_product__vr WHERE name__v = 'x')")).toEqual({
      kind: 'inSubquery', left: { field: 'id' },
      query: { select: [{ kind: 'field', field: 'id' }], from: 'document_product__vr', orderBy: [],
        where: { kind: 'compare', op: '=', left: { field: 'name__v' }, right: { kind: 'string', value: 'x' } } },
    });
  });
  it('BETWEEN a AND b, then AND', () => {
    const c = where("d BETWEEN '2024-01-01' AND '2024-12-31' AND x = true");
    expect(c).toEqual({
      kind: 'and',
      left: { kind: 'between', left: { field: 'd' }, low: { kind: 'string', value: '2024-01-01' }, high: { kind: 'string', value: '2024-12-31' } },
      right: { kind: 'compare', op: '=', left: { field: 'x' }, right: { kind: 'boolean', value: true } },
    });
  });
  it('LIKE', () => {
    expect(where("name__v LIKE 'Al%'")).toEqual({ kind: 'like', left: { field: 'name__v' }, pattern: 'Al%' });
  });
  it('null comparisons', () => {
    expect(where('a = null')).toEqual({ kind: 'compare', op: '=', left: { field: 'a' }, right: { kind: 'null' } });
    expect(where('a != null').kind).toBe('compare');
  });
  it('functions on the left', () => {
    expect(where("CASEINSENSITIVE(name__v) = 'x'")).toEqual({ kind: 'compare', op: '=', left: { field: 'name__v', fn: 'CASEINSENSITIVE' }, right: { kind: 'string', value: 'x' } });
    expect(where("TONAME(type__v) = 'x'")).toEqual({ kind: 'compare', op: '=', left: { field: 'type__v', fn: 'TONAME' }, right: { kind: 'string', value: 'x' } });
  });
  it.each([['STEADYSTATE()', 'steady'], ['obsoletestate()', 'obsolete'], ['SupersededState( )', 'superseded']])('state function %s', (fn, state) => {
    expect(where(`status__v = ${fn}`)).toEqual({ kind: 'compare', op: '=', left: { field: 'status__v' }, right: { kind: 'state', state } });
  });
  it('FIND before or after WHERE', () => {
    const a = parse("SELECT id FROM documents WHERE a = 1 FIND ('x')");
    const b = parse("SELECT id FROM documents FIND ('x') WHERE a = 1");
    expect(a).toEqual(b);
  });
});

describe('literals', () => {
  const lit = (s: string) => (where(`a = ${s}`) as Extract<Condition, { kind: 'compare' }>).right;
  it('strings with escapes', () => {
    expect(lit("'it\\'s'")).toEqual({ kind: 'string', value: "it's" });
    expect(lit("'a\\\\b'")).toEqual({ kind: 'string', value: 'a\\b' });
    expect(lit("''")).toEqual({ kind: 'string', value: '' });
    expect(lit("'WHERE ( , )'")).toEqual({ kind: 'string', value: 'WHERE ( , )' });
  });
  it('numbers', () => {
    expect(lit('42')).toEqual({ kind: 'number', value: 42 });
    expect(lit('-7')).toEqual({ kind: 'number', value: -7 });
    expect(lit('3.25')).toEqual({ kind: 'number', value: 3.25 });
    expect(lit('-0.5')).toEqual({ kind: 'number', value: -0.5 });
    expect(lit('-0')).toEqual({ kind: 'number', value: 0 });
  });
  it('true, false, null (lowercase only)', () => {
    expect(lit('true')).toEqual({ kind: 'boolean', value: true });
    expect(lit('false')).toEqual({ kind: 'boolean', value: false });
    expect(lit('null')).toEqual({ kind: 'null' });
    expect(err('SELECT id FROM documents WHERE a = TRUE').kind).toBe('syntax');
  });
});

describe('FIND, ORDER BY and paging', () => {
  it('FIND scopes', () => {
    const f = (s: string) => parse(`SELECT id FROM documents FIND (${s})`).find;
    expect(f("'insulin'")).toEqual({ terms: 'insulin', scope: { kind: 'properties' } });
    expect(f("'insulin' SCOPE PROPERTIES")).toEqual({ terms: 'insulin', scope: { kind: 'properties' } });
    expect(f("'insulin' scope content")).toEqual({ terms: 'insulin', scope: { kind: 'content' } });
    expect(f("'insulin' SCOPE ALL")).toEqual({ terms: 'insulin', scope: { kind: 'all' } });
    expect(f("'insulin' SCOPE name__v")).toEqual({ terms: 'insulin', scope: { kind: 'field', field: 'name__v' } });
  });
  it('ORDER BY with directions', () => {
    expect(parse('SELECT id FROM documents ORDER BY name__v ASC, id DESC, size__v').orderBy).toEqual([
      { field: 'name__v', desc: false }, { field: 'id', desc: true }, { field: 'size__v', desc: false }]);
  });
  it('MAXROWS, SKIP, PAGESIZE, PAGEOFFSET in any order', () => {
    const q = parse('SELECT id FROM documents PAGEOFFSET 4 PAGESIZE 3 SKIP 2 MAXROWS 1');
    expect([q.maxRows, q.skip, q.pageSize, q.pageOffset]).toEqual([1, 2, 3, 4]);
  });
  it('LIMIT and OFFSET are synonyms of PAGESIZE and PAGEOFFSET', () => {
    expect(parse('SELECT id FROM documents LIMIT 5 OFFSET 10')).toEqual(parse('SELECT id FROM documents PAGESIZE 5 PAGEOFFSET 10'));
  });
});

describe('positions', () => {
  it('records positions of fields and values', () => {
    const q = parse("SELECT id, name__v FROM documents WHERE size__v > 'x'");
    expect(positionOf(q.select[1])).toBe(11);
    expect(positionOf(q.from)).toBe(24);
    const c = q.where as Extract<Condition, { kind: 'compare' }>;
    expect(positionOf(c.left)).toBe(40);
    expect(positionOf(c.right)).toBe(50);
  });
});

describe('errors', () => {
  it.each([
    ['SELECT id, name__v WHERE id = 1', 'syntax', 19, "Expected FROM but found 'WHERE' at position 19"],
    ['', 'syntax', 0, 'Expected SELECT but found end of query at position 0'],
    ['SELECT FROM documents', 'syntax', 7, "Expected a field name but found 'FROM' at position 7"],
    ['SELECT id FROM', 'syntax', 14, 'Expected a query target after FROM but found end of query at position 14'],
    ['SELECT id FROM documents WHERE', 'syntax', 30, 'Expected a field name but found end of query at position 30'],
    ['SELECT id FROM documents WHERE a', 'syntax', 32, 'Expected an operator (=, !=, <, >, <=, >=, IN, CONTAINS, BETWEEN, LIKE) but found end of query at position 32'],
    ['SELECT id FROM documents WHERE a = ', 'syntax', 35, 'Expected a value (string, number, true, false or null) but found end of query at position 35'],
    ["SELECT id FROM documents WHERE a = 'abc", 'syntax', 35, 'Unterminated string starting at position 35'],
    ['SELECT id FROM documents WHERE a = 1 extra', 'syntax', 37, "Expected end of query or FIND, ORDER BY, MAXROWS, SKIP, PAGESIZE, PAGEOFFSET but found 'extra' at position 37"],
    ['SELECT id FROM documents WHERE (a = 1', 'syntax', 37, "Expected ')' but found end of query at position 37"],
    ['SELECT id FROM documents WHERE a # 1', 'syntax', 33, "Unexpected character '#' at position 33"],
    ['SELECT id FROM documents WHERE a IN ()', 'syntax', 37, "Expected a value (string, number, true, false or null) but found ')' at position 37"],
    ['SELECT id FROM documents WHERE a BETWEEN 1 OR 2', 'syntax', 43, "Expected AND but found 'OR' at position 43"],
    ['SELECT id FROM documents WHERE a LIKE 5', 'syntax', 38, "Expected a quoted pattern after LIKE but found '5' at position 38"],
    ['SELECT id FROM documents WHERE a < STEADYSTATE()', 'syntax', 35, "Expected a value (string, number, true, false or null) but found 'STEADYSTATE' at position 35"],
    ['SELECT id FROM documents FIND (insulin)', 'syntax', 31, "Expected quoted search terms but found 'insulin' at position 31"],
    ["SELECT id FROM documents FIND ('x' SCOPE)", 'syntax', 40, "Expected PROPERTIES, CONTENT, ALL or a field name after SCOPE but found ')' at position 40"],
    ['SELECT id FROM documents ORDER id', 'syntax', 31, "Expected BY but found 'id' at position 31"],
    ['SELECT id FROM documents MAXROWS', 'syntax', 32, 'Expected a number after MAXROWS but found end of query at position 32'],
    ['SELECT id FROM documents MAXROWS 1 MAXROWS 2', 'syntax', 35, 'Duplicate MAXROWS at position 35'],
    ['SELECT id FROM documents LIMIT 1 PAGESIZE 2', 'syntax', 33, 'Duplicate PAGESIZE at position 33'],
    ['SELECT id FROM documents MAXROWS -1', 'invalid_value', 33, "Expected a non-negative integer after MAXROWS but found '-1' at position 33"],
    ['SELECT id FROM documents SKIP 1.5', 'invalid_value', 30, "Expected a non-negative integer after SKIP but found '1.5' at position 30"],
    ['SELECT id FROM documents WHERE a = 1e999', 'invalid_value', 35, "Number out of range '1e999' at position 35"],
    ['SELECT a. FROM documents', 'syntax', 9, "Expected a field name after '.' at position 9"],
    ['SELECT id FROM documents WHERE a = 12abc', 'syntax', 37, "Malformed number: unexpected 'a' at position 37"],
    ['SELECT LATESTVERSION id FROM documents', 'syntax', 7, 'LATESTVERSION requires FROM ALLVERSIONS at position 7'],
    ['SELECT (SELECT LATESTVERSION id FROM r) FROM ALLVERSIONS documents', 'syntax', 15, 'LATESTVERSION is not allowed in a sub-select at position 15'],
    ['SELECT (SELECT (SELECT id FROM a) FROM b) FROM documents', 'syntax', 15, "Expected a field name but found '(' at position 15"],
    ['SELECT id FROM documents WHERE id IN (SELECT id FROM r WHERE id IN (SELECT id FROM s))', 'syntax', 68, "Expected a value (sub-selects do not nest) but found 'SELECT' at position 68"],
    ['SELECT id FROM documents WHERE x = 1 WHERE y = 2', 'syntax', 37, "Expected end of query or FIND, ORDER BY, MAXROWS, SKIP, PAGESIZE, PAGEOFFSET but found 'WHERE' at position 37"],
  ])('%s', (q, kind, position, message) => {
    expect(err(q)).toEqual({ kind, position, message });
  });
});

describe('limits', () => {
  it('rejects parentheses nested too deeply with a VqlError', () => {
    const q = `SELECT id FROM documents WHERE ${'('.repeat(5000)}a = 1${')'.repeat(5000)}`;
    expect(err(q)).toEqual({ kind: 'syntax', position: 131, message: 'Parentheses nested deeper than 100 at position 131' });
    expect(parse(`SELECT id FROM documents WHERE ${'('.repeat(100)}a = 1${')'.repeat(100)}`).where).toEqual(where('a = 1'));
  });
  it('parses long flat chains', () => {
    const q = `SELECT id FROM documents WHERE ${Array.from({ length: 6000 }, (_, i) => `a = ${i}`).join(' OR ')}`;
    expect(parse(q).where?.kind).toBe('or');
  });
});
