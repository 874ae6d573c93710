/**
 * The one cache door of the domain: a bounded, least-recently-used cache of derived values
 * (whole answers, visible rows, file texts, thumbnails...), bounded by entries AND by estimated
 * bytes (`sizeOf`, one estimate per entry). Every cache a client can make grow goes through it,
 * behind domain methods only (handlers and the HTTP layer never hold one).
 *
 * Validity: a cache has one stamp, the parts its values are computed from (a store's revision,
 * the metadata view...), compared part by part with `===`. `answer` with another stamp forgets
 * every entry first, so a change frees the old values at once. A value may also carry its own
 * validity (`valid`), checked on each hit.
 *
 * Values are shared between callers: nobody may modify one (owners freeze them).
 */
import { isKeptPart, keptJsonLength } from '../json-text';
import { Doorkeeper } from './doorkeeper';

/** The parts a value depends on; equal when every part is `===`. */
export type Stamp = readonly unknown[];

/** The stamp of values that depend on nothing that changes (their key says it all). */
export const NO_STAMP: Stamp = Object.freeze([]);

export function sameStamp(a: Stamp, b: Stamp): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface CacheBounds<K, V> {
  /** At most this many entries (at least 1). */
  entries: number;
  /** At most this many estimated bytes in all (an entry estimated above it is never kept). */
  bytes: number;
  /** The estimated size of one entry, in bytes (read once, when it is kept). */
  sizeOf: (value: V, key: K) => number;
  /**
   * `second use`: `answer` keeps a computed value only when its key was asked for before (computed
   * or answered from the cache) within the last `entries` to 2 × `entries` distinct keys asked for
   * (doorkeeper.ts): a key must come back within about as many other keys as the cache holds.
   * Default: every computed value.
   */
  admit?: 'second use';
  /**
   * Once the cache is full (a new value would push another out), `answer` keeps one computed value
   * in this many: a cycle of keys over more than the cache holds then keeps hitting most of what it
   * holds, instead of each new value pushing out the one the cycle asks for next (least recently
   * used out is the worst order for a cycle). Default: every one.
   */
  admitWhenFull?: number;
  /**
   * A string key longer than this is never remembered nor kept: `answer` computes its value each
   * time. Keys are outside the byte bound (the cache's, and the doorkeeper's up to 2 × `entries`),
   * and V8 hashes a string of more than 16,383 characters by its length alone, so that a lookup
   * among many such keys compares them one by one. Default: no bound.
   */
  maxKeyLength?: number;
  /**
   * Called with each value the cache lets go of (pushed out, deleted, expired by a new stamp,
   * cleared, or replaced under its key by another value), once, after it is unlinked: for a value
   * that holds memory to give back (query/results.ts). Not called for a value `set` does not keep,
   * nor for a value no longer `valid` that `compute` hands back again (`answer`).
   */
  forgotten?: (value: V, key: K) => void;
}

export interface AnswerOptions<V> {
  /** Whether a computed value may be kept (e.g. not one that hands out a fresh id); default yes. */
  keep?: (value: V) => boolean;
  /** Whether a kept value still holds, beyond the stamp (e.g. it was built from the current record); default yes. */
  valid?: (value: V) => boolean;
}

/** A kept value, linked in recency order (`older` towards the least recently used). */
interface Entry<K, V> {
  readonly key: K;
  value: V;
  bytes: number;
  older: Entry<K, V> | undefined;
  newer: Entry<K, V> | undefined;
}

/**
 * Empties a dropped entry's value slot. A dropped entry may linger in the old generation (until the
 * next full collection) and V8's scavenges treat its slots as roots: a value it still pointed to
 * would be copied and promoted with everything it holds. Measured with a one-entry cache of
 * document records: 2.4 MB of dead records promoted per scavenge with the slot kept, 0.06–0.08 MB
 * emptied (as java.util.LinkedList empties an unlinked node, "to help GC").
 */
function forget<K, V>(e: Entry<K, V>): void {
  e.value = undefined as V;
}

export class BoundedCache<K, V> {
  private stamp: Stamp = NO_STAMP;
  private readonly entries = new Map<K, Entry<K, V>>();
  /**
   * Recency order as a doubly linked list, not the Map's insertion order: a Map re-inserting hits
   * and evicting its first key slows down as deleted slots pile up at its front (seen at 64k
   * entries: 11 µs a miss, against 1.5 µs at 4k). `oldest` goes first.
   */
  private oldest: Entry<K, V> | undefined;
  private newest: Entry<K, V> | undefined;
  private held = 0;
  /** With `admitWhenFull`: new values met while full (one in `admitWhenFull` kept). */
  private missesWhenFull = 0;
  /** With `admit: 'second use'`: the keys asked for lately (kept across stamps: a hint, not a value). */
  private readonly doorkeeper: Doorkeeper<K> | undefined;

