import { describe, expect, it } from 'vitest';
import { NamedLists, RECENT_MAX } from './named-lists';

describe('NamedLists', () => {
  it('Recent Documents: most recent first, bounded; true only when the list changed', () => {
    const lists = new NamedLists();
    expect(lists.add(7, 'recent', 1)).toBe(true);
    expect(lists.add(7, 'recent', 2)).toBe(true);
    expect(lists.add(7, 'recent', 2)).toBe(false);
    expect(lists.ids(7, 'recent')).toEqual([2, 1]);
    expect(lists.add(7, 'recent', 1)).toBe(true);
    expect(lists.ids(7, 'recent')).toEqual([1, 2]);
    for (let id = 100; id < 100 + RECENT_MAX; id++) lists.add(7, 'recent', id);
    expect(lists.ids(7, 'recent')).toHaveLength(RECENT_MAX);
    expect(lists.ids(7, 'recent')[0]).toBe(100 + RECENT_MAX - 1);
    expect(lists.ids(7, 'recent')).not.toContain(1);
  });

  it('Favorites and Cart: each id once, in the order added; per user; fresh arrays', () => {
    const lists = new NamedLists();
    expect([lists.add(7, 'favorites', 3), lists.add(7, 'favorites', 1), lists.add(7, 'favorites', 3)]).toEqual([true, true, false]);
    expect(lists.add(7, 'cart', 3)).toBe(true);
    expect(lists.ids(7, 'favorites')).toEqual([3, 1]);
    expect(lists.ids(7, 'cart')).toEqual([3]);
    expect(lists.ids(8, 'favorites')).toEqual([]);
    lists.ids(7, 'favorites').push(99);
    expect(lists.ids(7, 'favorites')).toEqual([3, 1]);
  });

  it('a revision per user, rising only when one of that user\'s lists changed', () => {
    const lists = new NamedLists();
    expect([lists.revision(7), lists.revision(8)]).toEqual([0, 0]);
    lists.add(7, 'recent', 1);
    lists.add(7, 'recent', 1);
    expect([lists.revision(7), lists.revision(8)]).toEqual([1, 0]);
    lists.add(7, 'favorites', 1);
    lists.add(7, 'cart', 1);
    lists.add(7, 'cart', 1);
    lists.ids(8, 'cart');
    expect([lists.revision(7), lists.revision(8)]).toEqual([3, 0]);
  });
});
