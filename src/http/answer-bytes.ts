/**
 * Lent answer bytes: the buffers a fresh long JSON answer is written into (json-text.ts,
 * `jsonTextOrBytes`), taken from a pool by size class (buffer-pool.ts) and given back once the
 * answer has been handed to the operating system (server.ts: the response's `finish`), so a busy
 * server re-uses a few hundred kilobytes instead of allocating a buffer of its own per answer.
 *
 * Why (issue 19): on a 100k world every varied list or query answer was a new 15-60 KB buffer
 * outside V8's heap. V8 collects such buffers only when a full collection runs, which it starts for
 * outside memory only past ~64 MB of it: up to 80 MB of dead answers waited at the peak, and the
 * allocator kept pages freed between long-lived small buffers (kept records' bytes) as its own.
 *
 * A buffer is lent only to an answer that nothing keeps: a kept answer (respond.ts, reusableBodyOf)
 * writes bytes of its own. A lent buffer that is never given back (an answer read in process, an
 * answer replaced by a fault, one sent while `--validate-responses` copies answers) is simply
 * collected: only the response's `finish` gives one back, and a buffer is given back at most once.
 */
import { BufferPool } from '../buffer-pool';

/** (chosen) Answers over this are not lent (a buffer of their own): rare, and a class would waste up to half. */
export const LENT_MAX = 1024 * 1024;
/** (chosen) At most this many bytes wait in the free lists; more given back are left to the collector. */
export const FREE_MAX = 8 * 1024 * 1024;

/** The smallest class (4 KB): JSON_BYTES_FROM (4,096 characters) is at least this many bytes. */
const pool = new BufferPool({ smallest: 4096, largest: LENT_MAX, freeMax: FREE_MAX });

/**
 * A buffer of exactly `size` bytes (its contents unset) for an answer that nothing keeps: a view of a
 * pooled buffer of its class. One over LENT_MAX is a buffer of its own, never lent.
 */
export function lendAnswerBytes(size: number): Buffer {
  const buffer = pool.take(size);
  return buffer ? Buffer.from(buffer, 0, size) : Buffer.allocUnsafeSlow(size);
}

/** True when `bytes` were lent and not yet given back. */
export const isLent = (bytes: unknown): bytes is Buffer => bytes instanceof Uint8Array && pool.holds(bytes.buffer);

/**
 * Gives lent bytes back, once nothing reads or sends them any more: their buffer may be lent to the
 * next answer at once. Anything else (bytes not lent, or given back already) is left as it is.
 */
export function giveBackAnswerBytes(bytes: unknown): void {
  if (isLent(bytes)) pool.giveBack(bytes.buffer);
}

/** Bytes waiting in the free lists (tests). */
export const freeAnswerBytes = (): number => pool.freeBytes;
