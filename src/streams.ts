/**
 * Bodies read into memory, bounded: one growing buffer per body (no list of chunks joined at the
 * end), never more than the bound, and counted while held (`bufferedBytes`), so that a test can
 * check what a request costs in bytes rather than in RSS.
 */

/** Bytes held right now by bodies being read, and the most ever held at once (tests, the soak). */
export const bufferedBytes = { current: 0, peak: 0 };

/** Sets the peak back to what is held now (tests). */
export function resetBufferedPeak(): void {
  bufferedBytes.peak = bufferedBytes.current;
}

/** The first allocation of a body of unknown length; it grows by doubling, up to the bound. */
const FIRST_CAPACITY = 16 * 1024;

/**
 * One body's bytes as they arrive: a buffer that grows (by doubling, never beyond `max`, and
 * exactly to the declared length when one was given) so that a complete body is one buffer,
 * handed out without a copy. `push` answers false once the body would be over `max`.
 */
export class BoundedBody {
  private buf: Buffer | undefined;
  private size = 0;
  private held = 0;

  constructor(private readonly max: number, private readonly expected?: number) {}

  push(chunk: Uint8Array): boolean {
    const size = this.size + chunk.byteLength;
    if (size > this.max) return false;
    if (!this.buf || size > this.buf.byteLength) {
      const target = this.expected !== undefined && this.expected >= size && this.expected <= this.max ? this.expected
        : Math.min(this.max, Math.max(size, (this.buf?.byteLength ?? FIRST_CAPACITY / 2) * 2));
      const next = target < 4096 ? Buffer.allocUnsafe(target) : Buffer.allocUnsafeSlow(target);
      if (this.buf) this.buf.copy(next, 0, 0, this.size);
      this.hold(target);
      this.buf = next;
    }
    this.buf.set(chunk, this.size);
    this.size = size;
    return true;
  }

  /** The body read so far (a view of the one buffer), released from the count. */
  bytes(): Buffer {
    const out = this.buf ? this.buf.subarray(0, this.size) : Buffer.alloc(0);
    this.release();
    return out;
  }

  /** Lets go of the bytes (a refused or abandoned body). */
  release(): void {
    this.hold(0);
    this.buf = undefined;
  }

  private hold(n: number): void {
    bufferedBytes.current += n - this.held;
    this.held = n;
    if (bufferedBytes.current > bufferedBytes.peak) bufferedBytes.peak = bufferedBytes.current;
  }
}

/**
 * A web stream's bytes, read up to a bound: undefined (and the stream cancelled, the rest unread)
 * as soon as it holds more than `max` bytes. For request bodies and answers of outbound calls.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, max: number, expected?: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const body = new BoundedBody(max, expected);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return body.bytes();
      if (!body.push(value)) {
        body.release();
        await reader.cancel().catch(() => {});
        return undefined;
      }
    }
  } finally {
    body.release();
  }
}
