import type { Find } from './ast';
import type { Row } from './catalog';
import { FIND_OR_WORD, SEARCHABLE_BY_DEFAULT } from './choices';
import type { Predicate } from './compile';
import { VqlError } from './errors';
import { positionOf } from './positions';
import { columnOf, read, type Frame, type Slot } from './frame';
import { getter, resolveField, type Scope } from './resolve';

/**
 * Splits FIND terms into alternatives (separated by the word OR), each a list of lowercase terms
 * that must all occur. Double quotes keep a phrase together; AND and `*` are ignored.
 */
export function parseFindTerms(terms: string): string[][] {
  const alternatives: string[][] = [[]];
  const re = /"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(terms); m; m = re.exec(terms)) {
    const phrase = m[1] !== undefined;
    const word = (phrase ? m[1] : m[2]).replace(/\*/g, '');
    if (!phrase && m[2] === FIND_OR_WORD) alternatives.push([]);
    else if (!phrase && m[2] === 'AND') continue;
    else if (word.trim() !== '') alternatives[alternatives.length - 1].push(word.toLowerCase());
  }
  return alternatives.filter((a) => a.length > 0);
}

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(textOf).join('\n');
  return typeof v === 'object' ? '' : String(v);
}

/** Lowercases through a memo: content strings are shared by many rows (one text per file). */
function lowerMemo(): (t: string) => string {
  const memo = new Map<string, string>();
  return (t) => {
    let l = memo.get(t);
    if (l === undefined) memo.set(t, (l = t.toLowerCase()));
    return l;
  };
}

/** Texts of a value's elements as FIND reads them (textOf without the newline joins; no empty texts). */
function elementTexts(v: unknown, out: string[]): void {
  if (v === null || v === undefined) return;
  if (Array.isArray(v)) {
    for (const x of v) elementTexts(x, out);
    return;
  }
  const t = typeof v === 'object' ? '' : String(v);
  if (t !== '') out.push(t);
}

/**
 * One searched field over a frame's rows, dictionary-encoded: its distinct lowercased element
 * texts in one string (separated by U+0000, scanned once per term) and, per row, the ids of its
 * texts. A term without a newline occurs in a row's searched text exactly when it occurs in one
 * element text of one field (the text joins them with newlines), so a term is looked for in the
 * distinct texts only, and rows are marked through their ids.
 */
interface FieldIndex {
  corpus: string;
  /** starts[d] = offset of distinct text d in corpus; starts[texts] = corpus.length + 1. */
  starts: Int32Array;
  /** Row i's text ids: ids[offsets[i]] .. ids[offsets[i + 1] - 1]. */
  offsets: Int32Array;
  ids: Int32Array;
}

/** Builds one field's FieldIndex row by row. */
class IndexBuilder {
  private readonly dict = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly offsets: Int32Array;
  private ids: Int32Array;
  private used = 0;
  private readonly elements: string[] = [];

  constructor(readonly get: (row: Row) => unknown, n: number) {
    this.offsets = new Int32Array(n + 1);
    this.ids = new Int32Array(n);
  }

  add(i: number, row: Row): void {
    this.offsets[i] = this.used;
    const elements = this.elements;
    elements.length = 0;
    elementTexts(this.get(row), elements);
    for (const t of elements) {
      let id = this.dict.get(t);
      if (id === undefined) {
        id = this.texts.length;
        this.dict.set(t, id);
        this.texts.push(t.toLowerCase());
      }
      if (this.used === this.ids.length) {
        const more = new Int32Array(this.ids.length * 2 + 16);
        more.set(this.ids);
        this.ids = more;
      }
      this.ids[this.used++] = id;
    }
  }

  done(n: number): FieldIndex {
    this.offsets[n] = this.used;
    const texts = this.texts;
    const starts = new Int32Array(texts.length + 1);
    let at = 0;
    for (let d = 0; d < texts.length; d++) {
      starts[d] = at;
      at += texts[d].length + 1;
    }
    starts[texts.length] = at;
    return { corpus: texts.join('\u0000'), starts, offsets: this.offsets, ids: this.ids.slice(0, this.used) };
  }
}

/** The FieldIndex of each field over the frame's rows; the missing ones built in one pass over the rows (one visit per row). */
function fieldIndexesOf(frame: Frame, fields: readonly { name: string; get: (row: Row) => unknown }[]): FieldIndex[] {
  const sig = (name: string) => `x:${name}`;
  const missing = fields.filter((f) => !frame.extra.has(sig(f.name)));
  if (missing.length) {
    const rows = frame.rows;
    const n = rows.length;
    const builders = missing.map((f) => new IndexBuilder(f.get, n));
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      for (const b of builders) b.add(i, row);
    }
    missing.forEach((f, k) => frame.extra.set(sig(f.name), builders[k].done(n)));
  }
  return fields.map((f) => frame.extra.get(sig(f.name)) as FieldIndex);
}

