import { describe, expect, it } from 'vitest';
import { BODY_MAX } from './journal-body';
import { ownBounded } from './journal-stage';

describe('ownBounded (a request body as the journal keeps it)', () => {
  it('copies a body read into part of a larger buffer (Node’s pool), so that the journal holds its bytes only', () => {
    const pool = Buffer.allocUnsafe(8192).fill(7);
    const body = pool.subarray(100, 120).fill(1);
    const kept = ownBounded(body);
    expect(kept.size).toBe(20);
    expect(kept.bytes!.buffer.byteLength).toBe(20);
    expect(Buffer.from(kept.bytes!).equals(Buffer.alloc(20, 1))).toBe(true);
    pool.fill(9); // the pool's memory reused: the journal's copy stays as read
    expect(Buffer.from(kept.bytes!).equals(Buffer.alloc(20, 1))).toBe(true);
  });

  it('keeps a body that owns its buffer exactly as it is (no copy)', () => {
    const body = new Uint8Array(5000).fill(3);
    expect(ownBounded(body).bytes).toBe(body);
  });

  it('keeps at most BODY_MAX bytes of a long body, in a buffer of that size', () => {
    const body = Buffer.allocUnsafeSlow(BODY_MAX + 10).fill(4);
    const kept = ownBounded(body);
    expect(kept.size).toBe(BODY_MAX + 10);
    expect(kept.bytes!.byteLength).toBe(BODY_MAX);
    expect(kept.bytes!.buffer.byteLength).toBe(BODY_MAX);
  });

  it('keeps nothing of no body', () => {
    expect(ownBounded(undefined)).toEqual({ size: 0 });
  });
});
