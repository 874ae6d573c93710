/**
 * A sequence kept in blocks (issue 19): the kept sorted orders of endpoint 21
 * (domain/documents/list-index.ts). Inserting or taking out one item moves the items of one block,
 * not of the whole sequence: in a flat array of 100,000 references each insert moved ~0.8 MB, and
 * one that outgrew the array's room copied all of it into a new one (measured on a 100k world: a
 * created document took 1.3 ms on average to place into 8 orders, and up to 60 ms).
 *
 * Reading position i finds its block by a binary search over the blocks' first positions, after
 * trying the block read last (pages and passes read neighbouring positions).
 */
import { firstIndexWhere } from './first-index-where';

/** (chosen) The most items a block holds; a fuller one is split in two. Built blocks are half full. */
export const BLOCK_MAX = 1024;

export class BlockList<T> {
  private blocks: T[][] = [];
  /** starts[b]: the position of blocks[b][0]. */
  private starts: number[] = [];
  private count = 0;
  /** The block read last (a hint: checked before searching). */
  private last = 0;

  /** `max`: the most items a block holds (tests make it small). */
  constructor(private readonly max = BLOCK_MAX) {}

  static from<T>(items: readonly T[], max = BLOCK_MAX): BlockList<T> {
    const list = new BlockList<T>(max);
    list.fill(items);
    return list;
  }

  get length(): number {
    return this.count;
  }

  at(i: number): T {
    const b = this.blockOf(i);
    return this.blocks[b][i - this.starts[b]];
  }

  /** Puts `item` at position `i` (0 ≤ i ≤ length); the items from `i` on move up one. */
  insert(i: number, item: T): void {
    if (i < 0 || i > this.count) throw new RangeError(`position ${i} is outside 0…${this.count}`);
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      this.starts.push(0);
      this.count = 1;
      return;
    }
    // At the very end: into the last block.
    const b = i === this.count ? this.blocks.length - 1 : this.blockOf(i);
    const block = this.blocks[b];
    block.splice(i - this.starts[b], 0, item);
    this.count++;
    for (let c = b + 1; c < this.starts.length; c++) this.starts[c]++;
    if (block.length > this.max) {
      const half = block.length >>> 1;
      this.blocks.splice(b + 1, 0, block.splice(half));
      this.starts.splice(b + 1, 0, this.starts[b] + half);
    }
  }

  /** Takes out the item at position `i`; the items after it move down one. */
  removeAt(i: number): void {
    const b = this.blockOf(i); // (refuses a position outside the list)
    const block = this.blocks[b];
    block.splice(i - this.starts[b], 1);
    this.count--;
    for (let c = b + 1; c < this.starts.length; c++) this.starts[c]--;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      this.starts.splice(b, 1);
    }
  }

  /** The first position from `from` on holding `item` (compared by ===), else -1; a negative `from` counts from the end, as an array's. */
  indexOf(item: T, from = 0): number {
    if (from < 0) from = Math.max(0, this.count + from);
    if (from >= this.count) return -1;
    for (let b = from <= 0 ? 0 : this.blockOf(from); b < this.blocks.length; b++) {
      const at = this.blocks[b].indexOf(item, Math.max(0, from - this.starts[b]));
      if (at >= 0) return this.starts[b] + at;
    }
    return -1;
  }

  /** Keeps only the items at positions where `keep` holds (one pass; the blocks are made again). */
  retain(keep: (i: number) => boolean): void {
    const kept: T[] = [];
    let i = 0;
    for (const block of this.blocks) for (const item of block) if (keep(i++)) kept.push(item);
    this.fill(kept);
  }

  forEach(fn: (item: T, i: number) => void): void {
    let i = 0;
    for (const block of this.blocks) for (const item of block) fn(item, i++);
  }

  toArray(): T[] {
    return this.blocks.flat() as T[];
  }

  private fill(items: readonly T[]): void {
    const size = Math.max(1, this.max >>> 1);
    this.blocks = [];
    this.starts = [];
    for (let at = 0; at < items.length; at += size) {
      this.blocks.push(items.slice(at, at + size));
      this.starts.push(at);
    }
    this.count = items.length;
    this.last = 0;
  }

  /** The block holding position i (0 ≤ i < length). */
  private blockOf(i: number): number {
    const { starts, last } = this;
    if (i < 0 || i >= this.count) throw new RangeError(`position ${i} is outside 0…${this.count - 1}`);
    if (last < starts.length && i >= starts[last] && (last + 1 === starts.length || i < starts[last + 1])) return last;
    return (this.last = firstIndexWhere(0, starts.length, (b) => starts[b] > i) - 1);
  }
}
