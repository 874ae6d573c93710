/**
 * A UUID in its usual text form (36 characters, lowercase hex, as `crypto.randomUUID` makes them)
 * packed into 16 bytes of a column and read back. The usage log keeps each row's execution id this
 * way (issue 19): as strings, 100,000 rows a tenant were 100,000 objects on the heap for every full
 * collection to mark.
 */
export const UUID_BYTES = 16;
/** The length of a UUID's text form. */
export const UUID_CHARS = 36;

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where each of the 16 bytes starts in the text form (dashes after bytes 4, 6, 8 and 10). */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

const nibble = (c: number) => (c <= 57 ? c - 48 : c - 87); // '0'–'9', 'a'–'f' (checked before)

/** Packs `text` into `into` at byte `offset` if it is a lowercase UUID; false (nothing written) otherwise. */
export function packUuid(text: string, into: Uint8Array, offset: number): boolean {
  if (text.length !== UUID_CHARS || !CANONICAL.test(text)) return false;
  for (let i = 0; i < UUID_BYTES; i++) into[offset + i] = (nibble(text.charCodeAt(AT[i])) << 4) | nibble(text.charCodeAt(AT[i] + 1));
  return true;
}

/** The text form of the UUID packed at byte `offset` of `from`. */
export function unpackUuid(from: Uint8Array, offset: number): string {
  let s = '';
  for (let i = 0; i < UUID_BYTES; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += HEX[from[offset + i]];
  }
  return s;
}
