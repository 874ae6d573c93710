/**
 * A list answer's JSON bytes written from its kept parts' bytes (issue 19): a list page is 10-200
 * kept records (json-text.ts, keepJsonText and jsonOnlyPart) in a fixed frame, and writing it
 * without JSON.stringify saves writing marks and finding them again.
 */
import { type BytesFor, type KeptText, isAscii, keptJsonBytes, keptJsonLength, keptJsonOf, ownBytes, utf8Bytes } from './json-text';

/** Writes ASCII text at `offset` (a short fixed piece: a loop costs less than a call into Buffer's encoder); returns the offset after it. */
function putAscii(out: Buffer, offset: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  return offset + text.length;
}

/** What an element holds: itself, or its field `wrap`. */
const partIn = (element: object, wrap: string | undefined): unknown => (wrap === undefined ? element : (element as Record<string, unknown>)[wrap]);

/** The part an element stands for: itself, or its one field `wrap` (an object); undefined when it is neither. */
function partOf(element: object, wrap: string | undefined): object | undefined {
  if (wrap !== undefined) for (const k in element) if (k !== wrap) return undefined;
  const part = partIn(element, wrap);
  return typeof part === 'object' && part !== null ? part : undefined;
}

/**
 * The UTF-8 bytes of `open`, the JSON of each element (`{"<wrap>":part}` of an element holding only
 * its kept part under `wrap`, else the element, a kept part itself) comma-separated, then `close`,
 * as jsonTextOrBytes writes a long answer whose JSON text is that. Undefined, for the caller to use
 * jsonTextOrBytes, when the text is shorter than `bytesFrom` characters, counted as jsonTextOrBytes
 * counts them (a short answer is its text; no part's bytes are made for it), an element holds more
 * than its part, a part is not kept or holds a JsonInteger's mark, or a fixed piece is not ASCII.
 */
export function partsJsonBytes(open: string, elements: readonly object[], wrap: string | undefined, close: string, bytesFrom: number, bytesFor: BytesFor = ownBytes): Buffer | undefined {
  const before = wrap === undefined ? '' : `{${JSON.stringify(wrap)}:`;
  const after = wrap === undefined ? '' : '}';
  const between = `${after},${before}`;
  if (!isAscii(open) || !isAscii(before) || !isAscii(close)) return undefined;
  const fixed = elements.length === 0 ? open.length + close.length : open.length + before.length + after.length + close.length + between.length * (elements.length - 1);
  // Each element's kept JSON, read once (a page has 10-200); after the bytes are made, they are in it.
  const kepts: KeptText[] = new Array(elements.length);
  let length = fixed;
  for (let i = 0; i < elements.length; i++) {
    const part = partOf(elements[i], wrap);
    const kept = part && keptJsonOf(part);
    if (kept === undefined) return undefined;
    kepts[i] = kept;
    length += keptJsonLength(part!, kept);
  }
  if (length < bytesFrom) return undefined;
  if (elements.length === 0) return utf8Bytes(open + close, bytesFor);
  let size = fixed;
  for (let i = 0; i < elements.length; i++) {
    const bytes = keptJsonBytes(partIn(elements[i], wrap) as object, kepts[i]);
    if (bytes === undefined) return undefined;
    size += bytes.byteLength;
  }
  const out = bytesFor(size);
  let offset = putAscii(out, putAscii(out, 0, open), before);
  for (let i = 0; i < elements.length; i++) {
    if (i > 0) offset = putAscii(out, offset, between);
    const bytes = kepts[i].bytes!;
    out.set(bytes, offset);
    offset += bytes.byteLength;
  }
  putAscii(out, putAscii(out, offset, after), close);
  return out;
}
