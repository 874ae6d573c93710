/**
 * The binary search the sorted orders share (issue 19: the documents list's kept orders,
 * domain/documents/list-index.ts and order-reader.ts; the query's key indexes, vql/sorted.ts).
 */

/** The first index in [lo, hi) where `pred` holds (it must hold from some index on), else hi. */
export function firstIndexWhere(lo: number, hi: number, pred: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
