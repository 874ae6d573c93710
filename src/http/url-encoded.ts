/**
 * The name/value pairs of `application/x-www-form-urlencoded` text (a query string, a form body),
 * exactly as URLSearchParams parses them (WHATWG URL §5.1): a leading `?` skipped, split on `&`, empty pieces skipped,
 * each piece split on its first `=`, `+` read as a space, then percent-decoded as UTF-8.
 *
 * Why not URLSearchParams itself (issue 19): on the path of every request it cost ~1.5 µs (an
 * object, its list of pairs, then a copy of them into the query record); most names and values
 * need no decoding at all. A piece with escapes is decoded by `decodeURIComponent`, which decodes
 * only valid UTF-8 and throws on anything else (a malformed `%`, an incomplete or invalid
 * sequence): where it decodes, URLSearchParams decodes the same, and where it throws the whole
 * text is left to URLSearchParams (lenient: malformed escapes kept as they are, invalid bytes
 * U+FFFD).
 */

/** The pairs of `text` (a leading `?` is skipped, as URLSearchParams does), in order, flat: name, value, name, value … */
export function urlEncodedPairs(text: string): string[] {
  // A lone surrogate is read as U+FFFD by URLSearchParams (its UTF-8 encoding of the text first).
  if (!(text as WellFormed).isWellFormed()) return lenientPairs(text);
  const out: string[] = [];
  let start = text.charCodeAt(0) === 63 /* ? */ ? 1 : 0;
  // The next `=` at or after `start` (-1: none left), searched again only once passed: one pass in all.
  let eq = text.indexOf('=', start);
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (eq >= 0 && eq < start) eq = text.indexOf('=', start);
      const name = decoded(text, start, eq >= 0 && eq < end ? eq : end);
      const value = eq >= 0 && eq < end ? decoded(text, eq + 1, end) : '';
      if (name === undefined || value === undefined) return lenientPairs(text);
      out.push(name, value);
    }
    start = end + 1;
  }
  return out;
}

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the project's TypeScript library is ES2023). */
type WellFormed = string & { isWellFormed(): boolean };

/** text[from, to) with `+` as a space and escapes decoded; undefined when decodeURIComponent refuses them. */
function decoded(text: string, from: number, to: number): string | undefined {
  let s = text.slice(from, to);
  if (s.includes('+')) s = s.replaceAll('+', ' ');
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function lenientPairs(text: string): string[] {
  const out: string[] = [];
  new URLSearchParams(text).forEach((value, name) => out.push(name, value));
  return out;
}
