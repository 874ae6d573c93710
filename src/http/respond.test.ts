import { describe, expect, it } from 'vitest';
import { reusableBodyOf } from './respond';

describe('reusableBodyOf', () => {
  it('builds the body of an answer once, frozen, and builds anew for another answer object', () => {
    let built = 0;
    const build = (n: number) => () => {
      built++;
      return { responseStatus: 'SUCCESS', data: [{ n }] };
    };
    const answer = {};
    const body = reusableBodyOf(answer, build(1));
    expect(reusableBodyOf(answer, build(2))).toBe(body);
    expect(built).toBe(1);
    expect(Object.isFrozen(body.data[0])).toBe(true);
    const other = reusableBodyOf({}, build(3));
    expect(other).not.toBe(body);
    expect(other.data[0].n).toBe(3);
    expect(built).toBe(2);
  });
});
