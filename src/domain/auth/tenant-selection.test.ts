import { describe, expect, it } from 'vitest';
import type { Domain, Tenant } from '../tenants';
import type { User } from '../users';
import { mostRelevantTenant, selectTenant } from './tenant-selection';

const domain: Domain = { name: 'd', type: 'Production', tenants: [] };
const tenant = (id: number, created: string, status: Tenant['status'] = 'Active'): Tenant => ({
  id, dns: `t${id}.example`, name: `T${id}`, status, family: { name: 'f__v', label: 'F' }, created: Date.parse(created), domain,
  sessionTimeoutMinutes: 20, trustedPlatforms: [],
});
const t1 = tenant(1, '2019-01-01');
const t2 = tenant(2, '2018-01-01');
const t3 = tenant(3, '2017-01-01', 'Inactive');
const t4 = tenant(4, '2020-01-01');
const all = [t1, t2, t3, t4];
const byDns = (dns: string) => all.find((t) => t.dns === dns.toLowerCase());

function user(memberships: [Tenant, string, boolean?][], lastLoginTenant?: number): User {
  return {
    id: 1, username: 'u', name: 'U', status: 'active', domainAdmin: new Set(), lastLoginTenant,
    memberships: memberships.map(([t, since, active = true]) => ({ tenant: t, since: Date.parse(since), admin: false, active })),
  };
}

describe('selectTenant (rule 5)', () => {
  it('takes the named tenant when the user can access it', () => {
    const u = user([[t1, '2020-01-01'], [t4, '2021-01-01']], 1);
    expect(selectTenant(u, 't4.example', byDns)).toBe(t4);
    expect(selectTenant(u, 'T4.EXAMPLE', byDns)).toBe(t4);
  });

  it('falls back to the most relevant tenant for an unknown, foreign or inactive DNS, or none', () => {
    const u = user([[t1, '2020-01-01'], [t3, '2010-01-01'], [t4, '2021-01-01']], 4);
    for (const dns of ['nowhere.example', 't2.example', 't3.example', undefined]) expect(selectTenant(u, dns, byDns), String(dns)).toBe(t4);
  });

  it('an inactive membership of an active tenant does not count', () => {
    const u = user([[t1, '2020-01-01'], [t4, '2021-01-01', false]], 1);
    expect(selectTenant(u, 't4.example', byDns)).toBe(t1);
  });
});

describe('mostRelevantTenant (rule 5.2)', () => {
  it('is the last-login tenant when it is still accessible', () => {
    expect(mostRelevantTenant(user([[t1, '2020-01-01'], [t4, '2021-01-01']], 4))).toBe(t4);
  });

  it('else the oldest active membership, whatever the listing order', () => {
    expect(mostRelevantTenant(user([[t4, '2021-01-01'], [t1, '2019-06-01'], [t3, '2010-01-01']]))).toBe(t1);
    // Last login at an inactive tenant: the same.
    expect(mostRelevantTenant(user([[t4, '2021-01-01'], [t1, '2019-06-01'], [t3, '2010-01-01']], 3))).toBe(t1);
    // Last login at a tenant the user left (membership inactive).
    expect(mostRelevantTenant(user([[t4, '2021-01-01'], [t1, '2022-06-01', false]], 1))).toBe(t4);
  });

  it('ties on the membership date go to the older tenant', () => {
    expect(mostRelevantTenant(user([[t1, '2020-01-01'], [t2, '2020-01-01']]))).toBe(t2);
  });

  it('is undefined without an active membership (rule 5.3)', () => {
    expect(mostRelevantTenant(user([[t3, '2010-01-01']], 3))).toBeUndefined();
    expect(mostRelevantTenant(user([]))).toBeUndefined();
  });
});
