/**
 * A slot that a kept object (frozen, or to be frozen once shared) carries for what callers make from it once, under a
 * non-enumerable symbol of its own kind: JSON, copies, XML, validation and equality see only the
 * object's data. Kinds in use: the body the HTTP layer builds from a kept answer (`ANSWER_BODY`,
 * given by the domain to its kept list, query, retrieve and version-list answers), the JSON bytes of a reusable
 * body (http/respond.ts) and a kept record's JSON text (json-text.ts). The owner gives the slot
 * before it freezes the object (`give`); a caller reads it with `of` (undefined: no slot).
 *
 * Not a WeakMap by object: V8's young-generation collector keeps a WeakMap's values alive through
 * every scavenge until a full collection, so each answer made for one varied request (its body,
 * its records, its text) would be copied and promoted (measured on a 100,000-document world: half
 * of what a list page allocated survived its scavenge).
 */
export interface KeptSlot<V> {
  value: V;
}

export interface SlotKind<V> {
  /** Gives `owner` (not yet frozen) its slot, holding `initial`; returns the owner. */
  give<T extends object>(owner: T, initial: V): T;
  /** The slot `give` gave the owner, or undefined. */
  of(owner: object): KeptSlot<V> | undefined;
}

/** A kind of kept slot, with a symbol of its own (two kinds never read each other's slot). */
export function slotKind<V>(description: string): SlotKind<V> {
  const key = Symbol(description);
  return {
    give(owner, initial) {
      Object.defineProperty(owner, key, { value: { value: initial } satisfies KeptSlot<V>, enumerable: false });
      return owner;
    },
    of: (owner) => (owner as { [key]?: KeptSlot<V> })[key],
  };
}

/** The body the HTTP layer builds from a kept domain answer (a list, query or retrieve answer). */
export const ANSWER_BODY = slotKind<object | undefined>('dms-sim body of a kept answer');

/** Gives a kept answer (not yet frozen) its empty body slot; returns it. */
export const withKeptSlot = <T extends object>(answer: T): T => ANSWER_BODY.give(answer, undefined);
