/**
 * Which tenant a request addresses (gaps.md §5): a Host header naming a tenant's DNS, or the
 * `/tenants/<dns>` path prefix; otherwise none (plain `/api/...`: the session's tenant).
 */
import type { ReachedBy } from './addresses';

const PREFIX = /^\/tenants\/([^/]+)(?=\/|$)/;

/** The path the router matches: repeated slashes collapsed, tenant prefix and trailing slash removed. */
export function routingPath(pathname: string): string {
  // The regular expressions only when they can change something (this runs twice per request).
  let p = pathname.includes('//') ? pathname.replace(/\/{2,}/g, '/') : pathname;
  if (p.startsWith('/tenants/')) p = p.replace(PREFIX, '');
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p || '/';
}

export interface Tenancy {
  /** The DNS name the request names (it may match no tenant). */
  dns?: string;
  reachedBy: ReachedBy;
  /** The port of the Host header, for addresses in host mode. */
  hostPort: string;
}

/** The last Host split (a client sends the same one on every request: lower-cased and split once). */
let lastHost = '';
let lastHostName = '';
let lastHostPort = '';

export function tenancyOf(pathname: string, host: string | null | undefined, isTenantDns: (dns: string) => boolean): Tenancy {
  if ((host ?? '') !== lastHost) {
    lastHost = host ?? '';
    [lastHostName, lastHostPort = ''] = lastHost.toLowerCase().split(':');
  }
  const hostName = lastHostName;
  const hostPort = lastHostPort;
  const collapsed = pathname.includes('//') ? pathname.replace(/\/{2,}/g, '/') : pathname;
  const prefixed = collapsed.startsWith('/tenants/') ? PREFIX.exec(collapsed) : null;
  if (prefixed) {
    let dns: string | undefined;
    try {
      dns = decodeURIComponent(prefixed[1]).toLowerCase();
    } catch {
      dns = undefined; // not percent-decodable: names no tenant
    }
    return { dns, reachedBy: 'prefix', hostPort };
  }
  if (hostName && isTenantDns(hostName)) return { dns: hostName, reachedBy: 'host', hostPort };
  return { dns: hostName || undefined, reachedBy: 'plain', hostPort };
}
