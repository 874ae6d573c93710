/** Endpoints 5 (domain, administrators) and 6 (the caller's domains). */
import { expect } from 'vitest';
import { ContractViolation, success } from '../lib/client';
import { admin, area, check, contract, user1 } from '../lib/check';

area('domains', 'domain information (endpoints 5 and 6)', () => {
  check('the caller\'s domains: at least the current tenant\'s domain, each with name and type', async () => {
    const c = user1();
    const a = success(await c.get(c.v('/objects/domains'), { expectOp: 'listDomains' }));
    expect(a.json.domains.length, 'the current tenant\'s domain is listed').toBeGreaterThan(0);
    const names = a.json.domains.map((d: { name: string }) => d.name);
    expect(new Set(names).size, 'no domain twice').toBe(names.length);
  });

  check('the domain: SUCCESS for a domain administrator (the current tenant among its tenants), else FAILURE INSUFFICIENT_ACCESS', async () => {
    const c = user1();
    const a = await c.get(c.v('/objects/domain'), { expectOp: 'getDomain' });
    if (a.json.responseStatus === 'FAILURE') {
      expect(a.json.errors[0].type, 'a non-administrator is refused').toBe('INSUFFICIENT_ACCESS');
      return;
    }
    success(a);
    const ids = a.json.domain__v.tenants__v.map((t: { id: number }) => t.id);
    if (contract.user1.state === 'ok' && contract.user1.tenantId !== undefined) expect(ids, 'the current tenant is in its domain').toContain(contract.user1.tenantId);
    for (const t of a.json.domain__v.tenants__v) {
      if ('tenant_application__v' in t) throw new ContractViolation(`tenant ${t.id} carries tenant_application__v without include_application=true`);
    }
    const withApp = success(await c.get(c.v('/objects/domain'), { query: { include_application: true }, expectOp: 'getDomain' }));
    for (const t of withApp.json.domain__v.tenants__v) expectApplications(t);
    const domains = success(await c.get(c.v('/objects/domains'), { expectOp: 'listDomains' })).json.domains.map((d: { name: string }) => d.name);
    expect(domains, 'the domain list holds this domain').toContain(a.json.domain__v.domain_name__v);
  });

  check('the domain for an administrator (CONTRACT_ADMIN_USERNAME): SUCCESS, tenants with ids, names and status', async () => {
    const c = admin();
    const j = success(await c.get(c.v('/objects/domain'), { expectOp: 'getDomain' })).json;
    const ids = j.domain__v.tenants__v.map((t: { id: number }) => t.id);
    expect(ids.length, 'at least the current tenant').toBeGreaterThan(0);
    expect(new Set(ids).size, 'no tenant twice').toBe(ids.length);
    if (contract.admin.state === 'ok' && contract.admin.tenantId !== undefined) expect(ids, 'the current tenant is in its domain').toContain(contract.admin.tenantId);
    const withApp = success(await c.get(c.v('/objects/domain'), { query: { include_application: true }, expectOp: 'getDomain' })).json;
    for (const t of withApp.domain__v.tenants__v) expectApplications(t);
    // gaps.md §12: a boolean query parameter in any letter case (a published Python client sends True).
    const mixedCase = success(await c.get(c.v('/objects/domain'), { query: { include_application: 'True' }, expectOp: 'getDomain' })).json;
    for (const t of mixedCase.domain__v.tenants__v) expectApplications(t);
    for (const t of j.domain__v.tenants__v) expect(t, `tenant ${t.id} without include_application`).not.toHaveProperty('tenant_application__v');
  });
});

/** gaps.md §12: with include_application=true, each tenant's tenant_application__v is an array of {name, label}. */
function expectApplications(t: { id: number; tenant_application__v?: unknown }): void {
  const apps = t.tenant_application__v;
  expect(Array.isArray(apps), `tenant ${t.id}: tenant_application__v is an array`).toBe(true);
  for (const a of apps as { name?: unknown; label?: unknown }[]) {
    expect(typeof a.name, `tenant ${t.id}: tenant_application__v[].name`).toBe('string');
    expect(typeof a.label, `tenant ${t.id}: tenant_application__v[].label`).toBe('string');
  }
}
