/**
 * A UUID in its usual text form (36 characters, lowercase hex, as `crypto.randomUUID` makes them)
 * packed into 16 bytes of a column and read back. The usage log keeps each row's execution id this
 * way (issue 19): as strings, 100,000 rows a tenant were 100,000 objects on the heap for every full
 * collection to mark.
 */
export const UUID_BYTES = 16;
/** The length of a UUID's text form. */
export const UUID_CHARS = 36;

/** Each byte's two lowercase hex digits. */
export const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where each of the 16 bytes starts in the text form (dashes after bytes 4, 6, 8 and 10). */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const DASH = 45;

/** Each ASCII code's value as a lowercase hex digit, or -1. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) NIBBLE['0123456789abcdef'.charCodeAt(d)] = d;
/** The value of a lowercase hex digit's code, or -1 (a table, not a regular expression: every request packs one). */
const nibble = (c: number): number => (c < 128 ? NIBBLE[c] : -1);

/**
 * Packs `text` into `into` at byte `offset` if it is a lowercase UUID; false otherwise, with the 16
 * bytes at `offset` then left unspecified (one pass that checks and writes: ~0.1 µs, where checking
 * first took ~0.4).
 */
export function packUuid(text: string, into: Uint8Array, offset: number): boolean {
  if (text.length !== UUID_CHARS || text.charCodeAt(8) !== DASH || text.charCodeAt(13) !== DASH || text.charCodeAt(18) !== DASH || text.charCodeAt(23) !== DASH) return false;
  let bad = 0;
  for (let i = 0; i < UUID_BYTES; i++) {
    const high = nibble(text.charCodeAt(AT[i]));
    const low = nibble(text.charCodeAt(AT[i] + 1));
    bad |= high | low;
    into[offset + i] = (high << 4) | low;
  }
  return bad >= 0;
}

/** The text form of the UUID packed at byte `offset` of `from`. */
export function unpackUuid(from: Uint8Array, offset: number): string {
  let s = '';
  for (let i = 0; i < UUID_BYTES; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += BYTE_HEX[from[offset + i]];
  }
  return s;
}
