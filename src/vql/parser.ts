import type {
  CompareOp, Condition, FieldFunction, Find, FindScope, Literal, Operand, OrderItem, Query, SelectItem,
  StateKind, SubQuery, Value,
} from './ast';
import { VqlError } from './errors';
import { isKeyword, TAIL_CLAUSES } from './keywords';
import { tokenize, type Token } from './lexer';
import { positionOf, setPosition } from './positions';

type FieldItem = Extract<SelectItem, { kind: 'field' }>;

const COMPARE_OPS: Record<string, CompareOp> = {
  '=': '=', '!=': '!=', '<>': '!=', '<': '<', '>': '>', '<=': '<=', '>=': '>=',
};
/** Deepest parenthesis nesting accepted in WHERE (keeps recursion bounded for any input). */
export const MAX_NESTING = 100;

const STATE_FUNCTIONS: Record<string, StateKind> = {
  STEADYSTATE: 'steady', OBSOLETESTATE: 'obsolete', SUPERSEDEDSTATE: 'superseded',
};

/**
 * Parses one VQL statement. Throws only VqlError, for any input string.
 * Positions of nodes are available through positionOf() (positions.ts).
 */
export function parse(src: string): Query {
  try {
    return parseTokens(tokenize(src));
  } catch (e) {
    if (e instanceof VqlError) throw e;
    // Defensive: an internal defect must still surface as a VqlError.
    throw new VqlError('syntax', `Could not parse query: ${e instanceof Error ? e.message : String(e)}`, 0);
  }
}

function describe(t: Token): string {
  if (t.type === 'eof') return 'end of query';
  if (t.type === 'string') return `string '${t.text}'`;
  return `'${t.text}'`;
}

