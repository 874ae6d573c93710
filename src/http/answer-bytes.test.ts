import { describe, expect, it } from 'vitest';
import { FREE_MAX, freeAnswerBytes, giveBackAnswerBytes, isLent, LENT_MAX, lendAnswerBytes } from './answer-bytes';

describe('lent answer bytes', () => {
  it('lends exactly the bytes asked for, in a buffer of their size class, and lends it again once given back', () => {
    const a = lendAnswerBytes(5000);
    expect(a.byteLength).toBe(5000);
    expect(a.buffer.byteLength).toBe(8192);
    expect(isLent(a)).toBe(true);
    const before = freeAnswerBytes();
    giveBackAnswerBytes(a);
    expect(isLent(a)).toBe(false);
    expect(freeAnswerBytes()).toBe(before + 8192);
    const b = lendAnswerBytes(8000);
    expect(b.buffer).toBe(a.buffer);
    expect(freeAnswerBytes()).toBe(before);
    giveBackAnswerBytes(b);
  });

  it('takes bytes back once, and leaves alone what it did not lend', () => {
    const a = lendAnswerBytes(20_000);
    const before = freeAnswerBytes();
    giveBackAnswerBytes(a);
    giveBackAnswerBytes(a);
    expect(freeAnswerBytes()).toBe(before + 32_768);
    giveBackAnswerBytes(Buffer.alloc(20_000));
    giveBackAnswerBytes('text');
    expect(freeAnswerBytes()).toBe(before + 32_768);
  });

  it('does not lend an answer over LENT_MAX, and keeps at most FREE_MAX bytes waiting', () => {
    const big = lendAnswerBytes(LENT_MAX + 1);
    expect(isLent(big)).toBe(false);
    expect(big.buffer.byteLength).toBe(LENT_MAX + 1);
    const many = Array.from({ length: FREE_MAX / LENT_MAX + 4 }, () => lendAnswerBytes(LENT_MAX));
    for (const m of many) giveBackAnswerBytes(m);
    expect(freeAnswerBytes()).toBeLessThanOrEqual(FREE_MAX);
    expect(freeAnswerBytes()).toBeGreaterThan(FREE_MAX - LENT_MAX);
  });
});
