import fc from 'fast-check';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../openapi/load';
import { OperationRouter } from './operation-router';
import { routeShape } from './router';
import { routingPath } from './tenancy';

// The operations' routes in the app's order (app.ts: the most literal template first), each answering its index.
const operations = loadOpenApi().operations;
const literal = (path: string) => path.replace(/\{[^}]+\}/g, '').length;
const ordered = [...operations].sort((a, b) => literal(b.path) - literal(a.path));
const ours = new OperationRouter<number>();
const trie = new TrieRouter<number>();
ordered.forEach((op, i) => {
  ours.add(op.method.toUpperCase(), routeShape(op.path).honoPath, i);
  trie.add(op.method.toUpperCase(), routeShape(op.path).honoPath, i);
});
const METHODS = [...new Set(ordered.map((op) => op.method.toUpperCase())), 'PATCH'];

/** What a router picks: the first match (the one Hono runs) and its parameters. */
function picked(router: OperationRouter<number> | TrieRouter<number>, method: string, path: string) {
  const [matches] = router.match(method, path) as [[number, Record<string, string>][]];
  return matches.length === 0 ? undefined : { route: matches[0][0], params: { ...matches[0][1] } };
}

/** A value for a template's parameter: ids, names, dotted names, odd characters, empty. */
const value = fc.oneof(fc.constantFrom('v25.3', '12', 'promotional__c', 'Doctype.promo__c', 'a.b.c', '.x', 'x.', '%2F', 'é', ''), fc.stringMatching(/^[a-z0-9._~%-]{0,12}$/));

/** A path from a template, its parameters filled in, sometimes with a segment added or dropped. */
const pathFromTemplate = fc.tuple(fc.constantFrom(...ordered.map((op) => op.path)), fc.array(value, { minLength: 4, maxLength: 4 }), fc.constantFrom('', '/extra', 'drop')).map(([template, values, change]) => {
  let k = 0;
  let path = template.replace(/\{[^}]+\}/g, () => values[k++ % values.length]);
  if (change === 'drop') path = path.slice(0, Math.max(1, path.lastIndexOf('/')));
  else path += change;
  return routingPath(path);
});

describe('OperationRouter', () => {
  it('picks the route and parameters that Hono\'s TrieRouter picks, for paths made from every template (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...METHODS), pathFromTemplate, (method, path) => {
      expect(picked(ours, method, path), `${method} ${path}`).toEqual(picked(trie, method, path));
    }), { numRuns: 3000 });
  });

  it('answers each operation\'s own template, filled in, with that operation', () => {
    let itself = 0;
    for (const [i, op] of ordered.entries()) {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name.endsWith('version') ? 'v25.3' : `x${name.length}`));
      const got = picked(ours, op.method.toUpperCase(), path);
      expect(got, `${op.method} ${path}`).toEqual(picked(trie, op.method.toUpperCase(), path));
      if (got?.route === i) itself++;
    }
    // (a template filled in so may be taken by a more literal one added before it, as Hono's router does too)
    expect(itself).toBeGreaterThan(ordered.length * 0.9);
    const retrieve = ordered.findIndex((op) => op.method === 'get' && op.path === '/api/{version}/objects/documents/{doc_id}');
    expect(retrieve).toBeGreaterThanOrEqual(0);
    expect(picked(ours, 'GET', '/api/v25.3/objects/documents/17')).toEqual({ route: retrieve, params: { version: 'v25.3', doc_id: '17' } });
    const record = ordered.findIndex((op) => op.method === 'get' && op.path === '/api/mdl/components/{component_type}.{record_name}');
    expect(picked(ours, 'GET', '/api/mdl/components/Doctype.promo__c')).toEqual({ route: record, params: { s4: 'Doctype.promo__c' } });
    expect(picked(ours, 'GET', '/nothing/here')).toBeUndefined();
    // what no operation's route has is refused, not ignored
    for (const [method, path] of [['ALL', '/api'], ['GET', '/api/*'], ['GET', '/api/:version?']]) expect(() => new OperationRouter().add(method, path, 0), path).toThrow(/not an operation's route/);
    new OperationRouter().add('GET', '/api/mdl/components/:s4{[^/\\.]+\\.[^/]+}/files', 0);
    expect(picked(ours, 'DELETE', '/api/')).toBeUndefined();
  });
});
