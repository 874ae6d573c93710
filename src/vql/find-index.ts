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
  private corpus = '';
  /** starts[d] = offset of text d in corpus (count entries used). */
  private starts = new Int32Array(64);
  private count = 0;
  readonly lists: IdLists;
  private readonly elements: string[] = [];

  private constructor(private readonly get: (row: Row) => unknown, n: number) {
    this.lists = new IdLists(n);
  }

  /** Builds the index over the frame's rows: texts deduplicated while building. */
  static build(get: (row: Row) => unknown, rows: readonly Row[], n: number): FieldIndex {
    const x = new FieldIndex(get, n);
    const dict = new Map<string, number>();
    const texts: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const elements = x.elements;
      elements.length = 0;
      elementTexts(get(rows[i]), elements);
      if (elements.length === 1) {
        const t = elements[0];
        let id = dict.get(t);
        if (id === undefined) {
          dict.set(t, (id = texts.length));
          texts.push(t.toLowerCase());
        }
        x.lists.setOne(i, id);
        continue;
      }
      ids.length = 0;
      for (const t of elements) {
        let id = dict.get(t);
        if (id === undefined) {
          dict.set(t, (id = texts.length));
          texts.push(t.toLowerCase());
        }
        ids.push(id);
      }
      x.lists.set(i, ids);
    }
    x.starts = new Int32Array(texts.length + 64);
    let at = 0;
    for (let d = 0; d < texts.length; d++) {
      x.starts[d] = at;
      at += texts[d].length + 1;
    }
    x.count = texts.length;
    x.corpus = texts.join('\u0000');
    return x;
  }

  private addText(t: string): number {
    if (this.count === this.starts.length) {
      const more = new Int32Array(this.count * 2 + 64);
      more.set(this.starts);
      this.starts = more;
    }
    const id = this.count++;
    if (id === 0) {
      this.starts[0] = 0;
      this.corpus = t;
    } else {
      this.starts[id] = this.corpus.length + 1;
      this.corpus += '\u0000' + t;
    }
    return id;
  }

  /** Row i's texts from its row now; false when the index should be built again (too many texts added). */
  setRow(i: number, row: Row): boolean {
    const elements = this.elements;
    elements.length = 0;
    elementTexts(this.get(row), elements);
    this.lists.set(i, elements.map((t) => this.addText(t.toLowerCase())));
    return this.count <= 2 * this.lists.length + 1024;
  }

  /** Sets out[i] for every row with a text of this field containing `term` (no newline, no U+0000). */
  markRows(term: string, out: Uint8Array): void {
    const { corpus, starts, count } = this;
    let hits: Uint8Array | undefined;
    let d = 0;
    const end = (k: number) => (k + 1 < count ? starts[k + 1] : corpus.length + 1);
    for (let pos = corpus.indexOf(term); pos >= 0;) {
      while (end(d) <= pos) d++;
      (hits ??= new Uint8Array(count))[d] = 1;
      if (++d >= count) break;
      pos = corpus.indexOf(term, starts[d]);
    }
    if (!hits) return;
    const lists = this.lists;
    const ids = lists.ids;
    const n = out.length;
    const hit = (x: number) => hits![x] === 1;
    for (let i = 0; i < n; i++) {
      if (out[i]) continue;
      const id = ids[i];
      if (id >= 0 ? hits[id] === 1 : lists.some(i, hit)) out[i] = 1;
    }
  }
}

/** The FieldIndex of each field over the frame's rows (kept, patched on change); the missing ones built now. */
export function fieldIndexesOf(frame: Frame, fields: readonly { name: string; get: (row: Row) => unknown }[]): FieldIndex[] {
  return fields.map((f) => {
    const sig = `x:${f.name}`;
    const kept = frame.get<FieldIndex | undefined>(sig);
    if (kept) return kept;
    const x = FieldIndex.build(f.get, frame.rows, frame.length);
    return frame.keep(sig, x, (c: Change) => {
      const rows = frame.rows;
      for (const i of c.replaced) if (!x.setRow(i, rows[i])) return false;
      for (let i = c.oldLength; i < c.length; i++) if (!x.setRow(i, rows[i])) return false;
      return true;
    });
  });
}
