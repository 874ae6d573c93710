/**
 * Turns the document's path templates into Hono routes. A segment that holds one parameter
 * becomes `:name`; a segment with several (`{component_type}.{record_name}`) becomes one
 * regex parameter that `splitParams` takes apart again by the template.
 */

export interface RouteShape {
  /** The Hono path, e.g. `/api/:version/configuration/:s3{[^/.]+\.[^/]+}`. */
  honoPath: string;
  /** Recovers the template's parameters from Hono's. */
  splitParams(hono: Record<string, string>): Record<string, string>;
  /** Matches a normalised path against the template (for wrong-method answers). */
  matches(path: string): boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function routeShape(template: string): RouteShape {
  const trimmed = template.length > 1 ? template.replace(/\/+$/, '') : template;
  const segments = trimmed.split('/');
  const composite: { key: string; names: string[]; re: RegExp }[] = [];
  const hono = segments.map((seg, i) => {
    const names = [...seg.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    if (names.length === 0) return seg;
    if (names.length === 1 && seg === `{${names[0]}}`) return `:${names[0]}`;
    // Every parameter but the last stops at the literal that follows it (a dot, typically).
    const parts = seg.split(/\{[^}]+\}/);
    let pattern = '';
    names.forEach((_, j) => {
      pattern += escape(parts[j]) + (j < names.length - 1 ? `([^/${escape(parts[j + 1][0] ?? '/')}]+)` : '([^/]+)');
    });
    pattern += escape(parts[names.length]);
    const key = `s${i}`;
    composite.push({ key, names, re: new RegExp(`^${pattern}$`) });
    return `:${key}{${pattern.replace(/[()]/g, '')}}`;
  });
  const full = new RegExp(
    '^' + segments.map((seg) => escape(seg).replace(/\\\{[^}]+\\\}/g, '[^/]+')).join('/') + '$',
  );
  return {
    honoPath: hono.join('/') || '/',
    splitParams(params) {
      const out: Record<string, string> = { ...params };
      for (const c of composite) {
        const m = c.re.exec(params[c.key] ?? '');
        delete out[c.key];
        if (m) c.names.forEach((n, j) => (out[n] = m[j + 1]));
      }
      return out;
    },
    matches: (path) => full.test(path),
  };
}
