/**
 * FIND's kept index of one searched field over a frame's rows: its lowercased element texts, each
 * distinct text once, in one string (separated by U+0000, scanned once per term), and per row the
 * ids of its texts (IdLists). A term without a newline occurs in a row's searched text exactly when
 * it occurs in one element text of one field (the text joins them with newlines), so a term is
 * looked for in the texts only, and rows are marked through their ids. Patched on change: a
 * changed or appended row's texts are added (not looked up: no map of texts is kept after the
 * build), and the index is built again once such additions outnumber the rows.
 */
import type { Row } from './catalog';
import type { Change, Frame } from './frame';
import { IdLists } from './idlists';
import { entryAt, TokenIndex, tokenSearchable } from './find-tokens';
import { giveBackScratch, scratchMarks } from './scratch';

/** (chosen) A field's texts are searched through a token index once they hold this many characters. */
export const TOKENS_MIN_CORPUS = 1 << 16;

/**
 * (chosen) Texts added since the corpus was made are kept apart, each searched on its own, until
 * they outnumber this (or an eighth of the corpus's texts); then the corpus is made again with them.
 * A small world that grows (the bench's mixed: a create every hundred requests) otherwise searched
 * up to 1,024 of them one by one on every FIND (~30% of its queries' CPU).
 */
export const EXTRA_TEXTS_MIN = 64;

/** Texts of a value's elements as FIND reads them (no empty texts). */
function elementTexts(v: unknown, out: string[]): void {
  if (v === null || v === undefined) return;
  if (Array.isArray(v)) {
    for (const x of v) elementTexts(x, out);
    return;
  }
  const t = typeof v === 'object' ? '' : String(v);
  if (t !== '') out.push(t);
}

export class FieldIndex {
  /** Texts [0, main) in one string, separated by U+0000; starts[d] = offset of text d in it. */
  private corpus = '';
  private starts = new Int32Array(64);
  private main = 0;
  /** Texts [main, count), added since (a change): kept apart, so the corpus is not copied per change. */
  private extra: string[] = [];
  private get count(): number {
    return this.main + this.extra.length;
  }
  readonly lists: IdLists;
  private readonly elements: string[] = [];
  /**
   * The rows of each text (texts below `texts`), built on first use; rows set since are marked
   * `dirty` and read through their ids instead (too many: the postings are dropped, built again).
   */
  private post: { start: Int32Array; rows: Int32Array; texts: number } | undefined;
  private dirty: number[] = [];
  /** Tokens of the texts, for terms without whitespace (find-tokens.ts), built on first use. */
  private tokens: TokenIndex | undefined;
  private searches = 0;
  private dirtyMark = new Uint8Array(0);

  private constructor(private readonly get: (row: Row) => unknown, n: number) {
    this.lists = new IdLists(n);
  }

  /** Builds the index over the frame's rows: texts deduplicated while building. */
  static build(get: (row: Row) => unknown, rows: readonly Row[], n: number): FieldIndex {
    const b = FieldIndex.builder(get, n);
    b.add(rows, 0, n);
    return b.done();
  }

  /**
   * The same build in parts: `add(rows, from, to)` for consecutive ranges of [0, n), then `done()`
   * (warm-up: a part per turn of the event loop).
   */
  static builder(get: (row: Row) => unknown, n: number): { add(rows: readonly Row[], from: number, to: number): void; done(): FieldIndex } {
    const x = new FieldIndex(get, n);
    const dict = new Map<string, number>();
    const texts: string[] = [];
    const ids: number[] = [];
    const idOf = (t: string): number => {
      let id = dict.get(t);
      if (id === undefined) {
        dict.set(t, (id = texts.length));
        texts.push(t.toLowerCase());
      }
      return id;
    };
    return {
      add(rows, from, to) {
        const elements = x.elements;
        for (let i = from; i < to; i++) {
          elements.length = 0;
          elementTexts(get(rows[i]), elements);
          if (elements.length === 1) {
            x.lists.setOne(i, idOf(elements[0]));
            continue;
          }
          ids.length = 0;
          for (const t of elements) ids.push(idOf(t));
          x.lists.set(i, ids);
        }
      },
      done() {
        x.setCorpus(texts);
        return x;
      },
    };
  }

