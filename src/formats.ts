/**
 * The string formats of the JSON schemas dms-sim checks (fixtures, the OpenAPI document's requests
 * and answers): ajv-formats' "full" formats, with one fast path. ajv-formats judges a `date-time`
 * by splitting it with a regular expression and matching both halves with capture groups: ~1 µs
 * and ~1.4 KB of garbage a value, which was ~10% of the start of a generated 100k-document world
 * (each document has its `created`). The common shape, `YYYY-MM-DDThh:mm:ss[.f](Z|±hh:mm)` (a
 * fraction of up to 9 digits) with every number in its plain range, is accepted here without
 * allocating; anything else (a space for the `T`, a leap second, a time zone without minutes, a
 * mistake) goes to ajv-formats, which decides. Everything the fast path accepts, ajv-formats accepts too (a property test checks both
 * judge alike).
 */
import type { Format, FormatDefinition } from 'ajv';
import type AjvCore from 'ajv/dist/core';
import { digits, isCalendarDate } from './calendar-date';
import { ajvFormats, lazy } from './lazy';

/** ajv-formats' format definitions alone (no ajv: the fixture schema's precompiled validators read them). */
const formatDefinitions = lazy<typeof import('ajv-formats/dist/formats')>('ajv-formats/dist/formats');

// A fraction of at most 9 digits: ajv-formats reads the seconds as one number (`+"59.999…"`), and
// with 15 nines or more it rounds to 60, which it refuses; such a value goes to it.
const COMMON_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/;

/** The two digits at `i` as a number (the expression has matched them as digits). */
const two = (s: string, i: number) => digits(s, i, 2);

/** A date-time of the common shape with every number in its plain range (no leap second). */
export function isCommonDateTime(s: string): boolean {
  if (!COMMON_DATE_TIME.test(s)) return false;
  if (!isCalendarDate(digits(s, 0, 4), two(s, 5), two(s, 8))) return false;
  if (two(s, 11) > 23 || two(s, 14) > 59 || two(s, 17) > 59) return false;
  const n = s.length;
  return s.charCodeAt(n - 1) === 0x5a /* Z */ || (two(s, n - 5) <= 23 && two(s, n - 2) <= 59);
}

/** ajv-formats' full `date-time`, answered at once for the common shape. */
export function dateTimeFormat(): FormatDefinition<string> {
  const full = formatDefinitions().fullFormats['date-time'] as FormatDefinition<string>;
  const validate = full.validate as (s: string) => boolean;
  return { ...full, validate: (s: string) => isCommonDateTime(s) || validate(s) };
}

/** ajv-formats' full formats by name, with the fast `date-time`: what `addFormats` adds, for ajv's standalone code (src/fixtures/schema-code.ts). */
export function standaloneFormats(): Record<string, Format> {
  return { ...formatDefinitions().fullFormats, 'date-time': dateTimeFormat() };
}

/** Adds ajv-formats' full formats to `ajv`, with the fast `date-time`. */
export function addFormats<T extends AjvCore>(ajv: T): T {
  ajvFormats().default(ajv);
  ajv.addFormat('date-time', dateTimeFormat());
  return ajv;
}
