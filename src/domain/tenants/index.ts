/** Domains and tenants: who exists, which DNS names reach them, which are active. */
import type { FixtureDomain, FixtureTenant } from '../../fixtures/types';

export interface Tenant {
  id: number;
  dns: string;
  name: string;
  status: 'Active' | 'Inactive';
  family: { name: string; label: string };
  application?: string;
  created: number;
  domain: Domain;
  /** Inactivity timeout of sessions, minutes (gaps.md §3; default 20). */
  sessionTimeoutMinutes: number;
  apiBurstLimit?: number;
  trustedPlatforms: { url: string; organizationId: string }[];
}

export interface Domain {
  name: string;
  type: 'Production' | 'Sandbox' | 'Demo' | 'Test';
  tenants: Tenant[];
}

export const DEFAULT_SESSION_TIMEOUT_MINUTES = 20;

export class TenantDirectory {
  readonly domains: Domain[];
  private readonly byId = new Map<number, Tenant>();
  private readonly byDns = new Map<string, Tenant>();

  constructor(fixture: FixtureDomain[]) {
    this.domains = fixture.map((d) => {
      const domain: Domain = { name: d.name, type: d.type, tenants: [] };
      domain.tenants = d.tenants.map((t) => this.add(t, domain));
      return domain;
    });
  }

  private add(t: FixtureTenant, domain: Domain): Tenant {
    const tenant: Tenant = {
      id: t.id, dns: t.dns, name: t.name, status: t.status, family: t.family, application: t.application,
      created: Date.parse(t.created), domain,
      sessionTimeoutMinutes: t.sessionTimeoutMinutes ?? DEFAULT_SESSION_TIMEOUT_MINUTES,
      apiBurstLimit: t.apiBurstLimit, trustedPlatforms: t.trustedPlatforms ?? [],
    };
    this.byId.set(t.id, tenant);
    this.byDns.set(t.dns.toLowerCase(), tenant);
    return tenant;
  }

  get(id: number): Tenant | undefined {
    return this.byId.get(id);
  }

  /** The tenant a DNS name (a Host header or a /tenants/<dns> prefix) reaches. */
  byDnsName(dns: string | undefined): Tenant | undefined {
    return dns ? this.byDns.get(dns.toLowerCase()) : undefined;
  }

  all(): Tenant[] {
    return [...this.byId.values()];
  }
}

export const isActive = (t: Tenant) => t.status === 'Active';
