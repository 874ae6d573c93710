/**
 * The journal's bodies (issue 19): one buffer of a fixed size that every kept body is copied into,
 * in turn, the newest overwriting the oldest. A body kept as an object of its own (an answer's
 * bytes, its text) lived as long as the journal kept it: long enough to be promoted, then to die
 * in the old generation; under load each answer's bytes counted as external memory too, and V8
 * collected the whole heap every ~150 ms for them (the default world's list varied: 39 full
 * collections in 5 s with bodies kept, 10 without). A copy into the ring costs a few µs for the
 * largest body (BODY_MAX) and leaves nothing behind.
 *
 * A body is found again by its reference (where it was written, and its length) while the ring
 * has not written a whole turn past it; after that it is gone (`read` answers undefined). An
 * answer's body given again (`reuse`: the very object, a kept answer's bytes or text sent to every
 * client that asks for it) while its last copy is less than half a turn old is not copied again:
 * its reference is handed out again (a repeated 31 KB list answer cost ~20 µs more a request with a
 * copy each time, measured under the bench). So every body is kept for at least half a turn of the
 * ring after it was given, a whole turn when it was copied. A body given for re-use must never be
 * changed afterwards.
 */

/** (chosen) The last bodies given for re-use whose copies are handed out again for the same object. */
const RECENT = 8;
/** (chosen) Bodies longer than this are not remembered for re-use (the ring keeps none of a source alive beyond it). */
const REUSE_MAX_BYTES = 1024 * 1024;

/** Where a body was written: `at`, a position counted from the ring's first byte ever (not wrapped), and its length. */
export interface BodyRef {
  readonly at: number;
  readonly length: number;
}

export class BodyRing {
  private buf: Buffer | undefined;
  /** Bytes written in all (positions are counted on this, not wrapped). */
  private written = 0;
  /** The last RECENT bodies given (each object, its bound and where its copy is), in turn. */
  private readonly recent: ({ source: Uint8Array | string; max: number; ref: BodyRef } | undefined)[] = new Array(RECENT).fill(undefined);
  private nextRecent = 0;

  /** `capacity`: the ring's bytes; no body is longer than `capacity / 4` (a longer one is cut to it). */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 64) throw new RangeError(`a body ring holds at least 64 bytes, not ${capacity}`);
  }

  /** Copies in at most `max` bytes (and capacity / 4) of the body; `reuse`: see the class. */
  put(bytes: Uint8Array, max = bytes.byteLength, reuse = false): BodyRef {
    const again = reuse ? this.again(bytes, max) : undefined;
    if (again) return again;
    const length = Math.min(bytes.byteLength, max, this.capacity >>> 2);
    const at = this.reserve(length);
    this.ring().set(length === bytes.byteLength ? bytes : bytes.subarray(0, length), at % this.capacity);
    const ref = { at, length };
    if (reuse && bytes.byteLength <= REUSE_MAX_BYTES) this.remember(bytes, max, ref);
    return ref;
  }

  /** Writes at most `max` bytes (and capacity / 4) of the text's UTF-8, no character cut in two (fewer bytes then); `reuse`: see the class. */
  putText(text: string, max: number, reuse = false): BodyRef {
    const again = reuse ? this.again(text, max) : undefined;
    if (again) return again;
    const room = Math.min(max, this.capacity >>> 2);
    const at = this.reserve(room);
    const length = this.ring().write(text, at % this.capacity, room, 'utf8');
    this.written -= room - length; // the unused end of the reservation is the next body's
    const ref = { at, length };
    if (reuse && text.length <= REUSE_MAX_BYTES) this.remember(text, max, ref);
    return ref;
  }

  /** Forgets the bodies remembered for re-use (their copies stay readable). */
  forgetRecent(): void {
    this.recent.fill(undefined);
  }

  /** A copy of the body, or undefined once the ring has written over it. */
  read(ref: BodyRef): Buffer | undefined {
    if (!this.has(ref.at)) return undefined;
    const from = ref.at % this.capacity;
    return Buffer.from(this.ring().subarray(from, from + ref.length));
  }

  /** Whether the bytes written at `at` are still there (the ring has not written a whole turn past them). */
  has(at: number): boolean {
    return this.written - at <= this.capacity;
  }

  /** The copy of this very body (and bound) given lately, while it is less than half a turn old. */
  private again(source: Uint8Array | string, max: number): BodyRef | undefined {
    for (const r of this.recent) if (r !== undefined && r.source === source && r.max === max && this.written - r.ref.at <= this.capacity >>> 1) return r.ref;
    return undefined;
  }

  private remember(source: Uint8Array | string, max: number, ref: BodyRef): void {
    this.recent[this.nextRecent] = { source, max, ref };
    this.nextRecent = (this.nextRecent + 1) % RECENT;
  }

  /** The position of `length` contiguous bytes: the next ones, or the ring's start when they would run past its end. */
  private reserve(length: number): number {
    const offset = this.written % this.capacity;
    if (offset + length > this.capacity) this.written += this.capacity - offset;
    const at = this.written;
    this.written += length;
    return at;
  }

  private ring(): Buffer {
    // Allocated on first use: pages never written are not resident.
    return (this.buf ??= Buffer.allocUnsafeSlow(this.capacity));
  }
}
