/**
 * A token index over FIND's distinct texts of one field (find-index.ts): each distinct token (a
 * maximal run of characters that are neither whitespace nor U+0000) once, in one string, and per
 * token the texts holding it. A term without whitespace (and without U+0000) occurs in a text
 * exactly when it occurs in one of the text's tokens, so such a term is looked for in the tokens
 * (a vocabulary, far shorter than the texts) instead of in every text.
 *
 * A large vocabulary (a 100,000-document world's names: ~100,000 tokens, 0.6–1.1 M characters a
 * field) also gets its tokens' trigrams (issue 19): a term of three characters or more is looked
 * for only in the tokens holding its rarest trigram (each holding every trigram of the term: a
 * superset, each checked), not in the whole vocabulary.
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

/**
 * Pairs (group, item) gathered in order, an item added to a group only when it is not the group's
 * last one, then handed out grouped (CSR): group g's items are items[first[g]] .. items[first[g + 1] - 1],
 * in the order added.
 */
class PairList {
  private pairs = new Int32Array(1024);
  private used = 0;
  /** Per group, the last item added to it. */
  private readonly last: number[] = [];

  /** A new group's number. */
  group(): number {
    this.last.push(-1);
    return this.last.length - 1;
  }

  add(g: number, item: number): void {
    if (this.last[g] === item) return;
    this.last[g] = item;
    if (this.used + 2 > this.pairs.length) {
      const more = new Int32Array(this.pairs.length * 2);
      more.set(this.pairs);
      this.pairs = more;
    }
    this.pairs[this.used++] = g;
    this.pairs[this.used++] = item;
  }

  grouped(): { first: Int32Array; items: Int32Array } {
    const { pairs, used } = this;
    const groups = this.last.length;
    const first = new Int32Array(groups + 1);
    for (let k = 0; k < used; k += 2) first[pairs[k] + 1]++;
    for (let g = 0; g < groups; g++) first[g + 1] += first[g];
    const items = new Int32Array(used >>> 1);
    const at = first.slice(0, groups);
    for (let k = 0; k < used; k += 2) items[at[pairs[k]]++] = pairs[k + 1];
    return { first, items };
  }
}

/** (chosen) A vocabulary of at least this many characters gets a trigram index. */
const TRIGRAMS_MIN_CORPUS = 1 << 16;
/** (chosen) A term whose rarest trigram is in more than this share of the tokens (and more than 64 of them) is looked for by the scan. */
const TRIGRAM_MAX_SHARE = 0.25;

/** The key of the trigram at `i` of `s`: a small integer for three Latin-1 characters, else the characters. */
function trigramKey(s: string, i: number): number | string {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  const c = s.charCodeAt(i + 2);
  return (a | b | c) < 256 ? (a << 16) | (b << 8) | c : s.slice(i, i + 3);
}

/** Per trigram (by id), the tokens holding it: tokens[first[g]] .. tokens[first[g + 1] - 1], ascending. */
interface Trigrams {
  readonly ids: Map<number | string, number>;
  readonly first: Int32Array;
  readonly tokens: Int32Array;
}

/** The trigrams of the tokens `names` (each token once per trigram it holds). */
function trigramsOf(names: readonly string[]): Trigrams {
  const ids = new Map<number | string, number>();
  const pairs = new PairList();
  for (let t = 0; t < names.length; t++) {
    const s = names[t];
    for (let i = 0; i + 3 <= s.length; i++) {
      const key = trigramKey(s, i);
      let g = ids.get(key);
      if (g === undefined) ids.set(key, (g = pairs.group()));
      pairs.add(g, t);
    }
  }
  const { first, items } = pairs.grouped();
  return { ids, first, tokens: items };
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
    /** The tokens' trigrams, for a large vocabulary. */
    private readonly trigrams: Trigrams | undefined,
  ) {}

  /**
   * The index of a FieldIndex's texts [0, count): `corpus` holds them separated by U+0000, text d
   * from `starts[d]`. One pass over the characters.
   */
  static build(corpus: string, starts: Int32Array, count: number, trigramsFrom: number = TRIGRAMS_MIN_CORPUS): TokenIndex {
    const dict = new Map<string, number>();
    const names: string[] = [];
    const pairs = new PairList();
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
        dict.set(tok, (t = pairs.group()));
        names.push(tok);
      }
      pairs.add(t, d);
    }
    const tokens = names.length;
    const { first, items: texts } = pairs.grouped();
    const tokenStarts = new Int32Array(tokens);
    let offset = 0;
    for (let t = 0; t < tokens; t++) {
      tokenStarts[t] = offset;
      offset += names[t].length + 1;
    }
    const vocabulary = names.join('\u0000');
    return new TokenIndex(vocabulary, tokenStarts, tokens, first, texts, count, vocabulary.length >= trigramsFrom ? trigramsOf(names) : undefined);
  }

  /** True when the index keeps its tokens' trigrams (tests). */
  get trigramIndexed(): boolean {
    return this.trigrams !== undefined;
  }

  /** Calls `hit(d)` for each covered text holding `term` (tokenSearchable) in a token; a text may come more than once. */
  textsWith(term: string, hit: (d: number) => void): void {
    const { corpus, starts, tokens, first, texts } = this;
    if (this.trigrams && term.length >= 3 && this.throughTrigrams(term, this.trigrams, hit)) return;
    for (let pos = corpus.indexOf(term); pos >= 0;) {
      const t = entryAt(starts, tokens, pos);
      for (let k = first[t]; k < first[t + 1]; k++) hit(texts[k]);
      if (t + 1 >= tokens) break;
      pos = corpus.indexOf(term, starts[t + 1]);
    }
  }

  /**
   * Calls `hit` for the texts of the tokens holding `term` (three characters or more): those of its
   * rarest trigram that hold it (a three-character term is its trigram: all of them). False, having
   * called nothing, when that trigram is in more than TRIGRAM_MAX_SHARE of the tokens and more than
   * 64 (the scan is then as quick as checking them).
   */
  private throughTrigrams(term: string, grams: Trigrams, hit: (d: number) => void): boolean {
    let rarest = -1;
    for (let i = 0; i + 3 <= term.length; i++) {
      const g = grams.ids.get(trigramKey(term, i));
      if (g === undefined) return true; // no token holds this trigram, so none holds the term
      if (rarest < 0 || grams.first[g + 1] - grams.first[g] < grams.first[rarest + 1] - grams.first[rarest]) rarest = g;
    }
    const lo = grams.first[rarest];
    const hi = grams.first[rarest + 1];
    if (hi - lo > 64 && hi - lo > this.tokens * TRIGRAM_MAX_SHARE) return false;
    const { corpus, starts, tokens, first, texts } = this;
    for (let p = lo; p < hi; p++) {
      const t = grams.tokens[p];
      if (term.length > 3 && !holds(corpus, starts[t], t + 1 < tokens ? starts[t + 1] - 1 : corpus.length, term)) continue;
      for (let k = first[t]; k < first[t + 1]; k++) hit(texts[k]);
    }
    return true;
  }
}

/** Whether corpus[start, end) holds `term`. */
function holds(corpus: string, start: number, end: number, term: string): boolean {
  for (let at = start; at + term.length <= end; at++) if (corpus.startsWith(term, at)) return true;
  return false;
}

export { entryAt };
