import { serialize } from 'node:v8';

/**
 * Whether V8 keeps `s` one byte a character (tests). V8's serializer writes its header (0xFF, the
 * format version) and then the string's tag: `"` for a one-byte string; a two-byte one is tagged
 * `c`, sometimes after a padding byte (0x00) that aligns it, so only `"` at byte 2 means one-byte.
 */
export const isOneByte = (s: string): boolean => serialize(s)[2] === 0x22;
