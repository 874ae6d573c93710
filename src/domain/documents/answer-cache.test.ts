import { describe, expect, it } from 'vitest';
import { AnswerCache, sameStamp } from './answer-cache';

describe('sameStamp', () => {
  it('compares part by part with ===', () => {
    const view = {};
    expect(sameStamp([1, view], [1, view])).toBe(true);
    expect(sameStamp([1, view], [1, {}])).toBe(false);
    expect(sameStamp([1, view], [2, view])).toBe(false);
    expect(sameStamp([1], [1, undefined])).toBe(false);
    expect(sameStamp([], [])).toBe(true);
  });
});

describe('AnswerCache', () => {
  const counting = () => {
    let calls = 0;
    return { compute: (v: string) => () => ({ v, n: ++calls }), calls: () => calls };
  };

  it('answers the kept value for the same key and stamp, computing once', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(4);
    const c = counting();
    const first = cache.answer('a', [1], c.compute('a'));
    expect(cache.answer('a', [1], c.compute('a'))).toBe(first);
    expect(c.calls()).toBe(1);
    expect(cache.answer('b', [1], c.compute('b'))).toEqual({ v: 'b', n: 2 });
    expect(cache.size).toBe(2);
  });

  it('forgets every answer when the stamp changes', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(4);
    const c = counting();
    const a1 = cache.answer('a', [1], c.compute('a'));
    cache.answer('b', [1], c.compute('b'));
    const a2 = cache.answer('a', [2], c.compute('a'));
    expect(a2).not.toBe(a1);
    expect(a2).toEqual({ v: 'a', n: 3 });
    expect(cache.size).toBe(1);
    // back to the old stamp: nothing of it is kept either
    expect(cache.answer('a', [1], c.compute('a'))).toEqual({ v: 'a', n: 4 });
  });

  it('keeps at most `capacity` answers, the least recently used out first', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(2);
    const c = counting();
    const a = cache.answer('a', [0], c.compute('a'));
    cache.answer('b', [0], c.compute('b'));
    expect(cache.answer('a', [0], c.compute('a'))).toBe(a); // a is now the most recent
    cache.answer('c', [0], c.compute('c')); // b goes
    expect(cache.size).toBe(2);
    expect(cache.answer('a', [0], c.compute('a'))).toBe(a);
    expect(cache.answer('b', [0], c.compute('b'))).toEqual({ v: 'b', n: 4 });
  });

  it('repeated hits of the most recent answer keep the order: the least recently used still goes first', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(2);
    const c = counting();
    cache.answer('a', [0], c.compute('a'));
    const b = cache.answer('b', [0], c.compute('b'));
    for (let i = 0; i < 3; i++) expect(cache.answer('b', [0], c.compute('b'))).toBe(b);
    cache.answer('c', [0], c.compute('c')); // a goes
    expect(cache.answer('b', [0], c.compute('b'))).toBe(b);
    expect(cache.answer('a', [0], c.compute('a'))).toEqual({ v: 'a', n: 4 }); // computed again; c goes
    expect(cache.answer('b', [0], c.compute('b'))).toBe(b);
    expect(c.calls()).toBe(4);
  });

  it('keeps nothing when compute throws or `keep` refuses', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(2);
    expect(() => cache.answer('x', [0], () => {
      throw new Error('bad request');
    })).toThrow('bad request');
    expect(cache.size).toBe(0);
    const c = counting();
    const fresh = cache.answer('y', [0], c.compute('y'), { keep: () => false });
    expect(cache.answer('y', [0], c.compute('y'), { keep: () => false })).not.toBe(fresh);
    expect(c.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('computes again when a kept answer is no longer `valid`, and keeps the new one', () => {
    const cache = new AnswerCache<{ v: string; n: number }>(2);
    const c = counting();
    let current = 1;
    const valid = (a: { n: number }) => a.n === current;
    const first = cache.answer('a', [0], c.compute('a'), { valid });
    expect(cache.answer('a', [0], c.compute('a'), { valid })).toBe(first);
    current = 2;
    const second = cache.answer('a', [0], c.compute('a'), { valid });
    expect(second).toEqual({ v: 'a', n: 2 });
    expect(cache.answer('a', [0], c.compute('a'), { valid })).toBe(second);
    expect(cache.size).toBe(1);
    // an invalid answer whose recomputation fails is not kept either
    current = 3;
    expect(() => cache.answer('a', [0], () => {
      throw new Error('gone');
    }, { valid })).toThrow('gone');
    expect(cache.size).toBe(0);
  });

  it('refuses a capacity below 1', () => {
    expect(() => new AnswerCache(0)).toThrow(/capacity/);
  });
});
