/**
 * Lent answer bytes: the buffers a fresh long JSON answer is written into (json-text.ts,
 * `jsonTextOrBytes`), taken from free lists by size class and given back once the answer has been
 * handed to the operating system (server.ts: the response's `finish`), so a busy server re-uses a
 * few hundred kilobytes instead of allocating a buffer of its own per answer.
 *
 * Why (issue 19): on a 100k world every varied list or query answer was a new 15-60 KB buffer
 * outside V8's heap. V8 collects such buffers only when a full collection runs, which it starts for
 * outside memory only past ~64 MB of it: up to 80 MB of dead answers waited at the peak, and the
 * allocator kept pages freed between long-lived small buffers (kept records' bytes) as its own.
 *
 * A buffer is lent only to an answer that nothing keeps: a kept answer (respond.ts, reusableBody)
 * writes bytes of its own. A lent buffer that is never given back (an answer read in process, an
 * answer replaced by a fault, one sent while `--validate-responses` copies answers) is simply
 * collected: only the response's `finish` gives one back, and a buffer is given back at most once.
 */

/** (chosen) The smallest class: JSON_BYTES_FROM (4,096 characters) is at least this many bytes. */
const SMALLEST = 4096;
/** (chosen) Answers over this are not lent (a buffer of their own): rare, and a class would waste up to half. */
export const LENT_MAX = 1024 * 1024;
/** (chosen) At most this many bytes wait in the free lists; more given back are left to the collector. */
export const FREE_MAX = 8 * 1024 * 1024;

/** The class sizes: SMALLEST, then powers of two up to LENT_MAX. */
const CLASSES: number[] = [];
for (let size = SMALLEST; size <= LENT_MAX; size *= 2) CLASSES.push(size);
const free: ArrayBuffer[][] = CLASSES.map(() => []);
let freeBytes = 0;

/** Marks a lent view (a symbol property of the view itself: no table to keep it alive). */
const LENT = Symbol('dms-sim lent answer bytes');
type Lent = Buffer & { [LENT]?: boolean };

const classOf = (size: number): number => {
  let k = 0;
  while (CLASSES[k] < size) k++;
  return k;
};

/**
 * A buffer of exactly `size` bytes (its contents unset) for an answer that nothing keeps: a view of a
 * free buffer of its class, or of a new one. One over LENT_MAX is a buffer of its own, never lent.
 */
export function lendAnswerBytes(size: number): Buffer {
  if (size > LENT_MAX) return Buffer.allocUnsafeSlow(size);
  const k = classOf(size);
  const whole = free[k].pop();
  if (whole) freeBytes -= whole.byteLength;
  const view: Lent = Buffer.from(whole ?? new ArrayBuffer(CLASSES[k]), 0, size);
  view[LENT] = true;
  return view;
}

/** True when `bytes` were lent and not yet given back. */
export const isLent = (bytes: unknown): bytes is Buffer => bytes instanceof Uint8Array && (bytes as Lent)[LENT] === true;

/**
 * Gives lent bytes back, once nothing reads or sends them any more: their buffer may be lent to the
 * next answer at once. Anything else (bytes not lent, or given back already) is left as it is.
 */
export function giveBackAnswerBytes(bytes: unknown): void {
  if (!isLent(bytes)) return;
  (bytes as Lent)[LENT] = false;
  const whole = bytes.buffer as ArrayBuffer;
  if (freeBytes + whole.byteLength > FREE_MAX) return;
  free[classOf(whole.byteLength)].push(whole);
  freeBytes += whole.byteLength;
}

/** Bytes waiting in the free lists (tests). */
export const freeAnswerBytes = (): number => freeBytes;