  constructor(private readonly bounds: CacheBounds<K, V>) {
    if (!Number.isInteger(bounds.entries) || bounds.entries < 1) throw new Error(`a bounded cache needs room for at least 1 entry (got ${bounds.entries})`);
    if (!(bounds.bytes > 0)) throw new Error(`a bounded cache needs a byte bound above 0 (got ${bounds.bytes})`);
    this.doorkeeper = bounds.admit === 'second use' ? new Doorkeeper<K>(bounds.entries) : undefined;
  }

  /**
   * The value for `key` under `stamp`: the kept one (when `valid`), else `compute()`d and kept
   * when `keep` allows it, the doorkeeper admits it (`admit`) and it fits; a string key longer than
   * `maxKeyLength` is computed each time. A failing compute keeps nothing. `compute` must not change
   * what the stamp describes.
   */
  answer(key: K, stamp: Stamp, compute: () => V, opts: AnswerOptions<V> = {}): V {
    if (typeof key === 'string' && key.length > (this.bounds.maxKeyLength ?? Infinity)) return compute();
    this.restamp(stamp);
    const hit = this.entries.get(key);
    // Every ask is a use, hits included: a key in use is admitted again at once when its value must
    // be remade (no longer valid, or a new stamp).
    const admitted = this.doorkeeper === undefined || this.doorkeeper.admits(key) || hit !== undefined;
    if (hit !== undefined && (!opts.valid || opts.valid(hit.value))) {
      this.touch(hit);
      return hit.value;
    }
    // A value no longer valid is let go of, and reported once compute has not handed it back.
    const stale = hit?.value;
    if (hit !== undefined) this.forgetKey(key, stale);
    let value: V | undefined;
    try {
      value = compute();
    } finally {
      if (hit !== undefined && value !== stale) this.bounds.forgotten?.(stale as V, key);
    }
    if (value === undefined || !admitted || (opts.keep && !opts.keep(value))) return value;
    const bytes = this.bounds.sizeOf(value, key);
    if (this.admitsWhenFull(bytes)) this.set(key, value, bytes);
    return value;
  }

  /** With `admitWhenFull`: whether a new value of `bytes` is kept (always while it fits beside the others). */
  private admitsWhenFull(bytes: number): boolean {
    const every = this.bounds.admitWhenFull;
    if (every === undefined) return true;
    const full = this.entries.size >= this.bounds.entries || this.held + bytes > this.bounds.bytes;
    return !full || ++this.missesWhenFull % every === 0;
  }

  /** Forgets every entry when `stamp` differs from the cache's stamp, which it becomes. */
  restamp(stamp: Stamp): void {
    if (sameStamp(stamp, this.stamp)) return;
    this.clear();
    this.stamp = stamp;
  }