  private setCorpus(texts: readonly string[]): void {
    this.starts = new Int32Array(texts.length + 1);
    let at = 0;
    for (let d = 0; d < texts.length; d++) {
      this.starts[d] = at;
      at += texts[d].length + 1;
    }
    this.main = texts.length;
    this.corpus = texts.join('\u0000');
  }

  private addText(t: string): number {
    this.extra.push(t);
    if (this.extra.length > Math.max(EXTRA_TEXTS_MIN, this.main >>> 3)) {
      // Many texts added: one corpus again (a copy of it, once in a while).
      const texts: string[] = [];
      for (let d = 0; d < this.count; d++) texts.push(this.textAt(d));
      this.extra = [];
      this.setCorpus(texts);
    }
    return this.count - 1;
  }

  /** Row i's texts from its row now; false when the index should be built again (too many texts added). */
  setRow(i: number, row: Row): boolean {
    const elements = this.elements;
    elements.length = 0;
    elementTexts(this.get(row), elements);
    this.lists.set(i, elements.map((t) => this.addText(t.toLowerCase())));
    if (this.post) this.markDirty(i);
    return this.count <= 2 * this.lists.length + 1024;
  }

  private markDirty(i: number): void {
    if (i >= this.dirtyMark.length) {
      const more = new Uint8Array(Math.max(i + 1, this.dirtyMark.length * 2, 1024));
      more.set(this.dirtyMark);
      this.dirtyMark = more;
    }
    if (this.dirtyMark[i] === 1) return;
    this.dirtyMark[i] = 1;
    this.dirty.push(i);
    if (this.dirty.length > Math.max(256, this.lists.length >>> 4)) {
      this.post = undefined;
      this.dirty = [];
      this.dirtyMark = new Uint8Array(0);
    }
  }

  /** The postings (rows per text), built now when missing. */
  private postings(): { start: Int32Array; rows: Int32Array; texts: number } {
    if (this.post) return this.post;
    const { lists, count } = this;
    const n = lists.length;
    const start = new Int32Array(count + 1);
    for (let i = 0; i < n; i++) lists.each(i, (d) => start[d + 1]++);
    for (let d = 0; d < count; d++) start[d + 1] += start[d];
    const rows = new Int32Array(start[count]);
    const at = start.slice(0, count);
    for (let i = 0; i < n; i++) lists.each(i, (d) => (rows[at[d]++] = i));
    return (this.post = { start, rows, texts: count });
  }

  /** Text d (lowercased). */
  private textAt(d: number): string {
    if (d >= this.main) return this.extra[d - this.main];
    const end = d + 1 < this.main ? this.starts[d + 1] - 1 : this.corpus.length;
    return this.corpus.slice(this.starts[d], end);
  }

  /** The texts containing `term`: through the token index for a term without whitespace in a large corpus, else by scanning the corpus. */
  private textsWith(term: string): { hits: Uint8Array | undefined; hitList: number[] } {
    const { corpus, starts, count, main } = this;
    let hits: Uint8Array | undefined;
    const hitList: number[] = [];
    const hit = (d: number) => {
      hits ??= scratchMarks(count);
      if (hits[d] === 1) return;
      hits[d] = 1;
      hitList.push(d);
    };
    // The token index is built at the second search (the first scans: a first touch stays cheap).
    if (corpus.length >= TOKENS_MIN_CORPUS && tokenSearchable(term) && this.searches++ > 0) {
      if (!this.tokens || this.tokens.covered > main || main - this.tokens.covered > Math.max(1024, this.tokens.covered >>> 3)) {
        this.tokens = TokenIndex.build(corpus, starts, main);
      }
      this.tokens.textsWith(term, hit);
      this.scan(term, this.tokens.covered, hit);
      return { hits, hitList };
    }
    this.scan(term, 0, hit);
    return { hits, hitList };
  }

