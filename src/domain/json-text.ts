/**
 * The JSON text of an answer: `JSON.stringify(value)`, with two additions that leave the text
 * exactly as JSON.stringify alone would write it for the same data:
 *
 * - a JsonInteger (json-integer.ts) is written as its exact digits (a JSON number);
 * - a part marked by `keepJsonText` (a kept document record, shown by many list pages, retrieves
 *   and versions while it is valid) is serialised once: its text is kept with it and written as
 *   it is by every later answer that holds it. Such a part must never change once marked: its
 *   owner freezes it at its root, and the cache door then treats it as frozen throughout.
 *
 * `jsonTextOrBytes` gives a long answer as UTF-8 bytes, copying each kept part's bytes (encoded
 * once, kept with its text) into place, rather than splicing the parts' texts into one long string
 * and encoding all of it for every answer (issue 19: a page of 20-50 records is 15-60 KB).
 */
import { INTEGER_MARKED, integerMarks, MARK_TOKEN } from './json-integer';
import { slotKind } from './kept-slot';

/**
 * A kept part's text (made once) and whether it holds a JsonInteger's mark, in a kept slot of the
 * part itself (kept-slot.ts: not a WeakMap, whose values V8's scavenges keep alive).
 */
export interface KeptText {
  text: string | undefined;
  integers: boolean;
  /** The text's UTF-8 bytes (a buffer of their own), made when a long answer first holds the part (or keptJsonBytes asks). */
  bytes: Buffer | undefined;
  /** A JSON-only part (jsonOnlyPart): no fields of its own, its bytes stand for them. */
  jsonOnly?: true;
}
const KEPT_TEXT = slotKind<KeptText>('dms-sim kept JSON text');
/** The kept JSON of a part marked by keepJsonText or jsonOnlyPart (read once, then given to keptJsonLength and keptJsonBytes with its part); undefined for any other value. */
export const keptJsonOf = (value: object): KeptText | undefined => KEPT_TEXT.of(value)?.value;
/** While jsonText runs: the kept parts met so far (their texts made, or a JSON-only part's bytes), in the order their marks were written. */
let met: KeptText[] | undefined;
/** While jsonText runs: whether a kept part met holds a JsonInteger's mark. */
let metIntegers = false;

const PART_MARK = `\u0000dms-sim-json:${MARK_TOKEN}:`;
const PART_MARKED = new RegExp(`"\\\\u0000dms-sim-json:${MARK_TOKEN}:(\\d+)"`, 'g');
/** The characters of a part's mark as JSON.stringify writes it, quotes included, but for its number. */
const PART_MARK_WRITTEN = JSON.stringify(PART_MARK).length;
const PART_MARK_TEXT = '\\u0000dms-sim-json:';

/**
 * Inside jsonText: the part's mark (its text kept, made once; a JSON-only part's bytes are not
 * decoded for it); elsewhere (another JSON.stringify, or the part's own text being made): the part
 * itself, which JSON.stringify then writes as a plain object (a value toJSON gives is not asked for
 * its toJSON again), or a JSON-only part's fields.
 */
function partJson(this: object): unknown {
  const kept = KEPT_TEXT.of(this)!.value;
  if (!met) return kept.jsonOnly ? fieldsOf(this) : this;
  if (!kept.jsonOnly) keptOf(this);
  if (kept.integers) metIntegers = true;
  met.push(kept);
  return `${PART_MARK}${met.length - 1}`;
}

/** A marked part's kept text, made now if it is not yet (its text is whole: a kept part inside it is written out, not marked). */
function keptOf(part: object, kept: KeptText = KEPT_TEXT.of(part)!.value): KeptText & { text: string } {
  if (kept.text !== undefined) return kept as KeptText & { text: string };
  // A JSON-only part (jsonOnlyPart): its text is its bytes', decoded for this use only (kept, it would
  // put back on the heap what the part keeps off it).
  if (kept.jsonOnly) return { ...kept, text: textOf(kept) };
  const list = met;
  met = undefined;
  const before = integerMarks.written;
  try {
    kept.text = JSON.stringify(part);
    kept.integers = integerMarks.written !== before;
  } finally {
    met = list;
  }
  return kept as KeptText & { text: string };
}

