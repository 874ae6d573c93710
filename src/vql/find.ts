import type { Find } from './ast';
import type { FieldInfo, QueryTarget, Row } from './catalog';
import { FIND_OR_WORD, SEARCHABLE_BY_DEFAULT } from './choices';
import type { Predicate } from './compile';
import type { Probe } from './probe';
import { VqlError } from './errors';
import { positionOf } from './positions';
import { columnOf, read, type Frame, type Slot } from './frame';
import type { FieldIndex } from './find-index';
import { fieldIndexesOf } from './find-index';
import { getter, resolveField, type Scope } from './resolve';
import { giveBackScratch, scratchMarks, scratchSlots } from './scratch';

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

/** The signature of the kept column of the rows' lowercased content (FIND SCOPE CONTENT / ALL, endpoint 21's search). */
export const CONTENT = 'f:content';

/** A row's content, lowercased (through a memo: content strings are shared by many rows, one text per file); '' without. */
export function contentReader(target: QueryTarget): (row: Row) => string {
  const lower = lowerMemo();
  return (row) => lower(target.content ? target.content(row) ?? '' : '');
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

/** The fields FIND searches besides content (SCOPE PROPERTIES, and ALL's properties): the queryable, searchable ones. */
export function propertiesSearched(fields: Iterable<FieldInfo>): FieldInfo[] {
  return [...fields].filter((f) => f.queryable !== false && (f.searchable ?? SEARCHABLE_BY_DEFAULT.has(f.type)));
}

/** The fields of a target FIND searches, by name (a later field of the same name wins, as in a query's scope), for `prepareFind`. */
export function searchedFieldNames(target: QueryTarget): string[] {
  return propertiesSearched(new Map(target.fields.map((f) => [f.name, f])).values()).map((f) => f.name);
}

/**
 * Compiles FIND into a row test over the text its SCOPE selects (lowercased). On a `stableRows`
 * target each searched field is kept dictionary-encoded per rows array (FieldIndex) and the
 * lowercased content per row; each evaluation marks the matching rows with one scan of each
 * field's distinct texts per term.
 */
export function compileFind(scope: Scope, find: Find): FindPredicate {
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
    const fields = propertiesSearched(scope.fields.values());
    const props = fields.map((f) => getter(target, f.name));
    searchText = (row) => props.map((g) => textOf(g(row))).join('\n').toLowerCase();
    searched = fields.map((f, k) => ({ name: f.name, get: props[k] }));
    indexable = fields.every((f) => f.volatile !== true);
  }
  const withContent = s.kind === 'content' || s.kind === 'all';
  const contentOf = contentReader(target);
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
  const query = (frame: Frame): Uint8Array =>
    markFound(frame, fieldIndexesOf(frame, searched), withContent ? (columnOf(frame, CONTENT, contentOf) as string[]) : undefined, alternatives);
  const found: Slot = cacheable ? { sig: 'f:find', derive, query } : { sig: undefined, derive };
  scope.slots.push(found);
  const test: FindPredicate = (row, i) => {
    const v = read(found, row, i);
    return v === true || v === 1;
  };
  // The found rows, read from the bound column (only while the slots are bound to a frame).
  test.probe = () => {
    const col = found.col as Uint8Array | undefined;
    if (!col) return undefined;
    const slots = markedSlots(col);
    return { size: slots.length, runs: [{ perm: slots, lo: 0, hi: slots.length }], exact: false };
  };
  return test;
}

/**
 * The slots i where marks[i] is 1 (marks: 0 or 1 each, as markFound sets them), ascending, in scratch memory (scratch.ts:
 * the probe's user gives it back), in one pass reading four marks at a time into room for all of
 * them, sixteen at a time while they are 0 (a 100,000-row world's FIND finds a few hundred rows: most words are 0; counting them
 * first took a second pass, ~50% more time). The room is 4 bytes a row, from the pool: up to its
 * largest class (16 MB, 4 million rows); a larger world's FIND takes memory of its own each time.
 */
export function markedSlots(marks: Uint8Array): Int32Array {
  const n = marks.length;
  const words = marks.byteOffset % 4 === 0 ? new Uint32Array(marks.buffer, marks.byteOffset, n >>> 2) : undefined;
  const whole = words ? words.length * 4 : 0;
  const out = scratchSlots(n);
  let k = 0;
  if (words) {
    for (let w = 0; w < words.length; w++) {
      // Sixteen marks skipped at once where they are all 0 (most are), else four.
      if ((w & 3) === 0 && w + 4 <= words.length && (words[w] | words[w + 1] | words[w + 2] | words[w + 3]) === 0) {
        w += 3;
        continue;
      }
      if (words[w] === 0) continue;
      for (let i = w * 4; i < w * 4 + 4; i++) if (marks[i] === 1) out[k++] = i;
    }
  }
  for (let i = whole; i < n; i++) if (marks[i] === 1) out[k++] = i;
  return out.subarray(0, k);
}

/**
 * Marks the frame's rows whose texts hold every term of one of the alternatives, each term in one
 * indexed field's element text or in the row's content (lowercased). The marks are scratch marks
 * (scratch.ts): the caller may give them back once done with them (a FIND slot's when unbound).
 */
export function markFound(frame: Frame, indexes: readonly FieldIndex[], contents: readonly string[] | undefined, alternatives: readonly (readonly string[])[]): Uint8Array {
  const n = frame.length;
  let result: Uint8Array | undefined;
  for (const terms of alternatives) {
    let all: Uint8Array | undefined;
    for (const term of terms) {
      const m = scratchMarks(n);
      for (const x of indexes) x.markRows(term, m);
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
      else {
        for (let i = 0; i < n; i++) all[i] &= m[i];
        giveBackScratch(m);
      }
    }
    // The first alternative's marks are the result; each other one is added to them.
    if (!result) result = all!;
    else {
      for (let i = 0; i < n; i++) result[i] |= all![i];
      giveBackScratch(all);
    }
  }
  return result ?? scratchMarks(n);
}

/** FIND's row test, with the probe of its found rows (probe.ts). */
export type FindPredicate = Predicate & { probe?: Probe };
