/**
 * Absolute addresses dms-sim hands out (gaps.md §5), built from the public base so that links
 * work behind a proxy or container, and from the way the client reached the tenant: by Host
 * (the tenant's DNS name) or by the `/tenants/<dns>` path prefix.
 */
import type { Tenant } from '../domain/tenants';

export type ReachedBy = 'host' | 'prefix' | 'plain';

export class Addresses {
  constructor(
    /** The public base without a trailing slash, e.g. `http://localhost:8080`. */
    readonly publicUrl: string,
    readonly reachedBy: ReachedBy,
    /** The port the client used with a Host name (host mode). */
    private readonly hostPort: string = '',
    /** The DNS name the request named (host and prefix modes). */
    private readonly dns?: string,
  ) {}

  /** `{base_url}/api` of the address the client used, whether or not it names a tenant. */
  requestApi(): string {
    if (this.reachedBy === 'plain' || !this.dns) return `${this.publicUrl}/api`;
    if (this.reachedBy === 'prefix') return `${this.publicUrl}/tenants/${this.dns}/api`;
    const scheme = this.publicUrl.split('://')[0];
    return `${scheme}://${this.dns}${this.hostPort ? `:${this.hostPort}` : ''}/api`;
  }

  /** `{base_url}` of a tenant: its DNS host (host mode), else `<public>/tenants/<dns>`. */
  tenantBase(tenant: Tenant): string {
    if (this.reachedBy === 'host') {
      const scheme = this.publicUrl.split('://')[0];
      return `${scheme}://${tenant.dns}${this.hostPort ? `:${this.hostPort}` : ''}`;
    }
    return `${this.publicUrl}/tenants/${tenant.dns}`;
  }

  /** `{base_url}/api` of a tenant (tenantIds[].url: no trailing slash). */
  tenantApi(tenant: Tenant): string {
    return `${this.tenantBase(tenant)}/api`;
  }

  /** The last tenant api() was asked about, and its tenantApi (a request's addresses are of one tenant, asked for many times). */
  private apiOf: { tenant: Tenant; base: string } | undefined;

  /**
   * An address under a tenant's versioned API: api(t, 'v25.3', 'objects', 'documents', 12). Each
   * segment percent-encoded (a safe integer's text needs none); built by appending (an array, a map and a
   * join cost ~0.6 µs more a call, and a retrieved document has a few of them).
   */
  api(tenant: Tenant, version: string, ...segments: (string | number)[]): string {
    if (this.apiOf?.tenant !== tenant) this.apiOf = { tenant, base: this.tenantApi(tenant) };
    let url = `${this.apiOf.base}/${version}`;
    // a whole number's text needs no encoding (1e21's does: `1e+21`)
    for (const s of segments) url += `/${Number.isSafeInteger(s) ? String(s) : encodeURIComponent(String(s))}`;
    return url;
  }

  /** `{auth_url}` addresses: the login server and the built-in authorization server. */
  auth(path: string): string {
    if (!path) return this.publicUrl;
    return `${this.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }
}
