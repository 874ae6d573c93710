/**
 * Domains (endpoints 5–6) and the API usage log of a tenant (gaps.md §4): who may read them,
 * and what they show.
 */
import { apiError } from '../errors';
import type { Tenant } from '../tenants';
import { type User, isDomainAdmin, isTenantAdmin } from '../users';
import { UsageLog } from '../usage';

/**
 * A tenant's application as the real service's clients read it (gaps.md §12): `{name, label}`,
 * the name being the label's API name (`PromoMats` → `promomats__v`) (chosen).
 */
export function applicationOf(label: string): { name: string; label: string } {
  return { name: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}__v`, label };
}

/** Endpoint 5's `domain__v`: the caller's tenant's domain, for its domain administrators only. */
export function domainOf(user: User, tenant: Tenant, includeApplication: boolean) {
  if (!isDomainAdmin(user, tenant)) throw apiError('insufficientAccess', 'Only a domain administrator may read the domain.');
  const domain = tenant.domain;
  return {
    domain_name__v: domain.name,
    domain_type__v: domain.type,
    tenants__v: domain.tenants.map((t) => ({
      id: t.id,
      tenant_name__v: t.name,
      tenant_status__v: t.status,
      tenant_family__v: { name__v: t.family.name, label__v: t.family.label },
      ...(includeApplication && t.application ? { tenant_application__v: [applicationOf(t.application)] } : {}),
    })),
  };
}

/** Endpoint 6: every domain of the caller's active memberships, the current tenant's first. */
export function domainsOf(user: User, tenant: Tenant): { name: string; type: string }[] {
  const seen = new Map<string, string>();
  for (const d of [tenant.domain, ...user.memberships.filter((m) => m.active).map((m) => m.tenant.domain)]) seen.set(d.name, d.type);
  return [...seen].map(([name, type]) => ({ name, type }));
}

/** The usage log of one day of a tenant as CSV, for its domain or tenant administrators only. */
export function usageLogCsv(usage: UsageLog, user: User, tenant: Tenant, date: string): string {
  if (!isTenantAdmin(user, tenant)) throw apiError('insufficientAccess', 'Only a domain or tenant administrator may download the API usage log.');
  return UsageLog.csv(usage.day(tenant.id, date));
}
