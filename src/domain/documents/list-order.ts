/**
 * The order of endpoint 21's rows: by a field's value (numbers as numbers, booleans false first,
 * the rest as lower-case text; absent values last ascending, first descending), ties by document
 * id then version, ascending whatever the direction. One comparator for the sort of a filtered
 * list (listing.ts) and for the kept sorted orders (list-index.ts), so both give the same pages.
 */

/** A record's own value of a field (a configured field named `constructor` must not read an inherited member). */
export const valueOf = (record: Record<string, unknown>, field: string): unknown => (Object.hasOwn(record, field) ? record[field] : undefined);

/** Two values of a field, ascending. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // Absent values (undefined or null) are equal to each other: the comparator must be consistent for the kept orders' binary searches.
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rows' order for a sort: `(key, id, major, minor)`, the key's direction per `desc`. */
export function compareKeyed(desc: boolean, a: { key: unknown; id: number; major: number; minor: number }, b: { key: unknown; id: number; major: number; minor: number }): number {
  const c = compareValues(a.key, b.key);
  if (c !== 0) return desc ? -c : c;
  return a.id - b.id || a.major - b.major || a.minor - b.minor;
}

/** A value as kept in a sorted order: text already lower-case (compareNormal then compares it as is). */
export const normalValue = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : v);

/** compareValues of two normalValue()s, without lower-casing again. */
export function compareNormal(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : 1;
  return compareValues(a, b);
}
