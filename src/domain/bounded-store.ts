/**
 * BoundedStore: a Map with a hard cap on its entries and an expiry time per entry, on the simulator
 * clock. Entries are kept in the order they were last set (or last used, with `touch`): setting past
 * the cap drops the first one (least recently used / oldest), and expired entries at the front are
 * dropped as new ones come in, so a store never holds more than `maxEntries` entries, whatever the
 * clients send (issue 18). An expired entry is never handed out, even before it is dropped.
 */
import type { Clock } from './clock';
import { UseOrderMap } from './use-order-map';

interface Slot<V> {
  value: V;
  /** Milliseconds on the simulator clock; the entry is gone from that instant. */
  expires: number;
}

export class BoundedStore<K, V> {
  private readonly slots = new UseOrderMap<K, Slot<V>>();

  constructor(private readonly clock: Clock, readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a whole number ≥ 1, not ${maxEntries}`);
  }

  get size(): number {
    return this.slots.size;
  }

  /** Stores `value` until `expires` (clock milliseconds), as the most recent entry. */
  set(key: K, value: V, expires: number): void {
    const slot = this.slots.get(key);
    if (slot) {
      slot.value = value;
      slot.expires = expires;
      this.slots.use(key);
    } else this.slots.set(key, { value, expires });
    this.prune();
    while (this.slots.size > this.maxEntries) this.slots.delete(this.slots.keys().next().value as K);
  }

  /** The value while it has not expired. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expires <= this.clock.now()) {
      this.slots.delete(key);
      return undefined;
    }
    return slot.value;
  }

  /** When the entry expires, while it has not. */
  expiresAt(key: K): number | undefined {
    return this.get(key) === undefined ? undefined : this.slots.get(key)!.expires;
  }

  /** Marks the entry as the most recently used (least likely to be dropped at the cap). */
  touch(key: K, expires?: number): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    if (expires !== undefined) slot.expires = expires;
    this.slots.use(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  delete(key: K): boolean {
    return this.slots.delete(key);
  }

  /** Drops the expired entries at the front (entries set with one time to live expire in that order). */
  prune(): void {
    const now = this.clock.now();
    for (const [key, slot] of this.slots) {
      if (slot.expires > now) break;
      this.slots.delete(key);
    }
  }
}