/** Sets out[i] for every row with a text of this field containing `term` (no newline, no U+0000). */
function markRows(x: FieldIndex, term: string, out: Uint8Array): void {
  const { corpus, starts, offsets, ids } = x;
  const distinct = starts.length - 1;
  let hits: Uint8Array | undefined;
  let d = 0;
  for (let pos = corpus.indexOf(term); pos >= 0;) {
    while (starts[d + 1] <= pos) d++;
    (hits ??= new Uint8Array(distinct))[d] = 1;
    if (++d >= distinct) break;
    pos = corpus.indexOf(term, starts[d]);
  }
  if (!hits) return;
  const n = offsets.length - 1;
  for (let i = 0; i < n; i++) {
    if (out[i]) continue;
    for (let j = offsets[i], end = offsets[i + 1]; j < end; j++) {
      if (hits[ids[j]]) {
        out[i] = 1;
        break;
      }
    }
  }
}

/**
 * Compiles FIND into a row test over the text its SCOPE selects (lowercased). On a `stableRows`
 * target each searched field is kept dictionary-encoded per rows array (FieldIndex) and the
 * lowercased content per row; each evaluation marks the matching rows with one scan of each
 * field's distinct texts per term.
 */
export function compileFind(scope: Scope, find: Find): Predicate {
  const alternatives = parseFindTerms(find.terms);
  if (alternatives.length === 0) {
    const p = positionOf(find);
    throw new VqlError('invalid_value', `Expected search terms in FIND at position ${p}`, p);
  }
  const target = scope.target;
  const s = find.scope;
  const matches = (has: (term: string) => boolean) => alternatives.some((terms) => terms.every(has));
  /** Lowercased searched text besides content (properties, or the one field), and the fields it reads. */
  let searchText: ((row: Row) => string) | undefined;
  let searched: { name: string; get: (row: Row) => unknown }[] = [];
  let indexable = true;
  if (s.kind === 'field') {
    const f = resolveField(scope, s.field, positionOf(s));
    const get = f.get;
    searchText = (row) => textOf(get(row)).toLowerCase();
    searched = [{ name: s.field, get }];
    indexable = f.cacheable;
  } else if (s.kind !== 'content') {
    const fields = [...scope.fields.values()].filter((f) => f.queryable !== false && (f.searchable ?? SEARCHABLE_BY_DEFAULT.has(f.type)));
    const props = fields.map((f) => getter(target, f.name));
    searchText = (row) => props.map((g) => textOf(g(row))).join('\n').toLowerCase();
    searched = fields.map((f, k) => ({ name: f.name, get: props[k] }));
    indexable = fields.every((f) => f.volatile !== true);
  }
  const withContent = s.kind === 'content' || s.kind === 'all';
  const lower = lowerMemo();
  const contentOf = (row: Row): string => lower(target.content ? target.content(row) ?? '' : '');
  // ALL searches `properties\ncontent`: a term without a newline occurs in it exactly when it
  // occurs in one of the two parts.
  const spans = alternatives.some((terms) => terms.some((term) => term.includes('\n')));

  const derive = (row: Row): boolean => {
    const pt = searchText?.(row);
    const ct = withContent ? contentOf(row) : undefined;
    if (pt !== undefined && ct !== undefined) {
      if (spans) {
        const t = `${pt}\n${ct}`;
        return matches((term) => t.includes(term));
      }
      return matches((term) => pt.includes(term) || ct.includes(term));
    }
    const t = (pt ?? ct)!;
    return matches((term) => t.includes(term));
  };

  const cacheable = indexable
    && alternatives.every((terms) => terms.every((term) => !term.includes('\n') && !term.includes('\u0000')));
  const query = (frame: Frame): Uint8Array => {
    const n = frame.rows.length;
    const indexes = fieldIndexesOf(frame, searched);
    const contents = withContent ? (columnOf(frame, 'f:content', contentOf) as string[]) : undefined;
    const result = new Uint8Array(n);
    for (const terms of alternatives) {
      let all: Uint8Array | undefined;
      for (const term of terms) {
        const m = new Uint8Array(n);
        for (const x of indexes) markRows(x, term, m);
        if (contents) {
          const memo = new Map<string, boolean>();
          for (let i = 0; i < n; i++) {
            if (m[i]) continue;
            const c = contents[i];
            let has = memo.get(c);
            if (has === undefined) memo.set(c, (has = c.includes(term)));
            if (has) m[i] = 1;
          }
        }
        if (!all) all = m;
        else for (let i = 0; i < n; i++) all[i] &= m[i];
      }
      for (let i = 0; i < n; i++) result[i] |= all![i];
    }
    return result;
  };
  const found: Slot = cacheable ? { sig: 'f:find', derive, query } : { sig: undefined, derive };
  scope.slots.push(found);
  return (row, i) => {
    const v = read(found, row, i);
    return v === true || v === 1;
  };
}