  /** The kept value, made the most recently used: a use as `answer` counts a hit (seen by the doorkeeper too). */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.doorkeeper?.admits(key);
    this.touch(hit);
    return hit.value;
  }

  /** The kept value, its recency unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Keeps `value` as the most recently used (replacing any value of `key`), then forgets the least
   * recently used until both bounds hold. Returns whether it is kept: one estimated above the
   * byte bound is not (and the key's previous value is gone). `bytes`: its size, when the caller has it.
   */
  set(key: K, value: V, bytes = this.bounds.sizeOf(value, key)): boolean {
    this.forgetKey(key, value);
    if (!(bytes <= this.bounds.bytes)) return false;
    const e: Entry<K, V> = { key, value, bytes, older: this.newest, newer: undefined };
    if (this.newest) this.newest.newer = e;
    else this.oldest = e;
    this.newest = e;
    this.entries.set(key, e);
    this.held += bytes;
    while ((this.entries.size > this.bounds.entries || this.held > this.bounds.bytes) && this.oldest) this.delete(this.oldest.key);
    return true;
  }

  /**
   * Reads a kept value's size again (it grew or shrank in place: sizeOf is read when a value is kept,
   * and a value patched since would be counted at its old size), its recency unchanged; then forgets
   * the least recently used until both bounds hold (the value itself too when it no longer fits).
   */
  remeasure(key: K): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    const bytes = this.bounds.sizeOf(e.value, key);
    this.held += bytes - e.bytes;
    e.bytes = bytes;
    if (!(bytes <= this.bounds.bytes)) this.delete(key);
    while (this.held > this.bounds.bytes && this.oldest) this.delete(this.oldest.key);
  }

  /** The kept entries, least recently used first, recency unchanged (a snapshot: the caller may delete or remeasure while reading). */
  kept(): [K, V][] {
    const out: [K, V][] = [];
    for (let e = this.oldest; e; e = e.newer) out.push([e.key, e.value]);
    return out;
  }

  delete(key: K): void {
    this.forgetKey(key);
  }

  /** Forgets `key`'s value; reports it to `forgotten` unless it is `kept` (set again at once under the same key). */
  private forgetKey(key: K, kept?: V): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.unlink(e);
    this.held -= e.bytes;
    const value = e.value;
    forget(e);
    if (this.bounds.forgotten !== undefined && value !== kept) this.bounds.forgotten(value, key);
  }

  /** Forgets least recently used entries while `drop` selects them (for values going stale in recency order). */
  pruneOldest(drop: (value: V, key: K) => boolean): void {
    while (this.oldest && drop(this.oldest.value, this.oldest.key)) this.delete(this.oldest.key);
  }

  clear(): void {
    const gone = this.bounds.forgotten !== undefined ? this.kept() : [];
    for (let e = this.oldest; e; ) {
      const next = e.newer;
      e.older = e.newer = undefined;
      forget(e);
      e = next;
    }
    this.entries.clear();
    this.oldest = this.newest = undefined;
    this.held = 0;
    for (const [key, value] of gone) this.bounds.forgotten!(value, key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated bytes of every entry kept. */
  get bytes(): number {
    return this.held;
  }

  private touch(e: Entry<K, V>): void {
    if (e === this.newest) return;
    this.unlink(e);
    e.older = this.newest;
    e.newer = undefined;
    this.newest!.newer = e;
    this.newest = e;
  }

  private unlink(e: Entry<K, V>): void {
    if (e.older) e.older.newer = e.newer;
    else this.oldest = e.newer;
    if (e.newer) e.newer.older = e.older;
    else this.newest = e.older;
    e.older = e.newer = undefined;
  }
}

// ---- size estimates ---------------------------------------------------------------------------

/** Bytes of a reference held in an array or an object slot. */
export const SLOT_BYTES = 8;

/**
 * JSON trees frozen throughout by `deepFreeze` (the roots it was given), with their jsonSize once
 * asked (undefined until then): such a tree never changes, so a later deepFreeze of a tree holding
 * it stops there (a kept record inside each list page that shows it), and its size is computed once.
 */
const frozenTrees = new WeakMap<object, number | undefined>();

/**
 * The approximate length of `JSON.stringify(value)` (one byte a character), without building it:
 * what a kept answer's encoded bytes cost, and roughly what its objects do. Typed arrays count
 * their bytes; cycles are not expected (answers are JSON trees). A tree frozen by `deepFreeze` is
 * measured once.
 */
export function jsonSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      if (ArrayBuffer.isView(value)) return value.byteLength;
      // Only a frozen part may be a kept part (frozen at its root) or a tree frozen before.
      const frozen = Object.isFrozen(value);
      if (frozen && isKeptPart(value)) return keptJsonLength(value);
      const known = frozen ? frozenTrees.get(value) : undefined;
      if (known !== undefined) return known;
      let n = 2;
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) n += jsonSize(value[i]) + 1;
      else {
        const keys = Object.keys(value);
        for (let i = 0; i < keys.length; i++) n += keys[i].length + 4 + jsonSize((value as Record<string, unknown>)[keys[i]]);
      }
      if (frozen && frozenTrees.has(value)) frozenTrees.set(value, n);
      return n;
    }
    default:
      return 0;
  }
}

/**
 * Freezes a JSON tree throughout (a part frozen shallowly may hold mutable children); returns it.
 * A tree this function froze before (a root it was given) is not walked again.
 */
export function deepFreeze<T>(value: T): T {
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || (Object.isFrozen(value) && (isKeptPart(value) || frozenTrees.has(value)))) return value;
  freezeParts(value);
  frozenTrees.set(value, undefined);
  return value;
}

function freezeParts(value: object): void {
  Object.freeze(value);
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    // Only a part already frozen may be a kept part (a record in a page: it never changes) or a tree frozen before.
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !(Object.isFrozen(v) && (isKeptPart(v) || frozenTrees.has(v)))) freezeParts(v);
  }
}