function parseTokens(tokens: Token[]): Query {
  let i = 0;
  const peek = (k = 0): Token => tokens[Math.min(i + k, tokens.length - 1)];
  const next = (): Token => tokens[Math.min(i++, tokens.length - 1)];
  const fail = (expected: string, t: Token = peek()): never => {
    throw new VqlError('syntax', `Expected ${expected} but found ${describe(t)} at position ${t.pos}`, t.pos);
  };
  const isKw = (kw: string, t: Token = peek()): boolean => t.type === 'ident' && t.text.toUpperCase() === kw;
  const acceptKw = (kw: string): Token | undefined => (isKw(kw) ? next() : undefined);
  const expectKw = (kw: string): Token => acceptKw(kw) ?? fail(kw);
  const isPunct = (p: string, t: Token = peek()): boolean => t.type === 'punct' && t.text === p;
  const acceptPunct = (p: string): Token | undefined => (isPunct(p) ? next() : undefined);
  const expectPunct = (p: string): Token => acceptPunct(p) ?? fail(`'${p}'`);

  const name = (what: string): Token => {
    const t = peek();
    if (t.type !== 'ident' || isKeyword(t.text)) fail(what);
    return next();
  };

  const operand = (): Operand => {
    const t = peek();
    for (const fn of ['CASEINSENSITIVE', 'TONAME'] as FieldFunction[]) {
      if (isKw(fn) && isPunct('(', peek(1))) {
        next();
        expectPunct('(');
        const f = name(`a field name inside ${fn}()`);
        expectPunct(')');
        return setPosition({ field: f.text, fn }, f.pos);
      }
    }
    const f = name('a field name');
    return setPosition({ field: f.text }, t.pos);
  };

  const literal = (): Literal => {
    const t = peek();
    let lit: Literal | undefined;
    if (t.type === 'string') lit = { kind: 'string', value: t.text };
    else if (t.type === 'number') lit = { kind: 'number', value: t.num ?? 0 };
    else if (t.type === 'ident' && t.text === 'true') lit = { kind: 'boolean', value: true };
    else if (t.type === 'ident' && t.text === 'false') lit = { kind: 'boolean', value: false };
    else if (t.type === 'ident' && t.text === 'null') lit = { kind: 'null' };
    if (!lit) return fail('a value (string, number, true, false or null)');
    next();
    return setPosition(lit, t.pos);
  };

  const value = (allowState: boolean): Value => {
    const t = peek();
    const state = t.type === 'ident' ? STATE_FUNCTIONS[t.text.toUpperCase()] : undefined;
    if (state && allowState) {
      next();
      expectPunct('(');
      expectPunct(')');
      return setPosition({ kind: 'state', state }, t.pos);
    }
    return literal();
  };

  const literalList = (): Literal[] => {
    expectPunct('(');
    const values = [literal()];
    while (acceptPunct(',')) values.push(literal());
    expectPunct(')');
    return values;
  };

  const predicate = (): Condition => {
    const left = operand();
    const t = peek();
    if (t.type === 'punct' && COMPARE_OPS[t.text]) {
      next();
      const op = COMPARE_OPS[t.text];
      return setPosition({ kind: 'compare', op, left, right: value(op === '=' || op === '!=') }, t.pos);
    }
    if (acceptKw('IN')) {
      if (isPunct('(') && isKw('SELECT', peek(1))) {
        if (inSubquery) fail('a value (sub-selects do not nest)', peek(1));
        next();
        const query = subquery();
        expectPunct(')');
        return setPosition({ kind: 'inSubquery', left, query }, t.pos);
      }
      return setPosition({ kind: 'in', left, values: literalList() }, t.pos);
    }
    if (acceptKw('CONTAINS')) return setPosition({ kind: 'contains', left, values: literalList() }, t.pos);
    if (acceptKw('BETWEEN')) {
      const low = literal();
      expectKw('AND');
      const high = literal();
      return setPosition({ kind: 'between', left, low, high }, t.pos);
    }
    if (acceptKw('LIKE')) {
      const p = peek();
      if (p.type !== 'string') fail('a quoted pattern after LIKE');
      next();
      return setPosition({ kind: 'like', left, pattern: p.text }, p.pos);
    }
    return fail('an operator (=, !=, <, >, <=, >=, IN, CONTAINS, BETWEEN, LIKE)');
  };

  let depth = 0;
  const primary = (): Condition => {
    const open = acceptPunct('(');
    if (open) {
      if (++depth > MAX_NESTING) throw new VqlError('syntax', `Parentheses nested deeper than ${MAX_NESTING} at position ${open.pos}`, open.pos);
      const c = condition();
      expectPunct(')');
      depth--;
      return c;
    }
    return predicate();
  };

  const conjunction = (): Condition => {
    let left = primary();
    while (isKw('AND')) {
      const t = next();
      left = setPosition({ kind: 'and', left, right: primary() }, t.pos);
    }
    return left;
  };

  const condition = (): Condition => {
    let left = conjunction();
    while (isKw('OR')) {
      const t = next();
      left = setPosition({ kind: 'or', left, right: conjunction() }, t.pos);
    }
    return left;
  };

  const fieldItem = (): FieldItem => {
    const t = peek();
    if (isKw('LATESTVERSION') && peek(1).type === 'ident') {
      next();
      const f = name('a field name after LATESTVERSION');
      return setPosition({ kind: 'field', field: f.text, fn: 'LATESTVERSION' }, t.pos);
    }
    const o = operand();
    return setPosition(o.fn ? { kind: 'field', field: o.field, fn: o.fn } : { kind: 'field', field: o.field }, positionOf(o));
  };

  const orderBy = (): OrderItem[] => {
    const items: OrderItem[] = [];
    if (!acceptKw('ORDER')) return items;
    expectKw('BY');
    do {
      const f = name('a field name in ORDER BY');
      let desc = false;
      if (acceptKw('DESC')) desc = true;
      else acceptKw('ASC');
      items.push(setPosition({ field: f.text, desc }, f.pos));
    } while (acceptPunct(','));
    return items;
  };

  let inSubquery = false;
  const subquery = (): SubQuery => {
    inSubquery = true;
    expectKw('SELECT');
    const select = [fieldItem()];
    while (acceptPunct(',')) select.push(fieldItem());
    const lv = select.find((s) => s.fn === 'LATESTVERSION');
    if (lv) {
      const p = positionOf(lv);
      throw new VqlError('syntax', `LATESTVERSION is not allowed in a sub-select at position ${p}`, p);
    }
    expectKw('FROM');
    const from = name('a relationship name after FROM');
    const q: SubQuery = { select, from: from.text, orderBy: [] };
    setPosition(q, from.pos);
    if (acceptKw('WHERE')) q.where = condition();
    q.orderBy = orderBy();
    inSubquery = false;
    return q;
  };

  const selectItem = (): SelectItem => {
    const t = peek();
    if (acceptPunct('(')) {
      const query = subquery();
      expectPunct(')');
      return setPosition({ kind: 'subquery', query }, t.pos);
    }
    return fieldItem();
  };

  const find = (): Find => {
    const t = expectPunct('(');
    const terms = peek();
    if (terms.type !== 'string') fail('quoted search terms');
    next();
    let scope: FindScope = { kind: 'properties' };
    if (acceptKw('SCOPE')) {
      const s = peek();
      if (acceptKw('PROPERTIES')) scope = { kind: 'properties' };
      else if (acceptKw('CONTENT')) scope = { kind: 'content' };
      else if (acceptKw('ALL')) scope = { kind: 'all' };
      else scope = { kind: 'field', field: name('PROPERTIES, CONTENT, ALL or a field name after SCOPE').text };
      setPosition(scope, s.pos);
    }
    expectPunct(')');
    return setPosition({ terms: terms.text, scope }, t.pos);
  };

  // SELECT <items> FROM [ALLVERSIONS] <target>
  expectKw('SELECT');
  const select = [selectItem()];
  while (acceptPunct(',')) select.push(selectItem());
  expectKw('FROM');
  const allVersions = !!acceptKw('ALLVERSIONS');
  const target = name('a query target after FROM');
  const query: Query = { select, from: setPosition({ name: target.text, allVersions }, target.pos), orderBy: [] };
  if (!allVersions) {
    const lv = select.find((s) => s.kind === 'field' && s.fn === 'LATESTVERSION');
    if (lv) {
      const p = positionOf(lv);
      throw new VqlError('syntax', `LATESTVERSION requires FROM ALLVERSIONS at position ${p}`, p);
    }
  }
  // [WHERE ...] and [FIND ...] in either order (the real service documents FIND before WHERE).
  for (let k = 0; k < 2; k++) {
    if (!query.where && acceptKw('WHERE')) query.where = condition();
    else if (!query.find && acceptKw('FIND')) query.find = find();
  }
  query.orderBy = orderBy();
  // Paging clauses, any order, each at most once.
  while (peek().type === 'ident') {
    const kw = peek().text.toUpperCase();
    if (!(kw in TAIL_CLAUSES)) break;
    const t = next();
    const key = TAIL_CLAUSES[kw as keyof typeof TAIL_CLAUSES];
    if (query[key] !== undefined) throw new VqlError('syntax', `Duplicate ${kw} at position ${t.pos}`, t.pos);
    const v = peek();
    if (v.type !== 'number') fail(`a number after ${kw}`);
    if (!Number.isSafeInteger(v.num) || (v.num ?? -1) < 0) {
      throw new VqlError('invalid_value', `Expected a non-negative integer after ${kw} but found '${v.text}' at position ${v.pos}`, v.pos);
    }
    next();
    query[key] = v.num;
  }
  if (peek().type !== 'eof') {
    const expected = [
      query.where ? '' : 'WHERE', query.find ? '' : 'FIND', query.orderBy.length ? '' : 'ORDER BY', 'MAXROWS', 'SKIP', 'PAGESIZE', 'PAGEOFFSET',
    ].filter(Boolean);
    fail(`end of query or ${expected.join(', ')}`);
  }
  return query;
}
