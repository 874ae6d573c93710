import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepJsonText } from '../json-text';
import { BoundedCache, deepFreeze, jsonSize, NO_STAMP, sameStamp } from './index';

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

type V = { v: string; n: number };
/** A cache of `entries` entries and `bytes` bytes; each value weighs `weigh(value)` bytes (default 1). */
const cacheOf = (entries: number, bytes = 1e9, weigh: (x: V) => number = () => 1) => new BoundedCache<string, V>({ entries, bytes, sizeOf: weigh });

describe('BoundedCache: answers under a stamp (was AnswerCache)', () => {
  const counting = () => {
    let calls = 0;
    return { compute: (v: string) => () => ({ v, n: ++calls }), calls: () => calls };
  };

  it('answers the kept value for the same key and stamp, computing once', () => {
    const cache = cacheOf(4);
    const c = counting();
    const first = cache.answer('a', [1], c.compute('a'));
    expect(cache.answer('a', [1], c.compute('a'))).toBe(first);
    expect(c.calls()).toBe(1);
    expect(cache.answer('b', [1], c.compute('b'))).toEqual({ v: 'b', n: 2 });
    expect(cache.size).toBe(2);
  });

  it('forgets every answer when the stamp changes', () => {
    const cache = cacheOf(4);
    const c = counting();
    const a1 = cache.answer('a', [1], c.compute('a'));
    cache.answer('b', [1], c.compute('b'));
    const a2 = cache.answer('a', [2], c.compute('a'));
    expect(a2).not.toBe(a1);
    expect(a2).toEqual({ v: 'a', n: 3 });
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(1);
    // back to the old stamp: nothing of it is kept either
    expect(cache.answer('a', [1], c.compute('a'))).toEqual({ v: 'a', n: 4 });
  });

  it('keeps at most `entries` answers, the least recently used out first', () => {
    const cache = cacheOf(2);
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
    const cache = cacheOf(2);
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

  it("with admit 'second use', keeps a value only from the second time its key is computed within the window", () => {
    const cache = new BoundedCache<string, V>({ entries: 2, bytes: 1e9, sizeOf: () => 1, admit: 'second use' });
    const c = counting();
    const once = cache.answer('a', [1], c.compute('a'));
    expect(cache.size).toBe(0);
    const kept = cache.answer('a', [1], c.compute('a'));
    expect(kept).not.toBe(once);
    expect(cache.answer('a', [1], c.compute('a'))).toBe(kept);
    expect(c.calls()).toBe(2);
    // A key asked for again only after more other keys than the cache holds (2 to 4 here) is not kept.
    for (const k of ['b', 'c', 'd', 'e', 'f']) cache.answer(k, [1], c.compute(k));
    cache.answer('b', [1], c.compute('b'));
    expect(cache.peek('b')).toBeUndefined();
    // set() keeps whatever it is given.
    cache.set('z', { v: 'z', n: 0 });
    expect(cache.peek('z')).toEqual({ v: 'z', n: 0 });
  });

  it("with admit 'second use', keeps a key in use again at once when its value must be remade", () => {
    const cache = new BoundedCache<string, V>({ entries: 2, bytes: 1e9, sizeOf: () => 1, admit: 'second use' });
    const c = counting();
    cache.answer('hot', [1], c.compute('hot'));
    cache.answer('hot', [1], c.compute('hot')); // kept
    // Many one-off keys pass while 'hot' is answered from the cache between them: it stays remembered.
    for (let i = 0; i < 20; i++) {
      cache.answer(`once${i}`, [1], c.compute(`once${i}`));
      expect(cache.answer('hot', [1], c.compute('hot')).v).toBe('hot');
    }
    // A new stamp forgets every value: 'hot' is remade once and kept at once.
    const remade = cache.answer('hot', [2], c.compute('hot'));
    expect(cache.answer('hot', [2], c.compute('hot'))).toBe(remade);
    expect(cache.answer('hot', [2], c.compute('hot'), { valid: () => true })).toBe(remade);
    // No longer valid: remade once and kept at once.
    const again = cache.answer('hot', [2], c.compute('hot'), { valid: (v) => v !== remade });
    expect(again).not.toBe(remade);
    expect(cache.answer('hot', [2], c.compute('hot'), { valid: (v) => v !== remade })).toBe(again);
    // Kept, then forgotten by the doorkeeper while nobody asked for it (the one-off keys are never
    // kept: it stays in the cache): remade when no longer valid, and kept at once as a key in use.
    for (let i = 0; i < 10; i++) cache.answer(`later${i}`, [2], c.compute(`later${i}`));
    expect(cache.peek('hot')).toBe(again);
    const fresh = cache.answer('hot', [2], c.compute('hot'), { valid: (v) => v !== again });
    expect(fresh).not.toBe(again);
    expect(cache.peek('hot')).toBe(fresh);
  });

  it('`get` counts a hit as `answer` counts one: most recently used, and remembered by the doorkeeper', () => {
    const cache = new BoundedCache<string, V>({ entries: 2, bytes: 1e9, sizeOf: () => 1, admit: 'second use' });
    const c = counting();
    cache.answer('hot', [1], c.compute('hot'));
    const hot = cache.answer('hot', [1], c.compute('hot')); // kept
    cache.answer('b', [1], c.compute('b'));
    cache.answer('b', [1], c.compute('b')); // kept: 'hot' is now the least recently used
    expect(cache.get('hot')).toBe(hot); // now the most recent: 'b' goes first
    cache.answer('c', [1], c.compute('c'));
    cache.answer('c', [1], c.compute('c'));
    expect([cache.peek('hot'), cache.peek('b')]).toEqual([hot, undefined]);
    // Many one-off keys pass while 'hot' is used between them: it stays remembered, so when a new
    // stamp forgets every value, it is kept at once (forgotten, it would be kept only the second time).
    for (let i = 0; i < 20; i++) {
      cache.answer(`once${i}`, [1], c.compute(`once${i}`));
      expect(cache.get('hot')).toBe(hot);
    }
    const remade = cache.answer('hot', [2], c.compute('hot'));
    expect(cache.peek('hot')).toBe(remade);
    expect(cache.get('absent')).toBeUndefined(); // a key not kept: nothing happens
    expect(cache.peek('absent')).toBeUndefined();
  });

  it('with admitWhenFull, keeps every value while there is room, then one new value in that many: a cycle bigger than the cache keeps hitting', () => {
    const pass = (cache: BoundedCache<number, number>) => {
      let hits = 0;
      for (let k = 0; k < 30; k++) cache.answer(k, NO_STAMP, () => { hits--; return k; });
      return 30 + hits;
    };
    const lru = new BoundedCache<number, number>({ entries: 20, bytes: 1e6, sizeOf: () => 1 });
    const sampled = new BoundedCache<number, number>({ entries: 20, bytes: 1e6, sizeOf: () => 1, admitWhenFull: 8 });
    expect([pass(lru), pass(lru), pass(lru)]).toEqual([0, 0, 0]);
    expect(pass(sampled)).toBe(0);
    for (let i = 0; i < 4; i++) expect(pass(sampled)).toBeGreaterThanOrEqual(15);
    expect(sampled.size).toBe(20);
    // By bytes too: room for 10 values of 10 bytes; the 11th and on are kept one in eight.
    const bytes = new BoundedCache<number, number>({ entries: 100, bytes: 100, sizeOf: () => 10, admitWhenFull: 8 });
    for (let k = 0; k < 18; k++) bytes.answer(k, NO_STAMP, () => k);
    expect(bytes.size).toBe(10);
    expect(bytes.peek(17)).toBe(17); // the eighth met while full
    expect(bytes.peek(16)).toBeUndefined();
  });

  it('with maxKeyLength, computes the value of a longer string key each time, neither remembered nor kept', () => {
    const cache = new BoundedCache<string, number>({ entries: 4, bytes: 1e6, sizeOf: () => 1, admit: 'second use', maxKeyLength: 5 });
    let computed = 0;
    const ask = (key: string) => cache.answer(key, NO_STAMP, () => ++computed);
    expect([ask('abcdef'), ask('abcdef'), ask('abcdef')]).toEqual([1, 2, 3]);
    expect(cache.size).toBe(0);
    expect(cache.peek('abcdef')).toBeUndefined();
    // A key of the bound's length is remembered, then kept from its second use.
    expect([ask('abcde'), ask('abcde'), ask('abcde')]).toEqual([4, 5, 5]);
    expect(cache.size).toBe(1);
  });

  it('empties the value slot of every entry it drops (a dropped entry left in the old generation must not hold its value)', () => {
    type Slot = { value: unknown };
    const cache = cacheOf(1);
    cache.set('a', { v: 'a', n: 1 });
    const slotOf = (key: string) => (cache as unknown as { entries: Map<string, Slot> }).entries.get(key)!;
    const a = slotOf('a');
    cache.set('b', { v: 'b', n: 2 }); // a goes out
    expect(a.value).toBeUndefined();
    const b = slotOf('b');
    cache.delete('b');
    expect(b.value).toBeUndefined();
    cache.set('c', { v: 'c', n: 3 });
    const c = slotOf('c');
    cache.restamp([9]); // a new stamp forgets everything
    expect(c.value).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when compute throws or `keep` refuses', () => {
    const cache = cacheOf(2);
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
    const cache = cacheOf(2);
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
    expect(cache.bytes).toBe(0);
  });

  it('refuses bounds below one entry or at most zero bytes', () => {
    expect(() => cacheOf(0)).toThrow(/at least 1 entry/);
    expect(() => cacheOf(1, 0)).toThrow(/byte bound/);
    expect(() => cacheOf(1, NaN)).toThrow(/byte bound/);
  });
});

describe('BoundedCache: the byte bound', () => {
  const value = (v: string, n: number): V => ({ v, n });
  const weighN = (x: V) => x.n;

  it('forgets the least recently used until the estimated bytes fit, whatever the entry count', () => {
    const cache = cacheOf(100, 10, weighN);
    cache.set('a', value('a', 4));
    cache.set('b', value('b', 4));
    expect(cache.bytes).toBe(8);
    expect(cache.get('a')?.v).toBe('a'); // b is now the least recent
    cache.set('c', value('c', 3)); // 11 > 10: b goes
    expect([cache.peek('a')?.v, cache.peek('b'), cache.peek('c')?.v]).toEqual(['a', undefined, 'c']);
    expect([cache.size, cache.bytes]).toEqual([2, 7]);
    cache.set('d', value('d', 10)); // takes the whole budget: a and c go
    expect([cache.size, cache.bytes, cache.peek('d')?.v]).toEqual([1, 10, 'd']);
  });

  it('never keeps an entry estimated above the whole bound (and forgets what its key held)', () => {
    const cache = cacheOf(4, 10, weighN);
    cache.set('a', value('a', 2));
    cache.set('b', value('b', 2));
    expect(cache.set('a', value('a', 11))).toBe(false);
    expect([cache.peek('a'), cache.peek('b')?.v, cache.size, cache.bytes]).toEqual([undefined, 'b', 1, 2]);
    let calls = 0;
    const big = () => value('big', 50 + ++calls);
    expect(cache.answer('big', [], big).n).toBe(51);
    expect(cache.answer('big', [], big).n).toBe(52); // computed each time, nothing pushed out
    expect([cache.peek('b')?.v, cache.size, cache.bytes]).toEqual(['b', 1, 2]);
  });

  it('counts a replaced value once, with its new size', () => {
    const cache = cacheOf(4, 10, weighN);
    cache.set('a', value('a', 3));
    cache.set('a', value('a', 5));
    expect([cache.size, cache.bytes, cache.peek('a')?.n]).toEqual([1, 5, 5]);
  });

  it('remeasure reads a value grown in place again, recency unchanged, and forgets the least recently used to fit', () => {
    const sizes = new Map<string, number>([['a', 3], ['b', 3], ['c', 3]]);
    const cache = new BoundedCache<string, string>({ entries: 4, bytes: 10, sizeOf: (_v, k) => sizes.get(k)! });
    for (const k of ['a', 'b', 'c']) cache.set(k, k);
    expect(cache.bytes).toBe(9);
    sizes.set('c', 6); // c grew in place: counted at its first size until remeasured
    expect(cache.bytes).toBe(9);
    cache.remeasure('c');
    // 3 + 3 + 6 > 10: the least recently used (a) goes; c keeps its place (the newest)
    expect(cache.kept()).toEqual([['b', 'b'], ['c', 'c']]);
    expect(cache.bytes).toBe(9);
    sizes.set('b', 11); // above the whole bound: forgotten
    cache.remeasure('b');
    expect([cache.kept(), cache.bytes]).toEqual([[['c', 'c']], 6]);
    cache.remeasure('gone');
    expect(cache.bytes).toBe(6);
  });

  it('reads sizeOf once per kept value, with its key', () => {
    const seen: string[] = [];
    const cache = new BoundedCache<string, number>({ entries: 4, bytes: 100, sizeOf: (v, k) => (seen.push(`${k}=${v}`), v) });
    cache.answer('x', [], () => 7);
    cache.answer('x', [], () => 8);
    cache.get('x');
    expect(seen).toEqual(['x=7']);
    expect(cache.bytes).toBe(7);
  });
});

describe('BoundedCache: get, peek, delete, prune, pruneOldest', () => {
  it('get makes an entry the most recent; peek does not', () => {
    const cache = cacheOf(2);
    cache.set('a', { v: 'a', n: 1 });
    cache.set('b', { v: 'b', n: 1 });
    cache.peek('a'); // a stays the least recent
    cache.set('c', { v: 'c', n: 1 });
    expect(cache.peek('a')).toBeUndefined();
    cache.get('b'); // c is now the least recent
    cache.set('d', { v: 'd', n: 1 });
    expect([cache.peek('b')?.v, cache.peek('c'), cache.peek('d')?.v]).toEqual(['b', undefined, 'd']);
  });

  it('delete and pruneOldest forget entries and their bytes; keys may be objects', () => {
    const k1 = {};
    const k2 = {};
    const cache = new BoundedCache<object, string>({ entries: 4, bytes: 100, sizeOf: (s) => s.length });
    cache.set(k1, 'one');
    cache.set(k2, 'three');
    expect(cache.peek({})).toBeUndefined();
    cache.get(k1); // k2 is the least recent
    cache.pruneOldest((v) => v === 'three');
    expect([cache.size, cache.bytes, cache.peek(k1)]).toEqual([1, 3, 'one']);
    cache.delete(k1);
    cache.delete(k1);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('pruneOldest forgets from the least recent end while selected, and stops at the first entry kept', () => {
    const cache = new BoundedCache<string, number>({ entries: 5, bytes: 100, sizeOf: (n) => n });
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 9], ['d', 1]] as const) cache.set(k, v);
    const asked: string[] = [];
    cache.pruneOldest((v, k) => (asked.push(k), v < 5));
    expect(asked).toEqual(['a', 'b', 'c']);
    expect([cache.size, cache.bytes, cache.peek('c'), cache.peek('d')]).toEqual([2, 10, 9, 1]);
  });
});

describe('BoundedCache: forgotten', () => {
  it('reports each value it lets go of once: pushed out, deleted, pruned, expired by a stamp, cleared, replaced; not one set again, nor one never kept', () => {
    const gone: string[] = [];
    const cache = new BoundedCache<string, V>({ entries: 2, bytes: 10, sizeOf: (x) => x.n, forgotten: (x, k) => gone.push(`${k}=${x.v}`) });
    const v = (s: string, n = 1): V => ({ v: s, n });
    cache.set('a', v('a1'));
    cache.set('b', v('b1'));
    cache.set('c', v('c1')); // a pushed out (entries)
    expect(gone).toEqual(['a=a1']);
    cache.set('d', v('d1', 10)); // b pushed out (entries), then c (bytes)
    expect(gone).toEqual(['a=a1', 'b=b1', 'c=c1']);
    const d = cache.peek('d')!;
    cache.set('d', d); // the same value again: still held by the cache
    cache.set('d', v('d2', 2)); // replaced
    expect(gone).toEqual(['a=a1', 'b=b1', 'c=c1', 'd=d1']);
    expect(cache.set('e', v('e1', 11))).toBe(false); // never kept: not reported
    cache.set('f', v('f1'));
    cache.delete('d');
    cache.delete('d');
    cache.pruneOldest(() => true);
    expect(gone).toEqual(['a=a1', 'b=b1', 'c=c1', 'd=d1', 'd=d2', 'f=f1']);
    cache.answer('g', [1], () => v('g1'));
    cache.answer('h', [1], () => v('h1'));
    cache.answer('i', [2], () => v('i1')); // a new stamp: g and h go
    cache.clear();
    expect(gone.slice(6)).toEqual(['g=g1', 'h=h1', 'i=i1']);
    expect(cache.size).toBe(0);
  });

  it('reports a value `answer` finds no longer valid once compute has not handed it back (a new value, or a failure)', () => {
    const gone: string[] = [];
    const cache = new BoundedCache<string, V>({ entries: 4, bytes: 100, sizeOf: (x) => x.n, forgotten: (x, k) => gone.push(`${k}=${x.v}`) });
    let current = 'a1';
    const valid = (x: V) => x.v === current;
    const a1 = cache.answer('a', [1], () => ({ v: 'a1', n: 1 }), { valid });
    current = 'other';
    expect(cache.answer('a', [1], () => a1, { valid }), 'handed back: still held, not reported').toBe(a1);
    expect([gone, cache.size, cache.peek('a')]).toEqual([[], 1, a1]);
    const a2 = cache.answer('a', [1], () => ({ v: 'a2', n: 2 }), { valid });
    expect(gone).toEqual(['a=a1']);
    expect([cache.peek('a'), cache.bytes]).toEqual([a2, 2]);
    expect(() => cache.answer('a', [1], () => {
      throw new Error('gone');
    }, { valid })).toThrow('gone');
    expect(gone).toEqual(['a=a1', 'a=a2']);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

describe('jsonSize', () => {
  it('is close to the length of JSON.stringify for JSON trees', () => {
    const tree = { id: 101, name__v: 'Alpha Brochure', language__v: ['English', 'French'], binder__v: false, due__c: null, nested: { a: [1, 2, { b: 'c' }] } };
    const exact = JSON.stringify(tree).length;
    expect(Math.abs(jsonSize(tree) - exact)).toBeLessThanOrEqual(exact * 0.25);
    expect(jsonSize('abc')).toBe(5);
    expect(jsonSize(new Uint8Array(1000))).toBe(1000);
  });
});

describe('deepFreeze', () => {
  it('freezes every part of a JSON tree, and returns it', () => {
    const tree = { a: [{ b: 1 }], c: { d: [] as number[] } };
    expect(deepFreeze(tree)).toBe(tree);
    expect([Object.isFrozen(tree), Object.isFrozen(tree.a), Object.isFrozen(tree.a[0]), Object.isFrozen(tree.c.d)]).toEqual([true, true, true, true]);
  });
});

describe('deepFreeze and jsonSize of trees frozen before', () => {
  it('a tree holding a deep-frozen part is frozen throughout, and the part is measured once', () => {
    const part = deepFreeze({ roles: { users: [1, 2], groups: [] as number[] }, name__v: 'Alpha' });
    const size = jsonSize(part);
    const page = { documents: [{ document: part }, { document: part }], more: { x: [3] } };
    deepFreeze(page);
    expect([Object.isFrozen(page.documents), Object.isFrozen(page.documents[0]), Object.isFrozen(page.more.x), Object.isFrozen(part.roles.users)]).toEqual([true, true, true, true]);
    expect(jsonSize(page)).toBe(2 + (9 + 4) + 2 + 2 * (2 + 8 + 4 + size) + 1 + 1 + (4 + 4) + 2 + (1 + 4) + 2 + 8 + 1);
  });

  it('a shallowly frozen part is still frozen throughout when a tree holding it is deep-frozen', () => {
    const shallow = Object.freeze({ roles: { users: [1] } });
    deepFreeze({ a: shallow });
    expect(Object.isFrozen(shallow.roles.users)).toBe(true);
  });

  it('a kept part (json-text.ts: never changes) is not walked: its parts stay as they are, its size is its text\'s length', () => {
    const record = Object.freeze(keepJsonText({ roles: { users: [1, 2], groups: [] as number[] }, name__v: 'Alpha' }));
    const page = { documents: [{ document: record }] };
    deepFreeze(page);
    expect([Object.isFrozen(page.documents[0]), Object.isFrozen(record.roles), Object.isFrozen(record.roles.users)]).toEqual([true, false, false]);
    expect(jsonSize(record)).toBe(JSON.stringify(record).length);
    expect(jsonSize(page)).toBe(2 + (9 + 4) + 2 + (2 + 8 + 4 + JSON.stringify(record).length) + 1);
  });

  it('a kept part not yet frozen is frozen and walked like any tree', () => {
    const part = keepJsonText({ roles: { users: [1] } });
    deepFreeze({ a: part });
    expect([Object.isFrozen(part), Object.isFrozen(part.roles.users)]).toEqual([true, true]);
  });

  it('an unfrozen tree is measured afresh each time (it may change)', () => {
    const tree: { a: number[] } = { a: [] };
    expect(jsonSize(tree)).toBe(2 + 1 + 4 + 2);
    tree.a.push(1);
    expect(jsonSize(tree)).toBe(2 + 1 + 4 + 2 + 8 + 1);
  });
});


describe('BoundedCache recency under churn', () => {
  it('keeps exactly what a plain least-recently-used list keeps, through any gets, sets, answers, deletes and prunes from the oldest', () => {
    type Op = { kind: 'get' | 'set' | 'answer' | 'delete' | 'pruneOldest' | 'peek'; key: number; size: number };
    const op = fc.record({ kind: fc.constantFrom('get', 'set', 'answer', 'delete', 'pruneOldest', 'peek'), key: fc.integer({ min: 0, max: 12 }), size: fc.integer({ min: 1, max: 5 }) }) as fc.Arbitrary<Op>;
    fc.assert(fc.property(fc.array(op, { maxLength: 200, size: 'max' }), (ops) => {
      const cache = new BoundedCache<number, number>({ entries: 5, bytes: 12, sizeOf: (v) => v });
      const model: Array<[number, number]> = []; // oldest first
      const fit = () => {
        while (model.length > 5 || model.reduce((n, [, v]) => n + v, 0) > 12) model.shift();
      };
      for (const { kind, key, size } of ops) {
        const at = model.findIndex(([k]) => k === key);
        if (kind === 'get' || kind === 'answer') {
          if (kind === 'get') expect(cache.get(key)).toBe(at >= 0 ? model[at][1] : undefined);
          else expect(cache.answer(key, NO_STAMP, () => size)).toBe(at >= 0 ? model[at][1] : size);
          if (at >= 0) model.push(model.splice(at, 1)[0]);
          else if (kind === 'answer') {
            model.push([key, size]);
            fit();
          }
        } else if (kind === 'peek') expect(cache.peek(key)).toBe(at >= 0 ? model[at][1] : undefined);
        else if (kind === 'set') {
          if (at >= 0) model.splice(at, 1);
          model.push([key, size]);
          fit();
          cache.set(key, size);
        } else if (kind === 'delete') {
          if (at >= 0) model.splice(at, 1);
          cache.delete(key);
        } else {
          while (model.length > 0 && model[0][1] <= size) model.shift();
          cache.pruneOldest((v) => v <= size);
        }
        expect([cache.size, cache.bytes]).toEqual([model.length, model.reduce((n, [, v]) => n + v, 0)]);
      }
      // The order: once full, each new key (of no bytes) drops the model's oldest first.
      let fresh = 100;
      while (cache.size < 5) cache.set(fresh++, 0);
      for (const [k, v] of model) {
        expect(cache.peek(k)).toBe(v);
        cache.set(fresh++, 0);
        expect(cache.peek(k)).toBeUndefined();
      }
    }), { numRuns: 300 });
  });
});