/**
 * Marks a JSON object (before it is frozen) whose text jsonText may keep: it gets a non-enumerable
 * `toJSON` (no key of its own, so copies, freezes, XML, validation and equality see only its data).
 * Returns it.
 */
export function keepJsonText<T extends object>(part: T): T {
  return marking(part, { text: undefined, integers: false, bytes: undefined });
}

/** Marks `part` as kept, with what is kept of it. */
function marking<T extends object>(part: T, kept: KeptText): T {
  Object.defineProperty(part, 'toJSON', { value: partJson, enumerable: false });
  return KEPT_TEXT.give(part, kept);
}

/** Whether `value` is a part marked by keepJsonText (never to change: once frozen at its root, the cache door treats it as frozen throughout). */
export function isKeptPart(value: object): boolean {
  return KEPT_TEXT.of(value) !== undefined;
}

/**
 * The length of the JSON text of a part marked by keepJsonText (JsonIntegers' marks counted as
 * written inside it: an estimate within a few characters), its text made and kept now rather than
 * when an answer first shows it (its owner wants its size at once: a kept record). The part must
 * not change after.
 */
export function keptJsonLength(part: object, kept: KeptText = KEPT_TEXT.of(part)!.value): number {
  return kept.jsonOnly && kept.text === undefined ? kept.bytes!.byteLength : keptOf(part, kept).text.length;
}

/**
 * The UTF-8 bytes of a part marked by keepJsonText (a buffer of their own), made now and kept with
 * it; undefined when its text holds a JsonInteger's mark (such a part is written from its text).
 */
export function keptJsonBytes(part: object, own: KeptText = KEPT_TEXT.of(part)!.value): Buffer | undefined {
  if (own.jsonOnly) return own.bytes;
  const kept = keptOf(part, own);
  return kept.integers ? undefined : (kept.bytes ??= utf8Bytes(kept.text));
}

/**
 * A kept part that is only JSON: `bytes` (kept bytes of a part, keptJsonBytes) stand for an
 * object without it being made (issue 19: a page of a big world's records, their bytes kept off
 * the heap). JSON answers write the bytes; a reader of its fields (an XML answer) asks fieldsOf.
 */
export function jsonOnlyPart(bytes: Buffer): object {
  return Object.freeze(marking({}, { text: undefined, integers: false, bytes, jsonOnly: true }));
}

/** The fields of a value: a JSON-only part's parsed from its JSON, any other value as it is. */
export function fieldsOf(value: object): object {
  return KEPT_TEXT.of(value)?.value.jsonOnly ? (JSON.parse(keptOf(value).text) as object) : value;
}

/** JSON.stringify's text of `value` with kept parts' marks (their texts made, in `parts`), and whether a JsonInteger's mark is in it. */
function marked(value: unknown): { text: string; parts: KeptText[]; integers: boolean } {
  const [outer, outerIntegers] = [met, metIntegers];
  met = [];
  metIntegers = false;
  const before = integerMarks.written;
  try {
    const text = JSON.stringify(value);
    return { text, parts: met, integers: metIntegers || integerMarks.written !== before };
  } finally {
    [met, metIntegers] = [outer, outerIntegers];
  }
}

/** A met part's text (a JSON-only part's decoded from its bytes for this use, not kept). */
const textOf = (p: KeptText): string => p.text ?? p.bytes!.toString('utf8');

/** The whole text of a marked text: kept parts' texts in place of their marks, JsonIntegers' digits in place of theirs. */
function spliced(text: string, parts: readonly KeptText[], integers: boolean): string {
  if (parts.length > 0) text = text.replace(PART_MARKED, (_, i: string) => textOf(parts[Number(i)]));
  return integers ? text.replace(INTEGER_MARKED, '$1') : text;
}

/** `JSON.stringify(value)`, with JsonIntegers as digits and kept parts' texts re-used. */
export function jsonText(value: unknown): string {
  const { text, parts, integers } = marked(value);
  return spliced(text, parts, integers);
}

/** Where an answer's bytes are written: `size` bytes, their contents unset. */
export type BytesFor = (size: number) => Buffer;

