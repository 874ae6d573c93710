import type { CompareOp, Condition, Literal, Operand } from './ast';
import type { Row } from './catalog';
import { LIKE_CASE_INSENSITIVE } from './choices';
import { VqlError } from './errors';
import { printLiteral } from './print';
import { positionOf } from './positions';
import { relatedScope, resolveField, type ResolvedField, type Scope } from './resolve';
import { isEmpty, toText, type Key, type KeyFn } from './values';
import { likeMatcher } from './like';

export type Predicate = (row: Row) => boolean;

const NEVER: Predicate = () => false;

interface CompiledOperand {
  field: ResolvedField;
  /** Key of one scalar element of the field's value, after CASEINSENSITIVE / TONAME. */
  key: KeyFn;
  /** Text of one element, for LIKE. */
  text: (raw: unknown) => string | undefined;
  /** Key of a literal compared with this operand; throws 'invalid_value' when it cannot be one. */
  literal: (lit: Literal) => Key;
  lower: boolean;
}

function lowerKey(k: Key): Key {
  return typeof k === 'string' ? k.toLowerCase() : k;
}

function compileOperand(scope: Scope, o: Operand): CompiledOperand {
  const field = resolveField(scope, o.field, positionOf(o));
  const base = field.key;
  const invalid = (lit: Literal): never => {
    const p = positionOf(lit);
    throw new VqlError('invalid_value', `Invalid value ${printLiteral(lit)} for field '${o.field}' of type ${field.info.type} at position ${p}`, p);
  };
  if (o.fn === 'TONAME') {
    const names = field.info.names;
    const key = (raw: unknown): string | undefined => {
      const t = toText(raw);
      return t === undefined ? undefined : (names?.[t] ?? t);
    };
    return { field, key, text: key, literal: (lit) => (lit.kind === 'null' ? undefined : key(lit.value) ?? invalid(lit)), lower: false };
  }
  const lower = o.fn === 'CASEINSENSITIVE';
  const key: KeyFn = lower ? (raw) => lowerKey(base(raw)) : base;
  const likeLower = lower || LIKE_CASE_INSENSITIVE;
  const text = likeLower ? (raw: unknown) => toText(raw)?.toLowerCase() : toText;
  const literal = (lit: Literal): Key => {
    if (lit.kind === 'null') return undefined;
    const k = base(lit.value);
    return k === undefined ? invalid(lit) : lower ? lowerKey(k) : k;
  };
  return { field, key, text, literal, lower: likeLower };
}

/** Wraps an element test so that a multi-value (array) field matches when any element does. */
function anyOf(get: (row: Row) => unknown, test: (x: unknown) => boolean): Predicate {
  return (row) => {
    const v = get(row);
    if (Array.isArray(v)) {
      for (const x of v) if (test(x)) return true;
      return false;
    }
    return test(v);
  };
}

function not(p: Predicate): Predicate {
  return (row) => !p(row);
}

