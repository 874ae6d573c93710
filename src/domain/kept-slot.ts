/**
 * A slot that a kept, frozen answer object carries for what callers make from it once (the HTTP
 * layer: its body, that body's JSON text and bytes), under a non-enumerable symbol: JSON, copies,
 * XML, validation and equality see only the answer's data. The owner gives the slot before it
 * freezes the answer (`withKeptSlot`); a caller reads it with `keptSlotOf` (undefined: no slot).
 *
 * Not a WeakMap by answer: V8's young-generation collector keeps a WeakMap's values alive through
 * every scavenge until a full collection, so each answer made for one varied request (its body,
 * its records, its text) would be copied and promoted (measured on a 100,000-document world: half
 * of what a list page allocated survived its scavenge).
 */
const SLOT = Symbol('dms-sim kept slot');

export interface KeptSlot {
  value: unknown;
}

/** Gives `answer` (not yet frozen) its slot, empty; returns it. */
export function withKeptSlot<T extends object>(answer: T): T {
  Object.defineProperty(answer, SLOT, { value: { value: undefined } satisfies KeptSlot, enumerable: false });
  return answer;
}

/** The slot of an answer given one by `withKeptSlot`. */
export const keptSlotOf = (answer: object): KeptSlot | undefined => (answer as { [SLOT]?: KeptSlot })[SLOT];