/** A buffer of its own (not a slice of Node's shared pool): for bytes that are kept. */
export const ownBytes: BytesFor = (size) => Buffer.allocUnsafeSlow(size);

/** The UTF-8 bytes of a text, in a buffer of their own unless `bytesFor` gives another. */
export function utf8Bytes(text: string, bytesFor: BytesFor = ownBytes): Buffer {
  const bytes = bytesFor(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

/**
 * jsonText's answer for `value`: the text when it is shorter than `bytesFrom` characters, else its
 * UTF-8 bytes in a buffer of their own, each kept part's bytes (encoded once, kept) copied into
 * place: neither the whole text nor its encoding is made per answer. A JSON-only part counts by its
 * bytes (not decoded for this), so one with non-ASCII text may tip a shorter answer into bytes.
 * The answer's bytes are written where `bytesFor` says (a buffer of their own by default; parts'
 * kept bytes are always their own).
 */
export function jsonTextOrBytes(value: unknown, bytesFrom: number, bytesFor: BytesFor = ownBytes): string | Buffer {
  const { text, parts, integers } = marked(value);
  let length = text.length;
  // (a JSON-only part counted by its bytes: at least its characters)
  parts.forEach((p, i) => (length += (p.text?.length ?? p.bytes!.byteLength) - PART_MARK_WRITTEN - String(i).length));
  // A JsonInteger's mark (in the value or in a part) is rare (one field's maxValue): such an answer is spliced and encoded whole.
  if (length < bytesFrom || integers) {
    const whole = spliced(text, parts, integers);
    return whole.length < bytesFrom ? whole : utf8Bytes(whole, bytesFor);
  }
  if (parts.length === 0) return utf8Bytes(text, bytesFor);
  // The text between marks, and the parts' bytes: measured, then written (no match objects, no list of pieces).
  let size = 0;
  let at = 0;
  for (let m = nextMark(text, 0); m; m = nextMark(text, m.end)) {
    const part = parts[m.part];
    size += byteLengthOf(text, at, m.start) + (part.bytes ??= utf8Bytes(part.text!)).byteLength;
    at = m.end;
  }
  size += byteLengthOf(text, at, text.length);
  const out = bytesFor(size);
  let offset = 0;
  at = 0;
  for (let m = nextMark(text, 0); m; m = nextMark(text, m.end)) {
    offset += out.write(text.slice(at, m.start), offset, 'utf8');
    offset += parts[m.part].bytes!.copy(out, offset);
    at = m.end;
  }
  out.write(text.slice(at), offset, 'utf8');
  return out;
}

/** A part's mark as JSON.stringify writes it, up to its number: `"\u0000dms-sim-json:TOKEN:`. */
const MARK_OPENING = JSON.stringify(PART_MARK).slice(0, -1);

/** The one mark found (reused: the caller reads it before the next search). */
const found = { start: 0, end: 0, part: 0 };

/** The next mark at or after `from` (what PART_MARKED matches: the opening, digits, a closing quote), or undefined. */
function nextMark(text: string, from: number): typeof found | undefined {
  for (let start = text.indexOf(MARK_OPENING, from); start >= 0; start = text.indexOf(MARK_OPENING, start + 1)) {
    let i = start + MARK_OPENING.length;
    let part = 0;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) part = part * 10 + text.charCodeAt(i++) - 48;
    if (i === start + MARK_OPENING.length || text.charCodeAt(i) !== 34) continue;
    found.start = start;
    found.end = i + 1;
    found.part = part;
    return found;
  }
  return undefined;
}

/** Whether text[from, to) is all ASCII (a byte a character in UTF-8). */
export function isAscii(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** The UTF-8 bytes of text[from, to): its length when it is all ASCII (most answers' text between parts). */
function byteLengthOf(text: string, from: number, to: number): number {
  return isAscii(text, from, to) ? to - from : Buffer.byteLength(text.slice(from, to), 'utf8');
}

/** Whether a kept part holds its text on the heap now (tests: a JSON-only part never does). */
export const keptTextHeld = (part: object): boolean => KEPT_TEXT.of(part)?.value.text !== undefined;

/** True when the text holds a kept part's mark (tests: an answer never shows one). */
export const holdsPartMark = (text: string): boolean => text.includes(PART_MARK_TEXT);
