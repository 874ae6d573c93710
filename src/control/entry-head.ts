/**
 * The text of a journal entry that differs from request to request (its path, query string, and the
 * request's and the answer's headers), encoded as bytes (issue 19). The journal copies these bytes
 * into a ring (journal.ts) instead of keeping each request's strings and header objects on the heap:
 * ten thousand entries of ~1 KB of small objects each were copied by every scavenge that met them and
 * then filled the old generation (the collector's share of a repeated `GET /api/` went from ~4% to
 * ~13% of the CPU with the journal on).
 *
 * Layout: the count (u16) of the request's header pairs, then of the answer's, then one UTF-8 text:
 * path, query and each header's name and value, separated by NUL (a NUL of a string is shown as
 * U+FFFD: Node refuses it in a header it reads or writes, but an answer's header record is
 * journaled before Node writes it). The text is made as one
 * string and written at once (a write per string cost ~3 µs a request more). A string is cut to
 * FIELD_MAX characters, and a head keeps the header pairs that fit in HEAD_MAX bytes (Node's own limit
 * on a request's headers is 16 KB, far below it).
 */

/** (chosen) The most bytes of one encoded head. */
export const HEAD_MAX = 256 * 1024;
/** (chosen) The most characters of one string of a head (path, query, a header's name or value). */
export const FIELD_MAX = 16 * 1024;

export interface EntryHead {
  path: string;
  /** The query string as sent (no `?`), '' when none. */
  query: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

const SEP = '\u0000';
/** The most characters of a head's text: three bytes a UTF-16 unit at most. */
const TEXT_MAX = Math.floor((HEAD_MAX - 4) / 3);

const cut = (s: string): string => (s.length > FIELD_MAX ? s.slice(0, FIELD_MAX) : s);
const noNul = (s: string): string => (s.includes(SEP) ? s.replaceAll(SEP, '\ufffd') : s);

let scratch: Buffer | undefined;

/**
 * The head's bytes, in a buffer the next call writes over (copy them before that: the journal
 * copies them into its ring at once).
 */
export function encodeHead(path: string, query: string, requestHeaders: Readonly<Record<string, string>>, responseHeaders: Readonly<Record<string, string>>): Buffer {
  // path and query take at most 2 × FIELD_MAX < TEXT_MAX / 2 characters; the headers stop at TEXT_MAX.
  const request = withPairs(`${noNul(cut(path))}${SEP}${noNul(cut(query))}`, requestHeaders);
  const response = withPairs(request.text, responseHeaders);
  const buf = (scratch ??= Buffer.allocUnsafeSlow(HEAD_MAX));
  buf.writeUInt16LE(request.count, 0);
  buf.writeUInt16LE(response.count, 2);
  return buf.subarray(0, 4 + buf.write(response.text, 4, 'utf8'));
}

/** `text` followed by the header pairs that fit (all of them, but for a head over HEAD_MAX), and how many. */
function withPairs(text: string, headers: Readonly<Record<string, string>>): { text: string; count: number } {
  let count = 0;
  for (const name in headers) {
    const pair = `${SEP}${noNul(cut(name))}${SEP}${noNul(cut(headers[name]))}`;
    if (count === 0xffff || text.length + pair.length > TEXT_MAX) break;
    text += pair;
    count++;
  }
  return { text, count };
}

/** The pairs from `at` on, `count` of them. */
function headers(parts: string[], at: number, count: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const name = parts[at + 2 * i] ?? '';
    const value = parts[at + 2 * i + 1] ?? '';
    // an own property even when named __proto__ (an assignment would set the prototype)
    if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    else out[name] = value;
  }
  return out;
}

export function decodeHead(bytes: Buffer): EntryHead {
  const requests = bytes.readUInt16LE(0);
  const parts = bytes.toString('utf8', 4).split(SEP);
  return { path: parts[0], query: parts[1] ?? '', requestHeaders: headers(parts, 2, requests), responseHeaders: headers(parts, 2 + 2 * requests, bytes.readUInt16LE(2)) };
}

/** The path alone (what the journal's matchers read of every entry). */
export function decodePath(bytes: Buffer): string {
  const end = bytes.indexOf(0, 4);
  return bytes.toString('utf8', 4, end < 0 ? bytes.length : end);
}
