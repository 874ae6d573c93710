/**
 * A token index over FIND's distinct texts of one field (find-index.ts): each distinct token (a
 * maximal run of characters that are neither whitespace nor U+0000) once, in one string, and per
 * token the texts holding it. A term without whitespace (and without U+0000) occurs in a text
 * exactly when it occurs in one of the text's tokens, so such a term is looked for in the tokens
 * (a vocabulary, far shorter than the texts) instead of in every text.
 */

/** A run of characters a token ends at. */
const SEPARATORS = /[\s\u0000]+/;

/** The characters of SEPARATORS: JavaScript's whitespace (\s) and U+0000. */
function isSeparator(c: number): boolean {
  if (c < 128) return c === 32 || c === 0 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** True when FIND may look for `term` in tokens (it spans no separator). */
export const tokenSearchable = (term: string): boolean => term !== '' && !SEPARATORS.test(term);

/** First index in [0, n) whose start is after `pos`, minus one: the entry holding position pos. */
function entryAt(starts: Int32Array, n: number, pos: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid] <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export class TokenIndex {
  private constructor(
    private readonly corpus: string,
    /** starts[t] = offset of token t in corpus. */
    private readonly starts: Int32Array,
    private readonly tokens: number,
    /** Token t's texts: texts[first[t]] .. texts[first[t + 1] - 1]. */
    private readonly first: Int32Array,
    private readonly texts: Int32Array,
    /** The texts covered: [0, covered). */
    readonly covered: number,
  ) {}

  /**
   * The index of a FieldIndex's texts [0, count): `corpus` holds them separated by U+0000, text d
   * from `starts[d]`. One pass over the characters.
   */
  static build(corpus: string, starts: Int32Array, count: number): TokenIndex {
    const dict = new Map<string, number>();
    const names: string[] = [];
    let pairs = new Int32Array(1024);
    let used = 0;
    const lastText: number[] = [];
    let d = 0;
    let from = -1;
    const end = count > 0 ? corpus.length : 0;
    for (let p = 0; p <= end; p++) {
      const c = p < end ? corpus.charCodeAt(p) : 0;
      if (!isSeparator(c)) {
        if (from < 0) from = p;
        continue;
      }
      if (from < 0) continue;
      while (d + 1 < count && starts[d + 1] <= from) d++;
      const tok = corpus.slice(from, p);
      from = -1;
      let t = dict.get(tok);
      if (t === undefined) {
        dict.set(tok, (t = names.length));
        names.push(tok);
        lastText.push(-1);
      }
      if (lastText[t] === d) continue;
      lastText[t] = d;
      if (used + 2 > pairs.length) {
        const more = new Int32Array(pairs.length * 2);
        more.set(pairs);
        pairs = more;
      }
      pairs[used++] = t;
      pairs[used++] = d;
    }
    const tokens = names.length;
    const first = new Int32Array(tokens + 1);
    for (let k = 0; k < used; k += 2) first[pairs[k] + 1]++;
    for (let t = 0; t < tokens; t++) first[t + 1] += first[t];
    const texts = new Int32Array(used >>> 1);
    const at = first.slice(0, tokens);
    for (let k = 0; k < used; k += 2) texts[at[pairs[k]]++] = pairs[k + 1];
    const tokenStarts = new Int32Array(tokens);
    let offset = 0;
    for (let t = 0; t < tokens; t++) {
      tokenStarts[t] = offset;
      offset += names[t].length + 1;
    }
    return new TokenIndex(names.join('\u0000'), tokenStarts, tokens, first, texts, count);
  }

  /** Calls `hit(d)` for each covered text holding `term` (tokenSearchable) in a token; a text may come more than once. */
  textsWith(term: string, hit: (d: number) => void): void {
    const { corpus, starts, tokens, first, texts } = this;
    for (let pos = corpus.indexOf(term); pos >= 0;) {
      const t = entryAt(starts, tokens, pos);
      for (let k = first[t]; k < first[t + 1]; k++) hit(texts[k]);
      if (t + 1 >= tokens) break;
      pos = corpus.indexOf(term, starts[t + 1]);
    }
  }
}

export { entryAt };
