import type { CompareOp, Condition, Literal, Operand } from './ast';
import type { Row } from './catalog';
import { LIKE_CASE_INSENSITIVE } from './choices';
import { VqlError } from './errors';
import { printLiteral } from './print';
import { positionOf } from './positions';
import { relatedScope, resolveField, slot, type ResolvedField, type Scope } from './resolve';
import { read, type Encoded, type Slot } from './frame';
import { isEmpty, toText, type Key, type KeyFn } from './values';
import { likeMatcher } from './like';

/**
 * A compiled row test. `i` is the row's index in the rows array being scanned when the scope's
 * slots are bound to it (see frame.ts), else -1 (then every value is derived from the row).
 */
export type Predicate = (row: Row, i: number) => boolean;

const NEVER: Predicate = () => false;

export interface CompiledOperand {
  field: ResolvedField;
  /** Key of one scalar element of the field's value, after CASEINSENSITIVE / TONAME. */
  key: KeyFn;
  /** Text of one element, for LIKE. */
  text: (raw: unknown) => string | undefined;
  /** Key of a literal compared with this operand; throws 'invalid_value' when it cannot be one. */
  literal: (lit: Literal) => Key;
  lower: boolean;
  /** Cache identity of the operand (`fn(field)`), or undefined when its values may not be cached. */
  sig: string | undefined;
}

function lowerKey(k: Key): Key {
  return typeof k === 'string' ? k.toLowerCase() : k;
}

export function compileOperand(scope: Scope, o: Operand): CompiledOperand {
  const field = resolveField(scope, o.field, positionOf(o));
  const base = field.key;
  const sig = field.cacheable ? `${o.fn ?? ''}(${o.field})` : undefined;
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
    return { field, key, text: key, literal: (lit) => (lit.kind === 'null' ? undefined : key(lit.value) ?? invalid(lit)), lower: false, sig };
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
  return { field, key, text, literal, lower: likeLower, sig };
}

/** Per element of the value (each element of a multi-value field): `f(element)`. */
export function perElement<T>(get: (row: Row) => unknown, f: (raw: unknown) => T): (row: Row) => T | T[] {
  return (row) => {
    const v = get(row);
    return Array.isArray(v) ? v.map(f) : f(v);
  };
}

/** The keys of an operand's value (an array of keys for a multi-value field), as a slot. */
function keysSlot(scope: Scope, o: CompiledOperand): Slot {
  return slot(scope, o.sig && `k:${o.sig}`, perElement(o.field.get, o.key));
}

/**
 * A test of one element, over a slot of per-element values: a multi-value field matches when any
 * element does. On a dictionary-encoded column the test runs once per distinct value (memo).
 */
function anyOf<T>(s: Slot, test: (x: T) => boolean): Predicate {
  let memo = new Int8Array(0);
  let memoOf: Encoded | undefined;
  let dict: unknown[] = [];
  const hit = (d: number): boolean => {
    let h = memo[d];
    if (h === 0) memo[d] = h = test(dict[d] as T) ? 1 : 2;
    return h === 1;
  };
  return (row, i) => {
    const e = s.enc;
    if (e !== undefined) {
      // The dictionary may have grown since (a patched frame): the memo grows with it.
      if (memoOf !== e || memo.length < e.dict.size) {
        const more = new Int8Array(e.dict.size);
        if (memoOf === e) more.set(memo);
        memo = more;
        memoOf = e;
        dict = e.dict.values;
      }
      const id = e.lists.ids[i];
      return id >= 0 ? hit(id) : e.lists.some(i, hit);
    }
    const v = read(s, row, i);
    if (Array.isArray(v)) {
      for (const x of v) if (test(x as T)) return true;
      return false;
    }
    return test(v as T);
  };
}

function not(p: Predicate): Predicate {
  return (row, i) => !p(row, i);
}

/** `= null` over a slot: the raw value is null, undefined, '' or []. */
function emptyTest(scope: Scope, o: CompiledOperand): Predicate {
  const get = o.field.get;
  const s = slot(scope, o.field.cacheable ? `e:${o.field.name}` : undefined, (row) => isEmpty(get(row)));
  return (row, i) => read(s, row, i) === true;
}

function compileCompare(scope: Scope, c: Extract<Condition, { kind: 'compare' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const r = c.right;
  if (r.kind === 'state') {
    const stateKind = scope.target.stateKind?.bind(scope.target);
    const is: Predicate = stateKind ? (row) => stateKind(row) === r.state : NEVER;
    return c.op === '!=' ? not(is) : is;
  }
  if (r.kind === 'null') {
    if (c.op !== '=' && c.op !== '!=') return NEVER;
    const empty = emptyTest(scope, o);
    return c.op === '=' ? empty : not(empty);
  }
  const lit = o.literal(r);
  const keys = keysSlot(scope, o);
  if (c.op === '=' || c.op === '!=') {
    const eq = anyOf<Key>(keys, (k) => k === lit);
    return c.op === '=' ? eq : not(eq);
  }
  return anyOf(keys, rangeTest(c.op, lit));
}

function rangeTest(op: Exclude<CompareOp, '=' | '!='>, lit: Key): (k: Key) => boolean {
  const t = typeof lit;
  switch (op) {
    case '<': return (k) => typeof k === t && k! < lit!;
    case '>': return (k) => typeof k === t && k! > lit!;
    case '<=': return (k) => typeof k === t && k! <= lit!;
    case '>=': return (k) => typeof k === t && k! >= lit!;
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
  const some = anyOf<Key>(keysSlot(scope, o), (k) => set.has(k));
  if (!withNull) return some;
  const empty = emptyTest(scope, o);
  return (row, i) => empty(row, i) || some(row, i);
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
  return anyOf<Key>(keysSlot(scope, o), (k) => typeof k === t && k! >= low && k! <= high);
}

function compileLike(scope: Scope, c: Extract<Condition, { kind: 'like' }>): Predicate {
  const o = compileOperand(scope, c.left);
  const match = likeMatcher(o.lower ? c.pattern.toLowerCase() : c.pattern);
  const texts = slot(scope, o.sig && `t:${o.lower}:${o.sig}`, perElement(o.field.get, o.text));
  return anyOf<string | undefined>(texts, (t) => t !== undefined && match(t));
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
    if (!Array.isArray(r)) return where ? where(r as Row, -1) : true;
    if (!where) return r.length > 0;
    for (const x of r as Row[]) if (where(x, -1)) return true;
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
        return (row, i) => l(row, i) && r(row, i);
      }
      return (row, i) => parts.every((p) => p(row, i));
    }
    case 'or': {
      const parts = chain(c, 'or').map((x) => compileCondition(scope, x));
      if (parts.length === 2) {
        const [l, r] = parts;
        return (row, i) => l(row, i) || r(row, i);
      }
      return (row, i) => parts.some((p) => p(row, i));
    }
    case 'compare': return compileCompare(scope, c);
    case 'in':
    case 'contains': return compileIn(scope, c);
    case 'inSubquery': return compileInSubquery(scope, c);
    case 'between': return compileBetween(scope, c);
    case 'like': return compileLike(scope, c);
  }
}
