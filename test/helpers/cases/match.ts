/**
 * Comparing an answer with what a case expects, and the saved values (`${name}`) a case refers to.
 *
 * - `matches(actual, expected)`: objects are matched as a subset (the answer may have more keys),
 *   arrays item by item with the same length, other values exactly. Three special strings:
 *   `<any>` (present, any value), `<absent>` (the key must not be there) and `<matches RE>` (a
 *   string matching the regular expression RE). A long list can be described instead of written
 *   out: `{ <count>: 52, <contains>: [item, ...] }` matches a list of 52 items holding, somewhere,
 *   an item matching each one given (either key may be left out).
 * - `fill(value, saved)`: replaces `${name}` in strings by a saved value; a string that is only
 *   `${name}` becomes the saved value itself (a number stays a number).
 * - `pick(answer, path)`: the value at `body.a.b[0].c` or `headers.Name` of an answer, or `text`
 *   (the whole body as text).
 */
const MATCHES = /^<matches (.+)>$/s;

export function matches(actual: unknown, expected: unknown, path = 'body'): string[] {
  if (expected === '<any>') return actual === undefined ? [`${path} is missing`] : [];
  if (expected === '<absent>') return actual === undefined ? [] : [`${path} is ${JSON.stringify(actual)}, expected it absent`];
  if (actual === undefined) return [`${path} is missing, expected ${JSON.stringify(expected)}`];
  const re = typeof expected === 'string' ? MATCHES.exec(expected) : null;
  if (re) {
    return typeof actual === 'string' && new RegExp(re[1]!).test(actual) ? [] : [`${path} is ${JSON.stringify(actual)}, expected to match /${re[1]}/`];
  }
  if (isListSummary(expected)) {
    if (!Array.isArray(actual)) return [`${path} is not a list: ${JSON.stringify(actual)}`];
    const out: string[] = [];
    const count = expected['<count>'];
    if (count !== undefined && actual.length !== count) out.push(`${path} has ${actual.length} items, expected ${count}`);
    for (const want of expected['<contains>'] ?? []) {
      if (!actual.some((item) => matches(item, want).length === 0)) out.push(`${path} holds no item matching ${JSON.stringify(want)}`);
    }
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path} is not a list: ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${path} has ${actual.length} items, expected ${expected.length}`];
    return expected.flatMap((e, i) => matches(actual[i], e, `${path}[${i}]`));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return [`${path} is not an object: ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([k, e]) => matches((actual as Record<string, unknown>)[k], e, `${path}.${k}`));
  }
  return actual === expected ? [] : [`${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
}

interface ListSummary {
  '<count>'?: number;
  '<contains>'?: unknown[];
}

function isListSummary(v: unknown): v is ListSummary {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === '<count>' || k === '<contains>');
}

export function fill<T>(value: T, saved: Record<string, unknown>): T {
  if (typeof value === 'string') {
    const whole = /^\$\{([\w.]+)\}$/.exec(value);
    if (whole) return lookup(saved, whole[1]!) as T;
    return value.replace(/\$\{([\w.]+)\}/g, (_, name: string) => String(lookup(saved, name))) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, saved)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, saved)])) as T;
  return value;
}

function lookup(saved: Record<string, unknown>, name: string): unknown {
  if (!(name in saved)) throw new Error(`\${${name}} was not saved by an earlier step (saved: ${Object.keys(saved).join(', ') || 'nothing'})`);
  return saved[name];
}

/** An answer as the runner keeps it: headers and the parsed JSON body (if it was JSON). */
export interface Answer {
  headers: Headers;
  json: unknown;
  text: string;
}

export function pick(answer: Answer, path: string): unknown {
  const header = /^headers?\.(.+)$/.exec(path);
  if (header) {
    const value = answer.headers.get(header[1]!);
    if (value === null) throw new Error(`cannot save "${path}": the answer has no such header`);
    return value;
  }
  if (path === 'text') return answer.text;
  if (!/^body\b/.test(path)) throw new Error(`cannot save "${path}": it must be text, or start with body or headers`);
  let value: unknown = answer.json;
  for (const key of path.replace(/\[(\d+)\]/g, '.$1').split('.').slice(1)) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined) throw new Error(`cannot save "${path}": the answer has no such value`);
  return value;
}
