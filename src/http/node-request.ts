/**
 * The parts of an incoming request the core reads straight from Node's request under
 * @hono/node-server (building the fetch Request's headers and body stream costs more than the rest
 * of a small call): the path and query of the URL, the headers as a record, the body, bounded.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { apiError } from '../domain/errors';
import { readLimited, readNodeBody } from './body';

/** `new URL(href).pathname` of an already normalised request URL (`Request.url`), without parsing it again. */
export function pathnameOf(href: string): string {
  const scheme = href.indexOf('://');
  const start = scheme < 0 ? -1 : href.indexOf('/', scheme + 3);
  if (start < 0) return new URL(href).pathname;
  let end = href.length;
  for (let i = start; i < href.length; i++) {
    const ch = href.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) {
      end = i;
      break;
    }
  }
  return href.slice(start, end);
}

/** `new URL(href).search` (with its `?`), or '' when there is no query. */
export function searchOf(href: string): string {
  const q = href.indexOf('?');
  if (q < 0) return '';
  const hash = href.indexOf('#', q);
  const s = hash < 0 ? href.slice(q) : href.slice(q, hash);
  return s.length > 1 ? s : '';
}

/**
 * The request headers as a record with lower-case names, as `Headers.forEach` gives them
 * (values of a repeated header joined with ", "). On @hono/node-server the Node request's raw
 * headers are read directly, so that no Headers object is built for requests without a body.
 */
export function headersOf(c: Context, req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = (c.env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming?.rawHeaders;
  if (!raw) {
    req.headers.forEach((v, k) => (headers[k] = v));
    return headers;
  }
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i];
    if (name.charCodeAt(0) === 58 /* : pseudo-header */) continue;
    const k = name.toLowerCase();
    let v = raw[i + 1];
    const last = v.length - 1;
    if (last >= 0 && (v.charCodeAt(0) <= 32 || v.charCodeAt(last) <= 32)) v = v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    // set-cookie is never joined: Headers.forEach yields each, the record keeps the last.
    headers[k] = Object.hasOwn(headers, k) && k !== 'set-cookie' ? `${headers[k]}, ${v}` : v;
  }
  return headers;
}


/** Node's request under @hono/node-server (undefined in process: `sim.fetch`). */
export function nodeRequestOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.iterator === 'function' ? incoming : undefined;
}

/**
 * `readLimited(req, max)`, reading Node's request itself while nothing else has read it: on
 * @hono/node-server, `req.body` builds a whole fetch Request (and its headers, signal and stream)
 * just to be read once. Same bound, same answer; an oversized body is left unread, not
 * destroyed (the server drains it, as after a cancelled read of `req.body`).
 */
export async function readRequestBody(c: Context, req: Request, contentLength: string | undefined, max: number): Promise<Uint8Array> {
  const incoming = nodeRequestOf(c);
  if (!incoming || incoming.readableDidRead || incoming.readableFlowing !== null || 'rawBody' in incoming) return readLimited(req, max);
  if (Number(contentLength ?? NaN) > max) throw apiError('bodyTooLarge', max);
  return readNodeBody(incoming, max);
}

/** The body of a GET, read from Node's request (a fetch Request cannot carry one); bounded. */
export async function readGetBody(c: Context, present: boolean, max: number): Promise<Uint8Array> {
  const incoming = nodeRequestOf(c);
  if (!present || !incoming) return new Uint8Array(0);
  return readNodeBody(incoming, max);
}

/** Whether a request's head says a body follows (a length over 0, or a transfer coding). */
export const bodySent = (headers: { readonly 'content-length'?: string; readonly 'transfer-encoding'?: string }): boolean =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
