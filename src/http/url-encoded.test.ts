import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { urlEncodedPairs } from './url-encoded';

/** What URLSearchParams makes of the text, flat as urlEncodedPairs answers. */
const reference = (text: string): string[] => {
  const out: string[] = [];
  new URLSearchParams(text).forEach((v, k) => out.push(k, v));
  return out;
};

/** Pieces that make the parser's cases: separators, escapes whole, cut, malformed or not UTF-8, plus signs, non-ASCII. */
const PIECES = ['&', '=', '+', '%', '\uD800', '\uDC00', '\uD83D', '%2', '%20', '%2B', '%26', '%3D', '%C3%A9', '%C3', '%A9', '%E2%82%AC', '%E2%82', '%ED%A0%80', '%F0%9F%98%80', '%EF%BB%BF', '%zz', '%00', 'é', '€', '😀', 'a', 'name__v', 'ASC', ' ', '?', '#'];

describe('urlEncodedPairs', () => {
  it('splits, skips empty pieces, reads + as a space and decodes escapes', () => {
    expect(urlEncodedPairs('sort=name__v%20ASC&limit=20')).toEqual(['sort', 'name__v ASC', 'limit', '20']);
    expect(urlEncodedPairs('a=1&&b&=x&c=d=e&')).toEqual(['a', '1', 'b', '', '', 'x', 'c', 'd=e']);
    expect(urlEncodedPairs('q=a+b%2Bc&%C3%A9=%E2%82%AC')).toEqual(['q', 'a b+c', 'é', '€']);
    expect(urlEncodedPairs('')).toEqual([]);
  });

  it('leaves what decodeURIComponent refuses to URLSearchParams (malformed escapes kept, invalid UTF-8 as U+FFFD)', () => {
    expect(urlEncodedPairs('a=%zz&b=%C3&c=%41')).toEqual(['a', '%zz', 'b', '\ufffd', 'c', 'A']);
    expect(urlEncodedPairs('x=%ED%A0%80')).toEqual(reference('x=%ED%A0%80'));
  });

  it('answers what URLSearchParams answers, for any text made of the cases', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (parts) => {
      const text = parts.join('');
      expect(urlEncodedPairs(text)).toEqual(reference(text));
    }), { numRuns: 3000 });
  });

  it('reads a lone surrogate as U+FFFD, as URLSearchParams does', () => {
    expect(urlEncodedPairs('a=\uD800&\uDC00=1&b=\uD83D%41')).toEqual(['a', '\ufffd', '\ufffd', '1', 'b', '\ufffdA']);
  });

  it('reads a text in one pass: each `=` is searched for once, not once a piece (a 10 MB form of `a&a&…=` took minutes)', () => {
    const text = `${'a&'.repeat(1000)}=&b=1&c`;
    const searches = vi.spyOn(String.prototype, 'indexOf');
    try {
      const pairs = urlEncodedPairs(text);
      expect(searches.mock.calls.filter(([needle]) => needle === '=').length).toBeLessThanOrEqual(3);
      expect(pairs).toEqual(reference(text));
    } finally {
      searches.mockRestore();
    }
  });

  it('answers what URLSearchParams answers, for any text at all', () => {
    const unit = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('%', '&', '=', '+', '\uD800', '\uDFFF', '%4', '%41', '%E2%82'));
    fc.assert(fc.property(fc.string({ unit, maxLength: 60 }), (text) => {
      expect(urlEncodedPairs(text)).toEqual(reference(text));
    }), { numRuns: 2000 });
  });
});
