/**
 * What a fault rule, a journal filter and verify match a request on: `operationId`, `method`,
 * `path` (a glob: glob.ts), `tenant` (DNS name or id) and `user` (user name, case-insensitive, or
 * id). A field left out matches everything; all given fields must match.
 */
import { type PathGlob, pathGlob } from './glob';

export interface Matcher {
  operationId?: string;
  method?: string;
  path?: string;
  tenant?: string;
  user?: string;
}

/** The facts of one request the matchers read. */
export interface RequestFacts {
  operationId: string;
  method: string;
  /** The path as received (a /tenants/<dns> prefix included), without the query string. */
  path: string;
  tenant?: { id: number; dns: string };
  user?: { id: number; username: string };
}

export const MATCH_FIELDS = ['operationId', 'method', 'path', 'tenant', 'user'] as const;

/** A compiled matcher; `undefined` fields match everything. */
export type RequestTest = (facts: RequestFacts) => boolean;

const TENANT_PREFIX = /^\/tenants\/[^/]+(?=\/)/;

/**
 * Reads the match fields of `input` (strings; `tenant`/`user` may be numbers), throwing an Error
 * with a message for the client when one has the wrong type.
 */
export function readMatcher(input: Record<string, unknown>): Matcher {
  const m: Matcher = {};
  for (const key of MATCH_FIELDS) {
    const v = input[key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'number' && (key === 'tenant' || key === 'user')) m[key] = String(v);
    else if (typeof v !== 'string' || v === '') throw new Error(`"${key}" must be a non-empty string`);
    else m[key] = v;
  }
  return m;
}

export function compileMatcher(m: Matcher): RequestTest {
  const glob: PathGlob | undefined = m.path !== undefined ? pathGlob(m.path) : undefined;
  const method = m.method?.toUpperCase();
  const user = m.user?.toLowerCase();
  return (f) => {
    if (m.operationId !== undefined && f.operationId !== m.operationId) return false;
    if (method !== undefined && f.method.toUpperCase() !== method) return false;
    // (chosen) The glob is tried on the path as received and without a /tenants/<dns> prefix.
    if (glob && !glob(f.path) && !glob(f.path.replace(TENANT_PREFIX, ''))) return false;
    if (m.tenant !== undefined && (!f.tenant || (f.tenant.dns.toLowerCase() !== m.tenant.toLowerCase() && String(f.tenant.id) !== m.tenant))) return false;
    if (user !== undefined && (!f.user || (f.user.username.toLowerCase() !== user && String(f.user.id) !== user))) return false;
    return true;
  };
}
