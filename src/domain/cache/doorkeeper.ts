/**
 * The doorkeeper of a cache (the admission idea of TinyLFU, as Caffeine uses it): a value is kept
 * only from the second time its key is asked for within a recent window of keys. A key asked for
 * once (a random page of a 100,000-document world, a varied request) is computed and left to die
 * young instead of being kept, and pushed out again soon, after living long enough for V8 to copy
 * and promote it with everything it holds (measured on that world under `npm start`'s Node options:
 * a records and list-answer cache that kept every first answer made the garbage collector cost
 * ~700 µs a list request). A repeated request is kept from its second time on. Its owner asks it
 * on every use of a key, hits included, so a key in use stays remembered.
 *
 * The window is two generations of keys (a Set each): when the newer holds `window` keys it
 * becomes the older one and the oldest is forgotten, so at most 2 × window keys are remembered.
 */
export class Doorkeeper<K> {
  private newer = new Set<K>();
  private older = new Set<K>();

  constructor(private readonly window: number) {
    if (!Number.isInteger(window) || window < 1) throw new Error(`a doorkeeper needs a window of at least 1 key (got ${window})`);
  }

  /** Whether `key` was asked for within the window before; remembers that it is asked for now. */
  admits(key: K): boolean {
    if (this.newer.has(key)) return true;
    if (this.older.has(key)) {
      this.remember(key);
      return true;
    }
    this.remember(key);
    return false;
  }

  /** How many keys it remembers now (tests). */
  get size(): number {
    return this.newer.size + this.older.size;
  }

  private remember(key: K): void {
    this.newer.add(key);
    if (this.newer.size >= this.window) {
      this.older = this.newer;
      this.newer = new Set();
    }
  }
}
