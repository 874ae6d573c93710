/**
 * XML answers (gaps.md §8): the JSON object's keys become elements; an array becomes a wrapper
 * element holding one element per item, named by the table below; text is escaped by the XML
 * library, never by hand.
 */
import type { XMLBuilder } from 'fast-xml-parser';
import { xmlModule } from '../lazy';
import { JsonInteger } from '../domain/json-integer';
import { fieldsOf } from '../domain/json-text';

/** Element name of an array's items, by the array's key (chosen: gaps.md §8). */
const itemNames: Record<string, string> = { tenantIds: 'tenant', errors: 'error', data: 'row', documents: 'document' };

let xmlBuilder: XMLBuilder | undefined;
const builder = () =>
  (xmlBuilder ??= new (xmlModule().XMLBuilder)({ ignoreAttributes: false, attributeNamePrefix: '@_', format: false, suppressEmptyNode: false, processEntities: true }));

const validName = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text as XML can carry it: what it cannot is replaced by U+FFFD (the JSON answer keeps it exact). */
const xmlText = (v: string) => v.replace(notXml, '\uFFFD');

function toNode(value: unknown, key: string): unknown {
  if (value instanceof JsonInteger) return String(value);
  if (Array.isArray(value)) {
    const item = itemNames[key] ?? 'item';
    return { [item]: value.map((v) => toNode(v, item)) };
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const entries: unknown[] = [];
    for (const [k, v] of Object.entries(fieldsOf(value))) {
      if (v === undefined) continue;
      if (validName.test(k) && !k.toLowerCase().startsWith('xml')) out[k] = toNode(v, k);
      else entries.push({ '@_name': xmlText(k), '#text': xmlText(v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) });
    }
    if (entries.length) out.entry = entries;
    return out;
  }
  if (value === null) return '';
  return xmlText(String(value));
}

export function toXml(root: string, body: Record<string, unknown>): string {
  return '<?xml version="1.0" encoding="UTF-8"?>' + builder().build({ [root]: toNode(body, root) });
}

/** Answers of wantsXml by Accept header: clients send the same few values again and again. */
const acceptCache = new Map<string, boolean>();
const ACCEPT_CACHE_MAX = 256;

/**
 * True when the client's Accept header prefers XML to JSON (gaps.md §8): a higher weight (`q`), or
 * at equal weight the one listed first, as content negotiation usually breaks ties;
 * `application/json, application/xml` answers JSON, `application/xml, application/json` XML.
 * JSON is the default answer, so when the header does not name it a wildcard weighs for it
 * (`application/*`, else `*\/*`: a type named outweighs a wildcard, as in HTTP); a weight that is
 * not a number from 0 to 1 (`q=abc`, `q=2`) counts as 1, the weight of none given.
 */
export function wantsXml(accept: string | undefined | null): boolean {
  if (!accept) return false;
  let known = acceptCache.get(accept);
  if (known === undefined) {
    known = decideXml(accept);
    if (acceptCache.size >= ACCEPT_CACHE_MAX) acceptCache.clear();
    acceptCache.set(accept, known);
  }
  return known;
}

function decideXml(accept: string): boolean {
  const types = accept.split(',').map((part, at) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const given = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/.exec(p)?.[1]).find((q) => q !== undefined);
    const q = given === undefined || given === '' ? 1 : Number(given);
    return { type: type.trim(), q: q >= 0 && q <= 1 ? q : 1, at };
  });
  // The highest weight a type is given, and where it is first given that weight (q -1: not named).
  const best = (...names: string[]) => types.filter((x) => names.includes(x.type)).reduce<{ q: number; at: number }>(
    (b, x) => (x.q > b.q ? x : b), { q: -1, at: Infinity });
  const xml = best('application/xml', 'text/xml');
  const named = [best('application/json'), best('application/*'), best('*/*')];
  const json = named.find((x) => x.q >= 0) ?? named[0];
  return xml.q > 0 && (xml.q > json.q || (xml.q === json.q && xml.at < json.at));
}

/** Per operation: whether its answers may be XML (kept; the document does not change). */
const xmlAnswering = new WeakMap<object, boolean>();

/**
 * Whether an operation's answer may be XML: only when its success answer declares
 * `application/xml`. The file and text operations (downloads, the usage-log CSV, RECREATE text)
 * do not: their failures answer the JSON FAILURE whatever the Accept header (gaps.md §11).
 */
export function answersXml(op: { xmlRoot?: string; responses: Record<string, unknown> }): boolean {
  let known = xmlAnswering.get(op);
  if (known === undefined) {
    const ok = op.responses['200'] as { $ref?: string; content?: Record<string, unknown> } | undefined;
    known = ok?.content ? 'application/xml' in ok.content : op.xmlRoot !== undefined;
    xmlAnswering.set(op, known);
  }
  return known;
}
