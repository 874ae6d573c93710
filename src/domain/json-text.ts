/**
 * The JSON text of an answer: `JSON.stringify(value)`, with two additions that leave the text
 * exactly as JSON.stringify alone would write it for the same data:
 *
 * - a JsonInteger (json-integer.ts) is written as its exact digits (a JSON number);
 * - a part marked by `keepJsonText` (a kept document record, shown by many list pages, retrieves
 *   and versions while it is valid) is serialised once: its text is kept with it and written as
 *   it is by every later answer that holds it. Such a part must never change once marked: its
 *   owner freezes it at its root, and the cache door then treats it as frozen throughout.
 */
import { INTEGER_MARKED, integerMarks } from './json-integer';
import { slotKind } from './kept-slot';

/**
 * A kept part's text (made once) and whether it holds a JsonInteger's mark, in a kept slot of the
 * part itself (kept-slot.ts: not a WeakMap, whose values V8's scavenges keep alive).
 */
interface KeptText {
  text: string | undefined;
  integers: boolean;
}
const KEPT_TEXT = slotKind<KeptText>('dms-sim kept JSON text');
/** While jsonText runs: the texts of the kept parts met so far, in the order their marks were written. */
let met: string[] | undefined;
/** While jsonText runs: whether a kept part met holds a JsonInteger's mark. */
let metIntegers = false;

const PART_MARK = '\u0000dms-sim-json:';
const PART_MARKED = /"\\u0000dms-sim-json:(\d+)"/g;
const PART_MARK_TEXT = '\\u0000dms-sim-json:';

/**
 * Inside jsonText: the part's mark (its text kept, made once); elsewhere (another JSON.stringify,
 * or the part's own text being made): the part itself, which JSON.stringify then writes as a plain
 * object (a value toJSON gives is not asked for its toJSON again).
 */
function partJson(this: object): unknown {
  if (!met) return this;
  const kept = keptOf(this);
  if (kept.integers) metIntegers = true;
  met.push(kept.text);
  return `${PART_MARK}${met.length - 1}`;
}

/** A marked part's kept text, made now if it is not yet (its text is whole: a kept part inside it is written out, not marked). */
function keptOf(part: object): KeptText & { text: string } {
  const kept = KEPT_TEXT.of(part)!.value;
  if (kept.text !== undefined) return kept as KeptText & { text: string };
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
  Object.defineProperty(part, 'toJSON', { value: partJson, enumerable: false });
  return KEPT_TEXT.give(part, { text: undefined, integers: false });
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
export function keptJsonLength(part: object): number {
  return keptOf(part).text.length;
}

/** `JSON.stringify(value)`, with JsonIntegers as digits and kept parts' texts re-used. */
export function jsonText(value: unknown): string {
  const [outer, outerIntegers] = [met, metIntegers];
  met = [];
  metIntegers = false;
  const before = integerMarks.written;
  let text: string;
  let parts: string[];
  let integers: boolean;
  try {
    text = JSON.stringify(value);
  } finally {
    parts = met;
    integers = metIntegers || integerMarks.written !== before;
    [met, metIntegers] = [outer, outerIntegers];
  }
  if (parts.length > 0) text = text.replace(PART_MARKED, (_, i: string) => parts[Number(i)]);
  return integers ? text.replace(INTEGER_MARKED, '$1') : text;
}

/** True when the text holds a kept part's mark (tests: an answer never shows one). */
export const holdsPartMark = (text: string): boolean => text.includes(PART_MARK_TEXT);
