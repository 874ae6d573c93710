/**
 * Which tenant a new session is for (Authentication rule 5):
 * 1. the body's tenantDNS, else the DNS of the request host;
 * 2. if that DNS is invalid for the user (no such tenant, not a member, tenant inactive), the
 *    user's most relevant tenant: where they last logged in, else the oldest active membership;
 * 3. no active membership at all → undefined (the caller answers FAILURE).
 */
import { type Tenant, isActive } from '../tenants';
import { type User, accessibleTenants } from '../users';

export function selectTenant(user: User, dns: string | undefined, byDns: (dns: string) => Tenant | undefined): Tenant | undefined {
  const accessible = accessibleTenants(user);
  const named = dns ? byDns(dns) : undefined;
  if (named && accessible.some((t) => t.id === named.id)) return named;
  return mostRelevantTenant(user);
}

/** The last-login tenant if still accessible, else the oldest active membership (ties: oldest tenant). */
export function mostRelevantTenant(user: User): Tenant | undefined {
  const accessible = accessibleTenants(user);
  const last = accessible.find((t) => t.id === user.lastLoginTenant);
  if (last) return last;
  const memberships = user.memberships
    .filter((m) => m.active && isActive(m.tenant))
    .sort((a, b) => a.since - b.since || a.tenant.created - b.tenant.created || a.tenant.id - b.tenant.id);
  return memberships[0]?.tenant;
}
