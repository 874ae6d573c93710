import type { Row } from './catalog';

/**
 * An ordered, immutable list of found rows: a plain array, or a compact view over a cached rows
 * array (a bitset of the matching rows and, for ORDER BY, the cached permutation) so that a kept
 * result of 100,000 rows costs 12.5 KB instead of a 100,000-slot array.
 */
export interface RowList {
  readonly length: number;
  /**
   * Estimated bytes the list holds on to besides the rows (a compact view: its bitset and the
   * ORDER BY permutation it reads, which a later change of the table replaces while the list
   * keeps it); absent for a plain array.
   */
  readonly bytes?: number;
  /** Rows [start, end), with the bounds read exactly like Array.prototype.slice's. */
  slice(start?: number, end?: number): Row[];
}

/** A slice bound as Array.prototype.slice reads it: integer part, negative from the end, clamped. */
function bound(x: number | undefined, length: number, fallback: number): number {
  if (x === undefined) return fallback;
  const v = Math.trunc(x) || 0;
  return v < 0 ? Math.max(length + v, 0) : Math.min(v, length);
}

export const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** `base` in `order` (or index order), only rows whose bit is set (all without bits), positions [from, from + length). */
export class FrameRows implements RowList {
  constructor(
    private readonly base: readonly Row[],
    private readonly order: Int32Array | undefined,
    private readonly bits: Uint32Array | undefined,
    private readonly from: number,
    readonly length: number,
  ) {}

  get bytes(): number {
    return (this.bits?.byteLength ?? 0) + (this.order?.byteLength ?? 0);
  }

  /** Positions [start, end) of this list as a new list (SKIP, MAXROWS). */
  window(start?: number, end?: number): FrameRows {
    const s = bound(start, this.length, 0);
    const e = Math.max(s, bound(end, this.length, this.length));
    return new FrameRows(this.base, this.order, this.bits, this.from + s, e - s);
  }

  slice(start?: number, end?: number): Row[] {
    const s = bound(start, this.length, 0);
    const e = bound(end, this.length, this.length);
    const out: Row[] = [];
    if (e <= s) return out;
    const want = this.from + s;
    const stop = this.from + e;
    const { base, order, bits } = this;
    if (!bits) {
      for (let p = want; p < stop; p++) out.push(base[order ? order[p] : p]);
      return out;
    }
    let k = 0; // matching rows passed so far
    if (!order) {
      let w = 0;
      for (; w < bits.length; w++) {
        const c = popcount(bits[w]);
        if (k + c > want) break;
        k += c;
      }
      for (let i = w * 32; i < base.length && k < stop; i++) {
        if ((bits[i >>> 5] & (1 << (i & 31))) === 0) continue;
        if (k >= want) out.push(base[i]);
        k++;
      }
      return out;
    }
    for (let p = 0; p < order.length && k < stop; p++) {
      const i = order[p];
      if ((bits[i >>> 5] & (1 << (i & 31))) === 0) continue;
      if (k >= want) out.push(base[i]);
      k++;
    }
    return out;
  }
}

/** Positions [start, end) of a list, bounds read like Array.prototype.slice's (arrays are sliced). */
export function windowOf(list: RowList, start: number, end: number): RowList {
  return list instanceof FrameRows ? list.window(start, end) : list.slice(start, end);
}
