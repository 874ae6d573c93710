/**
 * The service app's router (issue 19): the operations' routes (router.ts shapes them) matched
 * by one regular expression each, tried in the order they were added, among the routes of the
 * request's method with as many segments as its path. The first that matches answers, as with
 * Hono's own routers (they find every match and run them in the order added; no operation's
 * handler calls the next). Hono's TrieRouter (the one its SmartRouter chose: the composite
 * segments, `{component_type}.{record_name}`, are beyond its RegExpRouter) walked every branch
 * a path could take and cost 3–6 µs of a 40–100 µs request.
 *
 * Equal to TrieRouter for these routes (a test compares both on many paths): a `:name` segment
 * takes one non-empty segment, a `:name{pattern}` segment one segment that the pattern matches
 * whole, and a literal segment itself.
 */
import type { Result, Router } from 'hono/router';

interface Compiled<T> {
  readonly handler: T;
  readonly re: RegExp;
  readonly names: readonly string[];
}

/** One segment of a Hono path as a regular expression, and the name of its parameter if any. */
function segmentOf(label: string): { source: string; name?: string } {
  const param = /^:([^{}]+)(?:\{(.+)\})?$/.exec(label);
  if (!param) return { source: label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') };
  return { source: param[2] ? `(${param[2].replace(/\((?!\?)/g, '(?:')})` : '([^/]+)', name: param[1] };
}

export class OperationRouter<T> implements Router<T> {
  readonly name = 'OperationRouter';
  /** Routes by `METHOD segments` (the number of `/` in the path), in the order added. */
  private readonly byShape = new Map<string, Compiled<T>[]>();

  add(method: string, path: string, handler: T): void {
    // Only what the operations' routes use: a middleware (`ALL`, `*`) or an optional parameter would be ignored silently.
    if (method === 'ALL' || /\*|:[^/{]*\?/.test(path.replace(/\{[^}]*\}/g, ''))) throw new Error(`OperationRouter: ${method} ${path} is not an operation's route (no middleware, wildcard or optional parameter)`);
    // (a pattern may hold a `/` of its own, in a character class: split outside braces only)
    const labels = path.match(/\/(?:\{[^}]*\}|[^/{])*/g)?.map((label) => label.slice(1)) ?? [''];
    const names: string[] = [];
    const source = labels.map((label) => {
      const s = segmentOf(label);
      if (s.name !== undefined) names.push(s.name);
      return s.source;
    });
    const key = `${method} ${labels.length}`;
    const routes = this.byShape.get(key) ?? [];
    routes.push({ handler, re: new RegExp(`^/${source.join('/')}$`), names });
    this.byShape.set(key, routes);
  }

  match(method: string, path: string): Result<T> {
    let segments = 0;
    for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) segments++;
    const routes = this.byShape.get(`${method} ${segments}`);
    if (routes) {
      for (const route of routes) {
        const m = route.re.exec(path);
        if (!m) continue;
        const params: Record<string, string> = {};
        for (let i = 0; i < route.names.length; i++) params[route.names[i]] = m[i + 1];
        return [[[route.handler, params]]];
      }
    }
    return [[]];
  }
}