function compileCompare(scope: Scope, c: Extract<Condition, { kind: 'compare' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const get = o.field.get;
  const r = c.right;
  if (r.kind === 'state') {
    const stateKind = scope.target.stateKind?.bind(scope.target);
    const is: Predicate = stateKind ? (row) => stateKind(row) === r.state : NEVER;
    return c.op === '!=' ? not(is) : is;
  }
  if (r.kind === 'null') {
    const empty: Predicate = (row) => isEmpty(get(row));
    return c.op === '=' ? empty : c.op === '!=' ? not(empty) : NEVER;
  }
  const lit = o.literal(r);
  const key = o.key;
  if (c.op === '=' || c.op === '!=') {
    const eq = anyOf(get, (x) => key(x) === lit);
    return c.op === '=' ? eq : not(eq);
  }
  return anyOf(get, rangeTest(key, c.op, lit));
}

function rangeTest(key: KeyFn, op: Exclude<CompareOp, '=' | '!='>, lit: Key): (x: unknown) => boolean {
  const t = typeof lit;
  switch (op) {
    case '<': return (x) => { const k = key(x); return typeof k === t && k! < lit!; };
    case '>': return (x) => { const k = key(x); return typeof k === t && k! > lit!; };
    case '<=': return (x) => { const k = key(x); return typeof k === t && k! <= lit!; };
    case '>=': return (x) => { const k = key(x); return typeof k === t && k! >= lit!; };
  }
}

function compileIn(scope: Scope, c: Extract<Condition, { kind: 'in' | 'contains' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const set = new Set<Key>();
  let withNull = false;
  for (const v of c.values) {
    if (v.kind === 'null') withNull = true;
    else set.add(o.literal(v));
  }
  const key = o.key;
  const get = o.field.get;
  const some = anyOf(get, (x) => set.has(key(x)));
  return withNull ? (row) => isEmpty(get(row)) || some(row) : some;
}

function compileBetween(scope: Scope, c: Extract<Condition, { kind: 'between' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const low = o.literal(c.low);
  const high = o.literal(c.high);
  if (low === undefined || high === undefined) return NEVER;
  const t = typeof low;
  if (typeof high !== t) {
    const p = positionOf(c.high);
    throw new VqlError('invalid_value', `BETWEEN bounds of different types at position ${p}`, p);
  }
  const key = o.key;
  return anyOf(o.field.get, (x) => { const k = key(x); return typeof k === t && k! >= low && k! <= high; });
}

function compileLike(scope: Scope, c: Extract<Condition, { kind: 'like' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const match = likeMatcher(o.lower ? c.pattern.toLowerCase() : c.pattern);
  const text = o.text;
  return anyOf(o.field.get, (x) => { const t = text(x); return t !== undefined && match(t); });
}

/**
 * `left IN (SELECT f FROM relationship WHERE ...)`: true when some related row matches the
 * sub-select's WHERE (the relationship already ties it to this row; `left` and `f` are checked
 * for existence but do not otherwise take part).
 */
function compileInSubquery(scope: Scope, c: Extract<Condition, { kind: 'inSubquery' }>): Predicate {
  resolveField(scope, c.left.field, positionOf(c.left));
  const sub = c.query;
  const rel = relatedScope(scope, sub.from, sub.from, positionOf(sub));
  for (const item of sub.select) resolveField(rel, item.field, positionOf(item));
  for (const o of sub.orderBy) resolveField(rel, o.field, positionOf(o));
  const where = sub.where ? compileCondition(rel, sub.where) : undefined;
  const target = scope.target;
  return (row) => {
    const r = target.related ? target.related(row, sub.from) : undefined;
    if (r === undefined || r === null) return false;
    if (!Array.isArray(r)) return where ? where(r as Row) : true;
    if (!where) return r.length > 0;
    for (const x of r as Row[]) if (where(x)) return true;
    return false;
  };
}

/** Operands of a run of the same connective, in order, gathered without recursion (long chains stay flat). */
export function chain(c: Condition, kind: 'and' | 'or'): Condition[] {
  const out: Condition[] = [];
  const stack: Condition[] = [c];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.kind === kind) stack.push(x.right, x.left);
    else out.push(x);
  }
  return out;
}

/** Compiles a WHERE tree into one closure; field names and literal values are checked here, once. */
export function compileCondition(scope: Scope, c: Condition): Predicate {
  switch (c.kind) {
    case 'and': {
      const parts = chain(c, 'and').map((x) => compileCondition(scope, x));
      if (parts.length === 2) {
        const [l, r] = parts;
        return (row) => l(row) && r(row);
      }
      return (row) => parts.every((p) => p(row));
    }
    case 'or': {
      const parts = chain(c, 'or').map((x) => compileCondition(scope, x));
      if (parts.length === 2) {
        const [l, r] = parts;
        return (row) => l(row) || r(row);
      }
      return (row) => parts.some((p) => p(row));
    }
    case 'compare': return compileCompare(scope, c);
    case 'in':
    case 'contains': return compileIn(scope, c);
    case 'inSubquery': return compileInSubquery(scope, c);
    case 'between': return compileBetween(scope, c);
    case 'like': return compileLike(scope, c);
  }
}
