/**
 * Scratch memory: the arrays a query's evaluation works in and drops when it is done with them (a
 * FIND term's marked rows, the texts holding a term, the slots two conditions share), taken from a
 * pool by size class (buffer-pool.ts) and given back by their user, instead of new memory each time.
 * The rows a stored query result keeps are taken from it too, and given back when the result goes
 * (kept-rows.ts).
 *
 * Why (issue 19): on a 100,000-document world each FIND term marked its rows in a new 100 KB
 * array, each term's texts in another, and each AND of a range with another condition listed their
 * slots in a third: ~330 MB in a `query varied` run of six seconds. That memory is outside V8's
 * heap, collected only by a full collection, and the C allocator kept what it freed as its own: the
 * process's RSS grew by the peak of it.
 *
 * Only the user of an array may give it back, and only once nothing refers to it or to any other
 * view of its memory (the next taker gets the same memory). An array not given back is simply
 * collected; giving back anything that is not scratch memory does nothing.
 */
import { BufferPool } from '../buffer-pool';

/**
 * (chosen) Classes from 64 bytes to 16 MB (a million rows' slots: 4 MB); at most 16 MB waits in the
 * free lists. A class holds up to twice what its first taker asked: rows grown by creates still fit.
 */
const pool = new BufferPool({ smallest: 64, largest: 16 * 1024 * 1024, freeMax: 16 * 1024 * 1024 });

/** A pooled buffer of at least `bytes`, or memory of its own over the largest class. */
const buffer = (bytes: number): ArrayBuffer => pool.take(bytes) ?? new ArrayBuffer(bytes);

/** `n` zeroed bytes of scratch memory. */
export function scratchMarks(n: number): Uint8Array {
  return new Uint8Array(buffer(n), 0, n).fill(0);
}

/** `n` zeroed 32-bit words of scratch memory (a bitset). */
export function scratchWords(n: number): Uint32Array {
  return new Uint32Array(buffer(4 * n), 0, n).fill(0);
}

/** A copy of `words` in scratch memory (written once: not zeroed first). */
export function scratchCopy(words: Uint32Array): Uint32Array {
  const copy = new Uint32Array(buffer(4 * words.length), 0, words.length);
  copy.set(words);
  return copy;
}

/** Room for `n` slots in scratch memory (its contents unset). */
export function scratchSlots(n: number): Int32Array {
  return new Int32Array(buffer(4 * n), 0, n);
}

/**
 * Gives back the memory of a view taken with scratchMarks, scratchWords, scratchCopy or scratchSlots (the caller
 * keeps no reference to it, nor to any other view of the same memory). Anything else (undefined, an
 * array of other memory, memory already given back) is left alone.
 */
export function giveBackScratch(view: unknown): void {
  if (ArrayBuffer.isView(view)) pool.giveBack(view.buffer);
}

/** Free buffers now (tests). */
export const freeScratch = (): number => pool.freeBuffers;

/** Buffers the pool has made so far, instead of reusing one (tests). */
export const scratchBuffersMade = (): number => pool.made;
