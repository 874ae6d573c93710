import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Doorkeeper } from './doorkeeper';

describe('Doorkeeper', () => {
  it('admits a key the second time it is asked for, and every time after while remembered', () => {
    const d = new Doorkeeper<string>(4);
    expect(d.admits('a')).toBe(false);
    expect(d.admits('a')).toBe(true);
    expect(d.admits('a')).toBe(true);
    expect(d.admits('b')).toBe(false);
    expect(d.size).toBe(2);
  });

  it('remembers the keys of the last window to two windows, then forgets them', () => {
    const d = new Doorkeeper<number>(3);
    d.admits(1); // newer {1}
    d.admits(2);
    d.admits(3); // newer full: it becomes the older {1,2,3}
    expect(d.size).toBe(3);
    for (const k of [4, 5]) expect(d.admits(k)).toBe(false); // newer {4,5}
    expect(d.admits(1)).toBe(true); // from the older; newer {4,5,1} full: older {4,5,1}, 2 and 3 forgotten
    expect(d.admits(2)).toBe(false);
    expect(d.admits(3)).toBe(false);
    expect(d.admits(4)).toBe(true);
  });

  it('never remembers more than two windows of keys, whatever is asked', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 200, size: 'max' }), (window, keys) => {
      const d = new Doorkeeper<number>(window);
      for (const k of keys) {
        d.admits(k);
        expect(d.size).toBeLessThanOrEqual(2 * window);
      }
    }));
  });

  it('admits a key asked for again within the window, as a plain list of the recent keys would tell', () => {
    // Model: a key is admitted when it is among the last `window` distinct keys asked for.
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 120, size: 'max' }), (window, keys) => {
      const d = new Doorkeeper<number>(window);
      const recent: number[] = [];
      for (const k of keys) {
        const admitted = d.admits(k);
        // Within the last `window` distinct keys: always admitted (the window is a lower bound of what it remembers).
        if (recent.slice(-window).includes(k)) expect(admitted).toBe(true);
        // Never asked for before: never admitted.
        if (!recent.includes(k)) expect(admitted).toBe(false);
        const at = recent.indexOf(k);
        if (at >= 0) recent.splice(at, 1);
        recent.push(k);
      }
    }));
  });

  it('refuses a window below one key', () => {
    expect(() => new Doorkeeper(0)).toThrow(/at least 1/);
  });
});
