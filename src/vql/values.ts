import { digits, isCalendarDate } from '../calendar-date';
import type { Literal } from './ast';
import type { FieldType } from './catalog';

/** A comparable form of a value: numbers (also dates as epoch ms), strings, booleans; undefined = no value. */
export type Key = number | string | boolean | undefined;

/** Turns a raw (scalar) value of a field into its comparable key. */
export type KeyFn = (raw: unknown) => Key;

const NUMERIC = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'string' && NUMERIC.test(raw)) return Number(raw);
  return undefined;
}

/** Dates and datetimes as epoch milliseconds; a date or a datetime without zone is read as UTC. */
export function toTime(raw: unknown): number | undefined {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : raw.getTime();
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const fast = fastIso(raw);
  if (fast !== undefined) return fast;
  const d = DATE.exec(raw);
  if (d) {
    const t = Date.UTC(+d[1], +d[2] - 1, +d[3]);
    const back = new Date(t);
    return back.getUTCMonth() === +d[2] - 1 && back.getUTCDate() === +d[3] ? t : undefined;
  }
  if (!DATETIME.test(raw)) return undefined;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(raw.slice(10));
  const t = Date.parse((hasZone ? raw : raw + 'Z').replace(' ', 'T'));
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Fast path for the forms stored rows use: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SSZ` and
 * `YYYY-MM-DDTHH:MM:SS.sssZ`; undefined for anything else (the general parser then decides).
 */
function fastIso(s: string): number | undefined {
  const n = s.length;
  if ((n !== 10 && n !== 20 && n !== 24) || s[4] !== '-' || s[7] !== '-') return undefined;
  const y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
  if (!isCalendarDate(y, mo, d)) return undefined;
  if (n === 10) return Date.UTC(y, mo - 1, d);
  if (s[10] !== 'T' || s[13] !== ':' || s[16] !== ':' || s[n - 1] !== 'Z') return undefined;
  const h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
  const ms = n === 24 ? (s[19] === '.' ? digits(s, 20, 3) : -1) : 0;
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59 || ms < 0) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, se, ms);
}

export function toBool(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

export function toText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  return undefined;
}

/** ids and references: numeric when they look numeric (user ids), text otherwise (object record ids). */
function toIdKey(raw: unknown): Key {
  const n = toNumber(raw);
  return n !== undefined ? n : toText(raw);
}

export function keyFnFor(type: FieldType): KeyFn {
  switch (type) {
    case 'number': return toNumber;
    case 'date':
    case 'datetime': return toTime;
    case 'boolean': return toBool;
    case 'id':
    case 'reference': return toIdKey;
    case 'string':
    case 'picklist': return toText;
  }
}

export function literalValue(lit: Literal): unknown {
  return lit.kind === 'null' ? null : lit.value;
}

/** True for null, undefined, '' and []: what `= null` matches. */
export function isEmpty(raw: unknown): boolean {
  return raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0);
}

/** Orders keys: numbers/booleans/strings by their natural order; mixed kinds by kind. */
export function compareKeys(a: Key, b: Key): number {
  if (typeof a === typeof b) return a! < b! ? -1 : a! > b! ? 1 : 0;
  return rank(a) - rank(b);
}

/** The kind order of keys: booleans, numbers, strings (compareKeys orders mixed kinds by it). */
export function rank(k: Key): number {
  return typeof k === 'boolean' ? 0 : typeof k === 'number' ? 1 : 2;
}
