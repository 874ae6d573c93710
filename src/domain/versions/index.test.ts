/** The versions' answers: one frozen object per API base while kept, bounded through the cache door. */
import { describe, expect, it } from 'vitest';
import { ApiVersions, VERSION_BASES_KEPT } from './index';

describe('ApiVersions', () => {
  const versions = new ApiVersions(['v24.1', 'v25.3']);

  it('lists each version under the base, the same frozen object again for the same base', () => {
    const a = versions.list('http://localhost:8080/api');
    expect(a).toEqual({ 'v24.1': 'http://localhost:8080/api/v24.1', 'v25.3': 'http://localhost:8080/api/v25.3' });
    expect(Object.isFrozen(a)).toBe(true);
    expect(versions.list('http://localhost:8080/api')).toBe(a);
    expect(versions.list('http://other:1/api')['v25.3']).toBe('http://other:1/api/v25.3');
    expect(versions.includes('v25.3')).toBe(true);
    expect(versions.includes('v99.9')).toBe(false);
  });

  it(`keeps at most ${VERSION_BASES_KEPT} bases: a client choosing Host headers at will makes the least recently used go`, () => {
    const v = new ApiVersions(['v25.3']);
    const first = v.list('http://h0/api');
    for (let i = 1; i <= VERSION_BASES_KEPT; i++) v.list(`http://h${i}/api`);
    const again = v.list('http://h0/api');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    const recent = v.list(`http://h${VERSION_BASES_KEPT}/api`);
    expect(v.list(`http://h${VERSION_BASES_KEPT}/api`)).toBe(recent);
  });
});
