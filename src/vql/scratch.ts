/**
 * Scratch memory: the arrays a query's evaluation works in and drops when it is done with them (a
 * FIND term's marked rows, the texts holding a term, the slots two conditions share), taken from a
 * few free buffers and given back by their user, instead of new memory each time.
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

/** (chosen) How many free buffers are kept; more given back are left to the collector. */
const FREE_MAX = 8;
/** (chosen) Room a buffer is made with beyond its first use: the rows grow by creates. */
const ROOM = 1 / 16;

const free: ArrayBuffer[] = [];
/** Marks the memory this module made (a symbol property of the buffer itself: no table to keep it alive). */
const SCRATCH = Symbol('dms-sim scratch memory');
type Scratch = ArrayBuffer & { [SCRATCH]?: true };

/** A free buffer of at least `bytes` (and not more than about twice as many), taken from the free ones, or new. */
function buffer(bytes: number): ArrayBuffer {
  for (let k = free.length - 1; k >= 0; k--) {
    const b = free[k];
    if (b.byteLength < bytes || b.byteLength > 2 * bytes + 64) continue;
    free[k] = free[free.length - 1];
    free.pop();
    return b;
  }
  const made: Scratch = new ArrayBuffer(bytes + Math.ceil(bytes * ROOM));
  made[SCRATCH] = true;
  return made;
}

/** `n` zeroed bytes of scratch memory. */
export function scratchMarks(n: number): Uint8Array {
  const marks = new Uint8Array(buffer(n), 0, n);
  marks.fill(0);
  return marks;
}

/** `n` zeroed 32-bit words of scratch memory (a bitset). */
export function scratchWords(n: number): Uint32Array {
  const words = new Uint32Array(buffer(4 * n), 0, n);
  words.fill(0);
  return words;
}

/** Room for `n` slots in scratch memory (its contents unset). */
export function scratchSlots(n: number): Int32Array {
  return new Int32Array(buffer(4 * n), 0, n);
}

/**
 * Gives back the memory of a view taken with scratchMarks, scratchWords or scratchSlots (the caller keeps no
 * reference to it, nor to any other view of the same memory). Anything else (undefined, an array
 * of other memory, memory already given back) is left alone.
 */
export function giveBackScratch(view: unknown): void {
  if (!ArrayBuffer.isView(view) || (view.buffer as Scratch)[SCRATCH] !== true) return;
  const b = view.buffer as ArrayBuffer;
  if (free.length >= FREE_MAX || free.includes(b)) return;
  free.push(b);
}

/** Free buffers now (tests). */
export const freeScratch = (): number => free.length;
