import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parse } from './parser';
import { print } from './print';
import { VqlError } from './errors';
import { VALID_QUERIES } from './test-corpus';
import { evaluate } from './evaluate';
import { makeCatalog } from './test-catalog';
import { queryArbitrary } from './test-arbitraries';

/** parse() either succeeds (and then round-trips through print) or throws a VqlError with a sane position. */
function check(text: string): void {
  let q;
  try {
    q = parse(text);
  } catch (e) {
    if (!(e instanceof VqlError)) throw new Error(`non-VqlError for ${JSON.stringify(text)}: ${String(e)}`);
    expect(['syntax', 'invalid_value']).toContain(e.kind);
    expect(e.position).toBeGreaterThanOrEqual(0);
    expect(e.position).toBeLessThanOrEqual(text.length);
    expect(e.message).toMatch(/position \d+/);
    return;
  }
  expect(parse(print(q))).toEqual(q);
  evaluateOrVqlError(q);
}

const catalog = makeCatalog();

/** evaluate() on the test catalog either answers or throws a VqlError. */
function evaluateOrVqlError(q: ReturnType<typeof parse>): void {
  try {
    const r = evaluate(q, catalog);
    expect(r.rows.length).toBeLessThanOrEqual(r.total);
  } catch (e) {
    if (!(e instanceof VqlError)) throw new Error(`non-VqlError from evaluate(${print(q)}): ${String(e)}`);
  }
}

const SNIPPETS = ["'", '\\', '(', ')', ',', '.', '-', '=', '!=', '<', '>', ' AND ', ' OR ', ' WHERE ', ' FROM ', 'SELECT ',
  ' IN ', ' LIKE ', ' BETWEEN ', 'null', 'true', '1e5', '0.', '%', 'STEADYSTATE()', ' FIND ', ' SCOPE ', '"', '\u0000', '\uD800', 'é'];

type Edit = { at: number; del: number; insert: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  del: fc.nat({ max: 4 }),
  insert: fc.oneof(fc.constant(''), fc.string({ maxLength: 3 }), fc.constantFrom(...SNIPPETS)),
});

function applyEdits(text: string, edits: Edit[]): string {
  let s = text;
  for (const e of edits) {
    const at = s.length ? e.at % (s.length + 1) : 0;
    s = s.slice(0, at) + e.insert + s.slice(at + e.del);
  }
  return s;
}

describe('parse never throws anything but VqlError', () => {
  it('random strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...SNIPPETS) })), check), { numRuns: 1000 });
  });
  it('mutated valid queries', () => {
    fc.assert(fc.property(fc.constantFrom(...VALID_QUERIES), fc.array(edit, { minLength: 1, maxLength: 4 }), (q, edits) => check(applyEdits(q, edits))), { numRuns: 1000 });
  });
  it('truncated valid queries', () => {
    for (const q of VALID_QUERIES) for (let i = 0; i <= q.length; i++) check(q.slice(0, i));
  });
});

describe('evaluate never throws anything but VqlError', () => {
  const names = fc.constantFrom('id', 'name__v', 'status__v', 'type__v', 'size__v', 'created__v', 'due__c', 'binder__v',
    'language__v', 'product__v', 'owner__v', 'secret__c', 'user_name__v', 'code__c', 'nope__c');
  const queries = queryArbitrary({
    names,
    paths: fc.oneof({ weight: 5, arbitrary: names }, { weight: 1, arbitrary: fc.constantFrom('owner__vr.user_name__v', 'document_product__vr.name__v', 'x__vr.id') }),
    targets: fc.constantFrom('documents', 'documents', 'users', 'product__v', 'nope__c'),
    relationships: fc.constantFrom('document_product__vr', 'owner__vr', 'x__vr'),
  });
  it('generated ASTs over the test catalog names', () => {
    let answered = 0;
    fc.assert(fc.property(queries, (q) => {
      try {
        evaluate(q, catalog);
        answered++;
      } catch (e) {
        if (!(e instanceof VqlError)) throw e;
      }
    }), { numRuns: 500 });
    expect(answered).toBeGreaterThan(0);
  });
});
