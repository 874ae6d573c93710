/**
 * Conversions of attribute values, read against the attribute's metadata:
 * MDL scalars → Value (executor), loose input → Value (fixture loader), Value → MDL scalars (RECREATE text).
 * Kinds are converted here; limits (length, range, enums, references) are checked by validate.ts.
 */
import type { Scalar } from '../../mdl/index';
import { ConfigErrorCode, ConfigurationError } from './errors';
import type { AttributeMetadata } from './metadata';
import { parseReference, type ScalarValue, type Value } from './model';

export interface Where {
  component: string;
  attribute: string;
}

const invalid = (where: Where, shown: string, expected: string): ConfigurationError =>
  new ConfigurationError(
    ConfigErrorCode.INVALID_VALUE,
    `Invalid value [${shown}] for attribute [${where.attribute}] of ${where.component}: expected ${expected}`,
    where,
  );

const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** Integers within ±2^53 as number, larger ones as bigint, decimals as number. */
export function canonicalNumber(x: number | bigint): number | bigint {
  if (typeof x === 'bigint') return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x;
  return Object.is(x, -0) ? 0 : x;
}

/** Decimal text → number | bigint, exact for integers. */
export function numberFromText(text: string): number | bigint {
  return text.includes('.') ? canonicalNumber(Number(text)) : canonicalNumber(BigInt(text));
}

/** number | bigint → decimal text without exponent, as the MDL lexer reads it. */
export function numberToText(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (Number.isInteger(x)) return BigInt(x).toString();
  const s = String(x);
  return s.includes('e') ? x.toFixed(20).replace(/0+$/, '') : s;
}

/** Number of digits after the decimal point of a value as it was written. */
export function scaleOf(x: number | bigint): number {
  const text = numberToText(x);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A Component value: 'Type.name' of the attribute's component type, or a bare name (prefixed here). */
function referenceValue(meta: AttributeMetadata, text: string, where: Where): string {
  const target = meta.component ?? '';
  const ref = parseReference(text);
  if (ref) {
    if (ref.type.toLowerCase() !== target.toLowerCase()) throw invalid(where, text, `a reference to a ${target} ('${target}.name')`);
    return `${target}.${ref.name}`;
  }
  if (/^[A-Za-z0-9_]+$/.test(text)) return `${target}.${text}`;
  throw invalid(where, text, `a reference to a ${target} ('${target}.name')`);
}

function scalarFromInput(meta: AttributeMetadata, raw: unknown, where: Where): ScalarValue {
  const shown = typeof raw === 'bigint' ? raw.toString() : JSON.stringify(raw) ?? String(raw);
  switch (meta.type) {
    case 'Boolean':
      if (typeof raw === 'boolean') return raw;
      throw invalid(where, shown, 'true or false');
    case 'Number':
      if (typeof raw === 'bigint' || (typeof raw === 'number' && Number.isFinite(raw))) return canonicalNumber(raw);
      if (typeof raw === 'string' && NUMBER_TEXT.test(raw)) return numberFromText(raw);
      throw invalid(where, shown, 'a number');
    case 'Component':
      if (typeof raw === 'string') return referenceValue(meta, raw, where);
      throw invalid(where, shown, `a reference to a ${meta.component}`);
    default:
      if (typeof raw === 'string') return raw;
      throw invalid(where, shown, meta.type === 'File' ? 'the name of a staged file' : 'a string');
  }
}

/** Loose input (e.g. parsed YAML) → Value; undefined when it holds no value (null, [], absent). */
export function valueFromInput(meta: AttributeMetadata, raw: unknown, where: Where): Value | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (Array.isArray(raw)) {
    if (raw.length === 0) return undefined;
    if (!meta.multi_value) {
      if (raw.length === 1) return scalarFromInput(meta, raw[0], where);
      throw invalid(where, JSON.stringify(raw) ?? '', `a single value (${where.attribute} is not multi-value)`);
    }
    return raw.map((r) => scalarFromInput(meta, r, where));
  }
  const one = scalarFromInput(meta, raw, where);
  return meta.multi_value ? [one] : one;
}

/** MDL scalars of `attr(v1, v2...)` → Value; undefined for `attr()`. */
export function valueFromScalars(meta: AttributeMetadata, values: readonly Scalar[], where: Where): Value | undefined {
  const raw = values.map((s) => {
    if (s.kind === 'number') {
      if (meta.type !== 'Number') throw invalid(where, s.value, expectedOf(meta));
      return numberFromText(s.value);
    }
    if (s.kind === 'string' && meta.type === 'Number') throw invalid(where, `'${s.value}'`, 'a number');
    return s.value;
  });
  return valueFromInput(meta, raw, where);
}

function expectedOf(meta: AttributeMetadata): string {
  if (meta.type === 'Boolean') return 'true or false';
  if (meta.type === 'Component') return `a reference to a ${meta.component}`;
  return 'a string';
}

/** Value → the MDL scalars printed inside `attr(...)`. */
export function valueToScalars(value: Value): Scalar[] {
  const one = (v: ScalarValue): Scalar =>
    typeof v === 'string'
      ? { kind: 'string', value: v }
      : typeof v === 'boolean'
        ? { kind: 'boolean', value: v }
        : { kind: 'number', value: numberToText(v) };
  return Array.isArray(value) ? value.map(one) : [one(value as ScalarValue)];
}

/** Equality of two values, bigint and number alike. */
export function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return a === b;
}
