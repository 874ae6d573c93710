/** BoundedStore against a plain model: an array of entries, least recently set or touched first. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedStore } from './bounded-store';
import { manualClock } from './clock';

type Op = { kind: 'set' | 'touch' | 'touchUntil' | 'get' | 'delete' | 'advance'; key: number; ms: number };

describe('BoundedStore', () => {
  it('keeps what an ordered list keeps, through sets of the same key in a row, touches, deletes and expiry', () => {
    const op = fc.record({
      kind: fc.constantFrom('set', 'set', 'set', 'touch', 'touch', 'touchUntil', 'get', 'delete', 'advance'),
      key: fc.integer({ min: 0, max: 5 }),
      ms: fc.integer({ min: 1, max: 30 }),
    }) as fc.Arbitrary<Op>;
    fc.assert(fc.property(fc.array(op, { maxLength: 150 }), (ops) => {
      const clock = manualClock();
      const store = new BoundedStore<number, string>(clock, 4);
      let model: Array<{ key: number; value: string; expires: number }> = []; // least recent first
      const live = (e: { expires: number }) => e.expires > clock.now();
      ops.forEach(({ kind, key, ms }, step) => {
        const at = model.findIndex((e) => e.key === key);
        if (kind === 'set') {
          if (at >= 0) model.splice(at, 1);
          model.push({ key, value: `v${step}`, expires: clock.now() + 10 * ms });
          while (model.length > 0 && !live(model[0])) model.shift();
          while (model.length > 4) model.shift();
          store.set(key, `v${step}`, clock.now() + 10 * ms);
        } else if (kind === 'touch' || kind === 'touchUntil') {
          if (at >= 0) {
            const [e] = model.splice(at, 1);
            model.push(kind === 'touch' ? e : { ...e, expires: clock.now() + ms });
          }
          store.touch(key, kind === 'touch' ? undefined : clock.now() + ms);
        } else if (kind === 'delete') {
          if (at >= 0) model.splice(at, 1);
          store.delete(key);
        } else if (kind === 'advance') clock.advance(ms);
        else {
          const e = model[at];
          expect(store.get(key)).toBe(e && live(e) ? e.value : undefined);
          if (e && !live(e)) model.splice(at, 1);
        }
        for (const e of model) expect(store.expiresAt(e.key), `entry ${e.key}`).toBe(live(e) ? e.expires : undefined);
        model = model.filter(live);
        expect(store.size).toBeLessThanOrEqual(4);
      });
      // The order: each new key past the cap drops the model's least recent live entry first.
      const order = model.filter(live).map((e) => e.key);
      for (let k = 0; k < order.length; k++) {
        for (let n = store.size; n < 4; n++) store.set(100 + k * 10 + n, 'filler', clock.now() + 1_000);
        store.set(200 + k, 'new', clock.now() + 1_000);
        expect(store.has(order[k]), `entry ${order[k]} goes as number ${k + 1}`).toBe(false);
        for (const later of order.slice(k + 1)) expect(store.has(later)).toBe(true);
      }
    }), { numRuns: 300 });
  });
});
