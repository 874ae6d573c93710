/**
 * multipart/form-data (RFC 7578) read from the body's one buffer: each file part is a view of it
 * (no copy), each other part a string. The body is held once, whatever its size.
 */
import { apiError } from '../domain/errors';
import type { FormValue } from './uploaded-file';

const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary parameter of a Content-Type, unquoted; undefined when absent or not valid (RFC 2046: 1–70 characters). */
export function boundaryOf(contentType: string): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.){1,70})"|([^\s;,"]{1,70}))(?=[\s;,]|$)/i.exec(contentType);
  const b = m?.[1]?.replace(/\\(.)/g, '$1') ?? m?.[2];
  return b && b.length <= 70 ? b : undefined;
}

/** The two patterns of a Content-Disposition parameter: RFC 5987's `name*=…`, and the plain `name="x"` or `name=x`. */
const paramPatterns = (name: string) => ({
  extended: new RegExp(`;\\s*${name}\\*\\s*=\\s*([^;]*)`, 'i'),
  plain: new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i'),
});
/** Made once (a create's dozen parts compiled two expressions each, ~60 µs a create). */
const PARAMS = { name: paramPatterns('name'), filename: paramPatterns('filename') };

/** A parameter of a Content-Disposition header: `name="x"`, `name=x`, or RFC 5987's `name*=UTF-8''x`. */
function dispositionParam(header: string, name: keyof typeof PARAMS): string | undefined {
  const extended = PARAMS[name].extended.exec(header);
  if (extended) {
    const m = /^utf-8'[^']*'(.*)$/i.exec(extended[1].trim());
    if (m) {
      try {
        return decodeURIComponent(m[1]); // already text
      } catch {
        /* the plain parameter, below */
      }
    }
  }
  const m = PARAMS[name].plain.exec(header);
  if (!m) return undefined;
  // The header was read as latin1 (one character per byte): its bytes are UTF-8 text. HTML's form
  // encoding writes `"`, LF and CR in a quoted name as %22, %0A and %0D (browsers, undici's FormData).
  const value = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1').replace(/%(22|0A|0D)/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : m[2];
  return Buffer.from(value, 'latin1').toString('utf8');
}

const malformed = () => apiError('malformedBody', 'multipart/form-data');

/** The parts of a multipart body (the last of repeated names wins); INVALID_DATA when it is not one. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, FormValue> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw malformed();
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body (no CRLF before it); anything before it is a preamble.
  let at = body.subarray(0, dash.length).equals(dash) ? 0 : body.indexOf(delimiter);
  if (at < 0) throw malformed();
  at += at === 0 && body[0] === 0x2d ? dash.length : delimiter.length;
  const out: Record<string, FormValue> = Object.create(null);
  for (;;) {
    // After a delimiter: `--` closes the body, otherwise optional whitespace and CRLF open a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { ...out };
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw malformed();
    at += 2;
    const headersEnd = body.indexOf(CRLF2, at);
    if (headersEnd < 0) throw malformed();
    const next = body.indexOf(delimiter, headersEnd + 4);
    if (next < 0) throw malformed();
    const headers = body.toString('latin1', at, headersEnd).split('\r\n');
    const header = (name: string) => {
      const line = headers.find((h) => h.slice(0, h.indexOf(':')).trim().toLowerCase() === name);
      return line?.slice(line.indexOf(':') + 1).trim();
    };
    const disposition = header('content-disposition');
    const name = disposition && /^form-data\s*(;|$)/i.test(disposition) ? dispositionParam(disposition, 'name') : undefined;
    if (name === undefined) throw malformed();
    const filename = dispositionParam(disposition!, 'filename');
    const content = body.subarray(headersEnd + 4, next);
    out[name] = filename === undefined ? content.toString('utf8')
      : { filename, type: header('content-type') || 'application/octet-stream', bytes: content };
    at = next + delimiter.length;
  }
}
