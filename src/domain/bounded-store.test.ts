/** BoundedStore against a plain model: an array of entries, least recently set or touched first. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedStore } from './bounded-store';
import { manualClock } from './clock';

type Op = { kind: 'set' | 'touch' | 'touchUntil' | 'get' | 'delete' | 'advance'; key: number; ms: number };
type Entry = { key: number; value: string; expires: number };

const CAP = 4;

describe('BoundedStore', () => {
  it('drops the least recently set or touched past its cap, the most recent key set again included', () => {
    const clock = manualClock();
    const store = new BoundedStore<string, number>(clock, 3);
    const until = clock.now() + 1_000;
    store.set('a', 1, until);
    store.set('b', 2, until);
    store.touch('a');
    store.set('b', 3, until); // b again: the most recent once more
    store.set('c', 4, until);
    store.set('d', 5, until);
    expect([store.has('a'), store.get('b'), store.get('c'), store.get('d')]).toEqual([false, 3, 4, 5]);
  });

  it('keeps what an ordered list keeps (expired entries too, until they reach the front or are read)', () => {
    const op = fc.record({
      kind: fc.constantFrom('set', 'set', 'set', 'touch', 'touch', 'touchUntil', 'get', 'delete', 'advance'),
      key: fc.integer({ min: 0, max: 5 }),
      ms: fc.integer({ min: 1, max: 30 }),
    }) as fc.Arbitrary<Op>;
    fc.assert(fc.property(fc.array(op, { minLength: 10, maxLength: 150, size: 'max' }), (ops) => {
      const clock = manualClock();
      const store = new BoundedStore<number, string>(clock, CAP);
      const model: Entry[] = []; // least recent first, expired ones included
      const live = (e: Entry) => e.expires > clock.now();
      const set = (key: number, value: string, expires: number) => {
        const at = model.findIndex((e) => e.key === key);
        if (at >= 0) model.splice(at, 1);
        model.push({ key, value, expires });
        while (model.length > 0 && !live(model[0])) model.shift();
        while (model.length > CAP) model.shift();
        store.set(key, value, expires);
      };
      /** A read: an expired entry is dropped wherever it is. */
      const read = (key: number) => {
        const at = model.findIndex((e) => e.key === key);
        const e = model[at];
        if (e && !live(e)) model.splice(at, 1);
        expect(store.get(key), `entry ${key}`).toBe(e && live(e) ? e.value : undefined);
      };
      ops.forEach(({ kind, key, ms }, step) => {
        const at = model.findIndex((e) => e.key === key);
        if (kind === 'set') set(key, `v${step}`, clock.now() + 10 * ms);
        else if (kind === 'touch' || kind === 'touchUntil') {
          if (at >= 0) {
            const [e] = model.splice(at, 1);
            model.push(kind === 'touch' ? e : { ...e, expires: clock.now() + ms });
          }
          store.touch(key, kind === 'touch' ? undefined : clock.now() + ms);
        } else if (kind === 'delete') {
          if (at >= 0) model.splice(at, 1);
          store.delete(key);
        } else if (kind === 'advance') clock.advance(ms);
        else read(key);
        expect(store.size).toBe(model.length);
      });
      // The order: new keys one by one push out the same entries as the model's, in the same order.
      for (let k = 0; k < CAP; k++) {
        set(100 + k, 'new', clock.now() + 1_000);
        for (let key = 0; key <= 5; key++) read(key);
        expect(store.size).toBe(model.length);
      }
    }), { numRuns: 300 });
  });
});
