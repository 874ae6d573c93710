/**
 * The pieces of an ISO 8601 date read without a parser: the query language's fast path for stored
 * dates (vql/values.ts) and the schemas' `date-time` fast path (formats.ts) both use them.
 */

/** Digits of s[i..i+n) as a number, or -1 when one is not a digit. */
export function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = s.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Days of each month in a leap year. */
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Year, month (1–12) and day are a date of the proleptic Gregorian calendar (years 0–9999; 29 February in leap years only). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > DAYS[month - 1]) return false;
  return month !== 2 || day !== 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}
