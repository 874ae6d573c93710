/** A tenant and its users for the documents domain's unit tests (store, list answers, list orders). */
import type { Domain, Tenant } from '../tenants';
import type { User } from '../users';

export const domain: Domain = { name: 'acme', type: 'Production', tenants: [] };
export const tenant: Tenant = {
  id: 1, dns: 't.acme.example', name: 'T', status: 'Active', family: { name: 'f', label: 'F' }, created: 0, domain,
  sessionTimeoutMinutes: 20, trustedPlatforms: [],
};
/** A member of `tenant`; `admin`: its tenant administrator. */
export const userOf = (id: number, admin = false): User => ({
  id, username: `u${id}@acme.example`, name: `U${id}`, status: 'active', domainAdmin: new Set(), memberships: [{ tenant, since: 0, admin, active: true }],
});
