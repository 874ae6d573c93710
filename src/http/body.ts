/**
 * Reads a request body, bounded in size, into a form record, JSON, or raw text.
 */
import type { IncomingMessage } from 'node:http';
import { apiError } from '../domain/errors';
import { BoundedBody, readBounded } from '../streams';
import { parseMultipart } from './multipart';
import type { FormValue, UploadedFile } from './uploaded-file';

export type MediaType = string;

export function mediaTypeOf(contentType: string | undefined | null): MediaType {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The body's bytes; refuses a body over `max` bytes without reading all of it (at once when its
 * Content-Length says so). A client gone before the end is the client's doing: INVALID_DATA.
 */
export async function readLimited(req: Request, max: number): Promise<Uint8Array> {
  const declared = declaredLength(req.headers.get('content-length'));
  if (declared !== undefined && declared > max) throw apiError('bodyTooLarge', max);
  if (!req.body) return new Uint8Array(0);
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBounded(req.body, max, declared);
  } catch {
    throw apiError('bodyIncomplete');
  }
  if (!bytes) throw apiError('bodyTooLarge', max);
  return bytes;
}

/** A Content-Length as a number of bytes; undefined when absent or not one. */
export function declaredLength(header: string | null | undefined): number | undefined {
  if (header == null || !/^\s*\d{1,15}\s*$/.test(header)) return undefined;
  return Number(header);
}

/**
 * Node's request body, read by its 'data' and 'end' events (an async iterator costs a few µs more
 * per call, measurable on small form bodies) into one growing buffer (src/streams.ts); bounded like
 * `readLimited`. Over the bound the bytes read are let go and the rest is drained unread; a client
 * that goes away before the end rejects the read with INVALID_DATA (its doing, not a defect).
 */
export function readNodeBody(incoming: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // A client gone while the request waited (authentication, a burst delay): 'close' has passed already.
    if (incoming.destroyed || incoming.readableAborted) {
      reject(apiError('bodyIncomplete'));
      return;
    }
    const body = new BoundedBody(max, declaredLength(incoming.headers['content-length']));
    const done = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
    };
    const onData = (chunk: Buffer) => {
      if (body.push(chunk)) return;
      done();
      body.release();
      incoming.resume(); // the rest is drained, so that a kept-alive connection stays usable
      reject(apiError('bodyTooLarge', max));
    };
    const onEnd = () => {
      done();
      resolve(body.bytes());
    };
    const onGone = () => {
      done();
      body.release();
      reject(apiError('bodyIncomplete'));
    };
    incoming.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
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
  return parseMultipart(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType);
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
