/**
 * A Map in use order, least recently used first: `set` and `use` make an entry the most recent
 * (stores that drop their least recently used entries past a cap: sessions, bounded-store.ts).
 * The entry made most recent last stays in place when it is made so again (one client's calls in
 * a row): a Map entry deleted and set again on every call makes garbage and, now and then, a new
 * table.
 */
export class UseOrderMap<K, V> {
  private readonly map = new Map<K, V>();
  /** The key made most recent last: while the map holds it, its last entry. */
  private newest: K | undefined;

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Sets the value of `key`, as the most recent entry. */
  set(key: K, value: V): void {
    if (key !== this.newest) {
      this.map.delete(key);
      this.newest = key;
    }
    this.map.set(key, value);
  }

  /** Makes the entry of `key`, when there is one, the most recent. */
  use(key: K): void {
    if (key === this.newest || !this.map.has(key)) return;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    this.newest = key;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  /** The keys, least recently used first (entries may be deleted meanwhile, as a Map's). */
  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
