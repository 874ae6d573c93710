/**
 * Reads a request body, bounded in size, into a form record, JSON, or raw text.
 */
import type { IncomingMessage } from 'node:http';
import { apiError } from '../domain/errors';
import { readBounded } from '../streams';
import type { FormValue, UploadedFile } from './uploaded-file';

export type MediaType = string;

export function mediaTypeOf(contentType: string | undefined | null): MediaType {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The body's bytes; refuses a body over `max` bytes without reading all of it. */
export async function readLimited(req: Request, max: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > max) throw apiError('bodyTooLarge', max);
  if (!req.body) return new Uint8Array(0);
  const bytes = await readBounded(req.body, max);
  if (!bytes) throw apiError('bodyTooLarge', max);
  return bytes;
}

/**
 * Node's request body, read by its 'data' and 'end' events (an async iterator costs a few µs more
 * per call, measurable on small form bodies); bounded like `readLimited`. Over the bound the rest
 * is drained unread; a client that goes away before the end rejects the read.
 */
export function readNodeBody(incoming: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // A client gone while the request waited (authentication, a burst delay): 'close' has passed already.
    if (incoming.destroyed || incoming.readableAborted) {
      reject(new Error('the client closed the connection before the end of the body'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        done();
        incoming.resume(); // the rest is drained, so that a kept-alive connection stays usable
        reject(apiError('bodyTooLarge', max));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onClose = () => {
      done();
      reject(new Error('the client closed the connection before the end of the body'));
    };
    incoming.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** A URL-encoded form (the last of repeated names wins), read without copying the bytes. */
export function parseUrlEncoded(bytes: Uint8Array): Record<string, FormValue> {
  const text = Buffer.isBuffer(bytes) ? bytes.toString('utf8') : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return Object.fromEntries(new URLSearchParams(text));
}

export async function parseForm(bytes: Uint8Array, contentType: string): Promise<Record<string, FormValue>> {
  const media = mediaTypeOf(contentType);
  if (media === 'application/x-www-form-urlencoded') return parseUrlEncoded(bytes);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw apiError('malformedBody', 'multipart/form-data');
  }
  const out: Record<string, FormValue> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') out[key] = value;
    else {
      const file: UploadedFile = { filename: value.name, type: value.type || 'application/octet-stream', bytes: new Uint8Array(await value.arrayBuffer()) };
      out[key] = file;
    }
  }
  return out;
}

/** JSON bodies nest at most this deep (chosen, issue 18): deeper is INVALID_DATA before parsing or validation. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another (brackets inside
 * strings do not count); one pass, no recursion. Malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function parseJson(bytes: Uint8Array): Record<string, unknown> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // A deeply nested body would overflow the stack of whatever walks it (validation, its error message).
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw apiError('bodyTooDeep', MAX_JSON_DEPTH);
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* answered below */
  }
  throw apiError('malformedBody', 'a JSON object');
}

export const isFile = (v: unknown): v is UploadedFile => typeof v === 'object' && v !== null && 'bytes' in v;
