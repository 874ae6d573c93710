import { describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool';

describe('BufferPool', () => {
  it('takes a buffer of the size class, holds it until it is given back, and takes it again only for its class', () => {
    const pool = new BufferPool({ smallest: 64, largest: 1024, freeMax: 4096 });
    const a = pool.take(100)!;
    expect(a.byteLength).toBe(128);
    expect(pool.holds(a)).toBe(true);
    pool.giveBack(a);
    expect(pool.holds(a)).toBe(false);
    expect([pool.freeBuffers, pool.freeBytes]).toEqual([1, 128]);
    expect(pool.take(300)).not.toBe(a); // another class: new memory
    expect(pool.take(65)).toBe(a);
    expect([pool.freeBuffers, pool.freeBytes]).toEqual([0, 0]);
  });

  it('pools nothing over its largest class, and leaves alone what another pool or nobody lent', () => {
    const pool = new BufferPool({ smallest: 64, largest: 1024, freeMax: 4096 });
    const other = new BufferPool({ smallest: 64, largest: 1024, freeMax: 4096 });
    expect(pool.take(1025)).toBeUndefined();
    const theirs = other.take(64)!;
    expect(pool.holds(theirs)).toBe(false);
    pool.giveBack(theirs);
    pool.giveBack(new ArrayBuffer(64));
    expect(pool.freeBuffers).toBe(0);
    expect(other.holds(theirs)).toBe(true);
  });
});
