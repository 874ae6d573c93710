/**
 * A pool of reusable memory (ArrayBuffers) by size class: powers of two from `smallest` to
 * `largest`. A taker gets a buffer of its class (free, else new) and gives it back once nothing
 * reads it any more; the next taker of that class gets the same memory. Memory not given back is
 * simply collected. Used for a query's throwaway arrays (vql/scratch.ts) and for fresh long
 * answers' bytes (http/answer-bytes.ts): issue 19, memory outside V8's heap that it collects only
 * in a full collection, and which the C allocator then kept as its own.
 */

/** Marks a buffer taken from a pool and not given back yet (a symbol property of the buffer itself: no table to keep it alive). */
const TAKEN_FROM = Symbol('dms-sim buffer pool');
type Pooled = ArrayBufferLike & { [TAKEN_FROM]?: BufferPool };

export interface PoolBounds {
  /** The smallest class, in bytes. */
  smallest: number;
  /** The largest class: more is not pooled (`take` answers undefined). */
  largest: number;
  /** At most this many bytes wait in the free lists; more given back are left to the collector. */
  freeMax: number;
}

export class BufferPool {
  private readonly classes: number[] = [];
  private readonly free: ArrayBuffer[][];
  private waiting = 0;
  private buffers = 0;
  private madeCount = 0;

  constructor(private readonly bounds: PoolBounds) {
    for (let size = bounds.smallest; size <= bounds.largest; size *= 2) this.classes.push(size);
    this.free = this.classes.map(() => []);
  }

  /** A buffer of `bytes`' class (free, else new), taken; undefined when `bytes` is over `largest`. */
  take(bytes: number): ArrayBuffer | undefined {
    if (bytes > this.bounds.largest) return undefined;
    const k = this.classOf(bytes);
    let buffer: Pooled | undefined = this.free[k].pop();
    if (buffer) {
      this.waiting -= buffer.byteLength;
      this.buffers--;
    } else {
      buffer = new ArrayBuffer(this.classes[k]);
      this.madeCount++;
    }
    buffer[TAKEN_FROM] = this;
    return buffer as ArrayBuffer;
  }

  /** Whether `buffer` was taken from this pool and not given back yet. */
  holds(buffer: ArrayBufferLike): boolean {
    return (buffer as Pooled)[TAKEN_FROM] === this;
  }

  /** Gives a taken buffer back (once nothing reads it); anything else, or a buffer given back already, is left alone. */
  giveBack(buffer: ArrayBufferLike): void {
    if (!this.holds(buffer)) return;
    (buffer as Pooled)[TAKEN_FROM] = undefined;
    if (this.waiting + buffer.byteLength > this.bounds.freeMax) return;
    this.free[this.classOf(buffer.byteLength)].push(buffer as ArrayBuffer);
    this.waiting += buffer.byteLength;
    this.buffers++;
  }

  /** Bytes waiting in the free lists (tests). */
  get freeBytes(): number {
    return this.waiting;
  }

  /** Buffers made so far, none of them reused (tests). */
  get made(): number {
    return this.madeCount;
  }

  /** Buffers waiting in the free lists (tests). */
  get freeBuffers(): number {
    return this.buffers;
  }

  private classOf(bytes: number): number {
    let k = 0;
    while (this.classes[k] < bytes) k++;
    return k;
  }
}
