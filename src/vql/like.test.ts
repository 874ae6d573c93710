import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likeMatcher } from './like';

/** The reference: the same pattern as a regular expression (fine for short inputs). */
const reference = (pattern: string, s: string) =>
  new RegExp(`^${pattern.split('%').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`).test(s);

describe('likeMatcher', () => {
  it('matches prefixes, suffixes, inner parts and exact text', () => {
    expect(likeMatcher('Doc%')('Document')).toBe(true);
    expect(likeMatcher('%ment')('Document')).toBe(true);
    expect(likeMatcher('%cum%')('Document')).toBe(true);
    expect(likeMatcher('D%c%t')('Document')).toBe(true);
    expect(likeMatcher('D%x%t')('Document')).toBe(false);
    expect(likeMatcher('ab%ba')('aba')).toBe(false); // head and tail must not overlap
    expect(likeMatcher('Document')('Document')).toBe(true);
    expect(likeMatcher('%')('')).toBe(true);
    expect(likeMatcher('%%a%%')('xax')).toBe(true);
  });

  it('stays linear on patterns that make a backtracking regex explode', () => {
    const pattern = `${'%'.repeat(25)}a`;
    const text = 'b'.repeat(5000);
    // A backtracking matcher would not return from these within the test's timeout.
    expect(likeMatcher(pattern)(text)).toBe(false);
    expect(likeMatcher(`%${'a%'.repeat(30)}b`)('a'.repeat(5000))).toBe(false);
  });

  it('agrees with the regular-expression reference on random patterns and texts', () => {
    const alphabet = fc.constantFrom('a', 'b', '%');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 10 }), (p, s) => {
        expect(likeMatcher(p)(s)).toBe(reference(p, s));
      }),
      { numRuns: 2000 },
    );
  });
});
