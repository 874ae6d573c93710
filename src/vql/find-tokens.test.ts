import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenIndex, tokenSearchable } from './find-tokens';

/** Texts as a FieldIndex keeps them: one string, each text after a U+0000, and where each starts. */
function corpusOf(texts: readonly string[]): { corpus: string; starts: Int32Array } {
  const starts = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((t, d) => {
    starts[d] = at;
    at += t.length + 1;
  });
  return { corpus: texts.join('\u0000'), starts };
}

const textsWith = (index: TokenIndex, term: string): number[] => {
  const hits = new Set<number>();
  index.textsWith(term, (d) => hits.add(d));
  return [...hits].sort((a, b) => a - b);
};

// Few letters, so that terms often occur; separators of several kinds; characters beyond Latin-1 too, one outside the BMP (two UTF-16 units).
const letter = fc.constantFrom('a', 'b', 'c', 'é', 'ж', '😀', '-', '1');
const word = fc.array(letter, { minLength: 1, maxLength: 7 }).map((cs) => cs.join(''));
const text = fc.array(word, { maxLength: 5 }).chain((ws) => fc.constantFrom(' ', '\t', '\n', '\u00a0').map((sep) => ws.join(sep)));
const term = fc.array(letter, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));

describe('TokenIndex', () => {
  it('through trigrams, finds exactly the texts holding a term, as the vocabulary scan does', () => {
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 40 }), fc.array(term, { minLength: 1, maxLength: 10 }), (texts, terms) => {
      const { corpus, starts } = corpusOf(texts);
      const withTrigrams = TokenIndex.build(corpus, starts, texts.length, 0);
      const scanning = TokenIndex.build(corpus, starts, texts.length, Infinity);
      expect([withTrigrams.trigramIndexed, scanning.trigramIndexed]).toEqual([true, false]);
      // Terms of the texts themselves (pieces of their words), and random ones.
      const pieces = texts.flatMap((t) => t.split(/\s+/)).filter((w) => w.length >= 3).map((w) => w.slice(1));
      for (const t of [...terms, ...pieces].filter(tokenSearchable)) {
        const oracle = texts.flatMap((x, d) => (x.includes(t) ? [d] : []));
        expect(textsWith(withTrigrams, t), t).toEqual(oracle);
        expect(textsWith(scanning, t), t).toEqual(oracle);
      }
    }), { numRuns: 300 });
  });

  it('finds whole tokens, pieces of tokens, three-character terms and short ones; a trigram no token holds finds nothing', () => {
    const { corpus, starts } = corpusOf(['video games', 'vide', 'ideo']);
    const index = TokenIndex.build(corpus, starts, 3, 0);
    expect(textsWith(index, 'video')).toEqual([0]);
    expect(textsWith(index, 'ideo')).toEqual([0, 2]);
    expect(textsWith(index, 'xyz')).toEqual([]);
    expect(textsWith(index, 'de')).toEqual([0, 1, 2]);
    expect(textsWith(index, 'games')).toEqual([0]);
    expect(textsWith(index, 'vid')).toEqual([0, 1]);
    expect(textsWith(index, 'mes')).toEqual([0]);
  });

  it('a term whose rarest trigram most tokens hold is found by the scan, with the same texts', () => {
    const texts = Array.from({ length: 300 }, (_, i) => `common${i} other`);
    const { corpus, starts } = corpusOf(texts);
    const index = TokenIndex.build(corpus, starts, texts.length, 0);
    expect(textsWith(index, 'common1')).toEqual(texts.flatMap((t, d) => (t.includes('common1') ? [d] : [])));
    expect(textsWith(index, 'mon')).toHaveLength(300);
  });

  it('a vocabulary below the size gets no trigrams', () => {
    const { corpus, starts } = corpusOf(['a small vocabulary']);
    expect(TokenIndex.build(corpus, starts, 1).trigramIndexed).toBe(false);
  });
});
