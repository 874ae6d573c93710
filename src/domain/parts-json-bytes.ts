/**
 * A list answer's JSON bytes written from its kept parts' bytes (issue 19): a list page is 10-200
 * kept records (json-text.ts, keepJsonText and jsonOnlyPart) in a fixed frame, and writing it
 * without JSON.stringify saves writing marks and finding them again.
 */
import { type BytesFor, isKeptPart, keptJsonBytes, ownBytes, utf8Bytes } from './json-text';

/** Whether every character of the text is ASCII (one byte each in UTF-8). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** Writes ASCII text at `offset` (a short fixed piece: a loop costs less than a call into Buffer's encoder); returns the offset after it. */
function putAscii(out: Buffer, offset: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  return offset + text.length;
}

/** The kept part an element stands for: itself, or its one field `wrap`; undefined when it is neither. */
function partOf(element: object, wrap: string | undefined): object | undefined {
  let part: unknown = element;
  if (wrap !== undefined) {
    for (const k in element) if (k !== wrap) return undefined;
    part = (element as Record<string, unknown>)[wrap];
  }
  return typeof part === 'object' && part !== null && isKeptPart(part) ? part : undefined;
}

/**
 * The UTF-8 bytes of `open`, the JSON of each element (`{"<wrap>":part}` of an element holding only
 * its kept part under `wrap`, else the element, a kept part itself) comma-separated, then `close`:
 * what jsonTextOrBytes gives for a value whose JSON text is that. Undefined, for the caller to use
 * jsonTextOrBytes, when the bytes are fewer than `bytesFrom` (a short answer is its text), an
 * element holds more than its part, a part is not kept or holds a JsonInteger's mark, or a fixed
 * piece is not ASCII.
 */
export function partsJsonBytes(open: string, elements: readonly object[], wrap: string | undefined, close: string, bytesFrom: number, bytesFor: BytesFor = ownBytes): Buffer | undefined {
  const before = wrap === undefined ? '' : `{${JSON.stringify(wrap)}:`;
  const after = wrap === undefined ? '' : '}';
  const between = `${after},${before}`;
  if (!isAscii(open) || !isAscii(before) || !isAscii(close)) return undefined;
  if (elements.length === 0) return open.length + close.length < bytesFrom ? undefined : utf8Bytes(open + close, bytesFor);
  let size = open.length + before.length + after.length + close.length + between.length * (elements.length - 1);
  for (const element of elements) {
    const part = partOf(element, wrap);
    const bytes = part === undefined ? undefined : keptJsonBytes(part);
    if (bytes === undefined) return undefined;
    size += bytes.byteLength;
  }
  if (size < bytesFrom) return undefined;
  const out = bytesFor(size);
  let offset = putAscii(out, putAscii(out, 0, open), before);
  for (let i = 0; i < elements.length; i++) {
    if (i > 0) offset = putAscii(out, offset, between);
    const bytes = keptJsonBytes(wrap === undefined ? elements[i] : (elements[i] as Record<string, object>)[wrap])!;
    out.set(bytes, offset);
    offset += bytes.byteLength;
  }
  putAscii(out, putAscii(out, offset, after), close);
  return out;
}
