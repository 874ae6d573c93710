/**
 * How the journal shows a body (at most BODY_MAX bytes of it): JSON as its value, forms and other
 * text as text, other bytes as a short description; secrets masked (mask.ts). A body cut at the
 * bound is shown as text ending in a note of its full length.
 */
import { maskForm, maskJson, maskJsonText, maskMultipart } from './mask';

/** (chosen) The most of a body the journal keeps. */
export const BODY_MAX = 64 * 1024;

const TEXTUAL = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|multipart\/form-data)|\+json|\+xml/i;

export const isTextual = (contentType: string | undefined): boolean => !!contentType && TEXTUAL.test(contentType);

/**
 * A body as the journal keeps it: its text with secrets masked (a regular-expression pass, no
 * parse: recording must stay cheap), and whether it is a whole JSON document; or a description.
 */
export type KeptBody = null | string | { json: string };

/** What the journal keeps of a body of `size` bytes, of which `bytes` (at most BODY_MAX) were read. */
export function keepBody(contentType: string | undefined, bytes: Uint8Array | undefined, size = bytes?.byteLength ?? 0): KeptBody {
  const type = (contentType ?? '').toLowerCase();
  if (size > 0 && !isTextual(type)) return `[${size} bytes${type ? `, ${type.split(';')[0]}` : ''}]`;
  if (!bytes || size === 0) return null;
  const cut = size > BODY_MAX;
  // decoded through a view of the bytes (no copy: the ring's read is one already)
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, BODY_MAX)).toString('utf8');
  const json = type.includes('json');
  const masked = type.startsWith('application/x-www-form-urlencoded') ? maskForm(text)
    : type.startsWith('multipart/') ? maskMultipart(text)
      : json ? maskJsonText(text)
        : text;
  if (cut) return `${masked}… [${size} bytes in all]`;
  return json ? { json: masked } : masked;
}

/** How the journal shows a kept body: JSON as its value (masked again, at any depth), the rest as text. */
export function showBody(kept: KeptBody): unknown {
  if (kept === null || typeof kept === 'string') return kept;
  try {
    return maskJson(JSON.parse(kept.json));
  } catch {
    return kept.json;
  }
}

/**
 * At most BODY_MAX bytes of an answer's body, read from a clone (the answer itself is sent as it
 * is), and its full length when known; textual answers only (others: their Content-Length).
 */
export async function readAnswerBody(response: Response, contentType: string | undefined): Promise<{ bytes?: Uint8Array; size: number }> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (!response.body || !isTextual(contentType)) return { size: Number.isNaN(declared) ? 0 : declared };
  const reader = response.clone().body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > BODY_MAX) {
      // Not awaited: a clone's cancel settles only once the answer itself is read or cancelled too.
      reader.cancel().catch(() => {});
      break;
    }
  }
  return { bytes: Buffer.concat(chunks), size: Number.isNaN(declared) ? size : Math.max(declared, size) };
}