  /** Calls `hit` for each text from `from` on containing `term`: through the corpus (one scan, no text cut out), then the texts apart. */
  private scan(term: string, from: number, hit: (d: number) => void): void {
    const { corpus, starts, main, count } = this;
    for (let pos = from < main ? corpus.indexOf(term, starts[from]) : -1; pos >= 0;) {
      const d = entryAt(starts, main, pos);
      hit(d);
      if (d + 1 >= main) break;
      pos = corpus.indexOf(term, starts[d + 1]);
    }
    for (let d = Math.max(from, main); d < count; d++) if (this.extra[d - main].includes(term)) hit(d);
  }

  /**
   * Builds the token index now when the texts are large enough to be searched through one, so that
   * even the next search uses it (warm-up: what the second search would build).
   */
  prepareTokens(): void {
    if (this.corpus.length < TOKENS_MIN_CORPUS) return;
    if (!this.tokens || this.tokens.covered !== this.main) this.tokens = TokenIndex.build(this.corpus, this.starts, this.main);
    this.searches = Math.max(1, this.searches);
  }

  /** Texts added since the corpus was made, kept apart (tests). */
  get textsApart(): number {
    return this.extra.length;
  }

  /** True once a token index was built (by a search or the warm-up; it may cover fewer texts than there are now). Tests. */
  get tokenIndexed(): boolean {
    return this.tokens !== undefined;
  }

  /** Sets out[i] for every row with a text of this field containing `term` (no newline, no U+0000). */
  markRows(term: string, out: Uint8Array): void {
    const { hits, hitList } = this.textsWith(term);
    if (!hits) return;
    this.markRowsOf(hits, hitList, out);
    giveBackScratch(hits);
  }

  /** markRows for the texts marked in `hits` (also listed in `hitList`). */
  private markRowsOf(hits: Uint8Array, hitList: readonly number[], out: Uint8Array): void {
    const lists = this.lists;
    const ids = lists.ids;
    const n = out.length;
    const hit = (x: number) => hits![x] === 1;
    if (hitList.length <= n >>> 4) {
      // Few texts: their rows from the postings (and the rows changed since, through their ids).
      const { start, rows, texts } = this.postings();
      let total = this.dirty.length;
      for (const x of hitList) if (x < texts) total += start[x + 1] - start[x];
      if (total <= n >>> 3) {
        const dirty = this.dirtyMark;
        for (const x of hitList) {
          if (x >= texts) continue;
          for (let p = start[x], e = start[x + 1]; p < e; p++) {
            const i = rows[p];
            if (i < n && dirty[i] !== 1) out[i] = 1;
          }
        }
        for (const i of this.dirty) if (i < n && out[i] === 0 && lists.some(i, hit)) out[i] = 1;
        return;
      }
    }
    for (let i = 0; i < n; i++) {
      if (out[i]) continue;
      const id = ids[i];
      if (id >= 0 ? hits[id] === 1 : lists.some(i, hit)) out[i] = 1;
    }
  }
}

/** Keeps a field's index with the frame, patched on change (a change it cannot follow drops it). */
export function keepFieldIndex(frame: Frame, field: string, x: FieldIndex): FieldIndex {
  return frame.keep(`x:${field}`, x, (c: Change) => {
    const rows = frame.rows;
    for (const i of c.replaced) if (!x.setRow(i, rows[i])) return false;
    for (let i = c.oldLength; i < c.length; i++) if (!x.setRow(i, rows[i])) return false;
    return true;
  });
}

/** The FieldIndex of each field over the frame's rows (kept, patched on change); the missing ones built now. */
export function fieldIndexesOf(frame: Frame, fields: readonly { name: string; get: (row: Row) => unknown }[]): FieldIndex[] {
  return fields.map((f) => frame.get<FieldIndex | undefined>(`x:${f.name}`) ?? keepFieldIndex(frame, f.name, FieldIndex.build(f.get, frame.rows, frame.length)));
}
