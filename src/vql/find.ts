import type { Find } from './ast';
import type { Row } from './catalog';
import { FIND_OR_WORD, SEARCHABLE_BY_DEFAULT } from './choices';
import type { Predicate } from './compile';
import { VqlError } from './errors';
import { positionOf } from './positions';
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

/** Compiles FIND into a row test over the text its SCOPE selects. */
export function compileFind(scope: Scope, find: Find): Predicate {
  const alternatives = parseFindTerms(find.terms);
  if (alternatives.length === 0) {
    const p = positionOf(find);
    throw new VqlError('invalid_value', `Expected search terms in FIND at position ${p}`, p);
  }
  const target = scope.target;
  const s = find.scope;
  let text: (row: Row) => string;
  if (s.kind === 'field') {
    const get = resolveField(scope, s.field, positionOf(s)).get;
    text = (row) => textOf(get(row));
  } else {
    const props = [...scope.fields.values()]
      .filter((f) => f.queryable !== false && (f.searchable ?? SEARCHABLE_BY_DEFAULT.has(f.type)))
      .map((f) => getter(target, f.name));
    const properties = (row: Row): string => props.map((g) => textOf(g(row))).join('\n');
    const content = (row: Row): string => (target.content ? target.content(row) ?? '' : '');
    text = s.kind === 'properties' ? properties : s.kind === 'content' ? content : (row) => `${properties(row)}\n${content(row)}`;
  }
  return (row) => {
    const t = text(row).toLowerCase();
    return alternatives.some((terms) => terms.every((term) => t.includes(term)));
  };
}
