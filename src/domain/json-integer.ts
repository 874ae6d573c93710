/**
 * An integer a JSON answer must carry exactly although a JS number cannot hold it (beyond ±2^53):
 * the `id` field's `maxValue` 9223372036854775807, which the real service sends as a JSON number
 * (issue 15, docs/decisions.md "Real-client fidelity"). JSON.stringify writes it, through toJSON,
 * as a marked string that `jsonText` (json-text.ts) turns back into the bare digits; XML writes its digits
 * (`String(value)`). It has no enumerable members, so a freeze or a copy of a body leaves it whole.
 */
import { randomBytes } from 'node:crypto';

/** A token of this process in every mark (here and json-text.ts): no string of an answer's data can pass for a mark. */
export const MARK_TOKEN = randomBytes(6).toString('hex');
const MARK = `\u0000dms-sim-integer:${MARK_TOKEN}:`;
/** The mark as JSON.stringify writes it (U+0000 is always escaped as `\u0000`): jsonText (json-text.ts) writes its digits. */
export const INTEGER_MARKED = new RegExp(`"\\\\u0000dms-sim-integer:${MARK_TOKEN}:(-?\\d+)"`, 'g');
/** How many marks JSON.stringify has written: jsonText looks for marks only in a text that got one. */
export const integerMarks = { written: 0 };

export class JsonInteger {
  readonly #value: bigint;

  constructor(value: bigint) {
    this.#value = value;
  }

  get value(): bigint {
    return this.#value;
  }

  toJSON(): string {
    integerMarks.written++;
    return `${MARK}${this.#value}`;
  }

  toString(): string {
    return this.#value.toString();
  }

  /** The nearest JS number (for comparisons). */
  valueOf(): number {
    return Number(this.#value);
  }
}

/** A JSON-safe number when it is one, else a JsonInteger. */
export const jsonInteger = (v: bigint): number | JsonInteger => (Number.isSafeInteger(Number(v)) ? Number(v) : new JsonInteger(v));
