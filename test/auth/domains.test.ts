/**
 * Endpoints 5 and 6 over HTTP (Authentication rule 9): the domain, for domain administrators only
 * (include_application; inactive tenants listed with their status), and the caller's domains.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestSim, V } from '../helpers/sim';
import { authSim } from './sim';

// Each describe block shares one simulator: its tests do not disturb each other.
let sim: TestSim;
const shared = () => beforeAll(() => {
  sim = authSim();
});
afterEach(() => {
  expect(sim.breaches).toEqual([]);
});

const ADMIN = 'domain.admin@acme.example';
const acmeTenants = [
  { id: 1001, tenant_name__v: 'Acme PromoMats', tenant_status__v: 'Active', tenant_family__v: { name__v: 'commercial__v', label__v: 'Commercial' } },
  { id: 1002, tenant_name__v: 'Acme QualityDocs', tenant_status__v: 'Active', tenant_family__v: { name__v: 'quality__v', label__v: 'Quality' } },
  { id: 1003, tenant_name__v: 'Acme Clinical Archive', tenant_status__v: 'Inactive', tenant_family__v: { name__v: 'clinical__v', label__v: 'Clinical Operations' } },
];
const applications: Record<number, string> = { 1001: 'PromoMats', 1002: 'QualityDocs', 1003: 'eTMF', 2001: 'PromoMats' };

describe('endpoint 5: the domain (domain administrators)', () => {
  shared();

  it('lists every tenant of the domain, inactive ones with their status; no application by default', async () => {
    const s = await sim.login(ADMIN, { tenantDNS: 'promo.acme.example' });
    const expected = {
      responseStatus: 'SUCCESS', responseMessage: 'Success',
      domain__v: { domain_name__v: 'acme', domain_type__v: 'Production', tenants__v: acmeTenants },
    };
    expect(await sim.json('GET', `/api/${V}/objects/domain`, s, { headers: { 'Content-Type': 'application/json' } })).toEqual(expected);
    expect(await sim.json('GET', `/api/${V}/objects/domain?include_application=false`, s)).toEqual(expected);
  });

  it('include_application=true adds tenant_application__v', async () => {
    const s = await sim.login(ADMIN, { tenantDNS: 'quality.acme.example' });
    const body = await sim.json('GET', `/api/${V}/objects/domain?include_application=true`, s);
    // A client reads tenant_application__v[0].label (gaps.md §12: an array of {name, label}).
    expect(body.domain__v.tenants__v).toEqual(acmeTenants.map((t) => ({ ...t, tenant_application__v: [{ name: `${applications[t.id].toLowerCase()}__v`, label: applications[t.id] }] })));
    expect((await sim.json('GET', `/api/${V}/objects/domain?include_application=maybe`, s)).errors[0].type).toBe('INVALID_DATA');
  });

  it("is the domain of the session's tenant, and administration is per domain", async () => {
    // domain.admin administers acme only: at the sandbox tenant (domain acme-sbx) it is refused.
    const s = await sim.login(ADMIN, { tenantDNS: 'sandbox.acme-sbx.example' });
    expect((await sim.json('GET', `/api/${V}/objects/domain`, s)).errors[0].type).toBe('INSUFFICIENT_ACCESS');
    sim.world.users.byUsername(ADMIN)!.domainAdmin.add('acme-sbx');
    expect((await sim.json('GET', `/api/${V}/objects/domain?include_application=true`, s)).domain__v).toEqual({
      domain_name__v: 'acme-sbx', domain_type__v: 'Sandbox',
      tenants__v: [{ id: 2001, tenant_name__v: 'Acme PromoMats Sandbox', tenant_status__v: 'Active', tenant_family__v: { name__v: 'commercial__v', label__v: 'Commercial' }, tenant_application__v: [{ name: 'promomats__v', label: 'PromoMats' }] }],
    });
  });

  it('anyone else (a tenant administrator included) → INSUFFICIENT_ACCESS', async () => {
    for (const user of ['alice@acme.example', 'bob@acme.example', 'tenant.admin@acme.example']) {
      const body = await sim.json('GET', `/api/${V}/objects/domain`, await sim.login(user));
      expect(body, user).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INSUFFICIENT_ACCESS', message: expect.any(String) }] });
    }
  });

  it('answers XML as <ApiRestResult> when asked', async () => {
    const s = await sim.login(ADMIN, { tenantDNS: 'promo.acme.example' });
    const res = await sim.call('GET', `/api/${V}/objects/domain`, { headers: { Authorization: s, Accept: 'application/xml' } });
    const r = new XMLParser({ parseTagValue: false }).parse(await res.text()).ApiRestResult;
    expect(r.domain__v.domain_name__v).toBe('acme');
    expect(r.domain__v.tenants__v.item.map((t: { tenant_status__v: string }) => t.tenant_status__v)).toEqual(['Active', 'Active', 'Inactive']);
  });

  it('requires a session', async () => {
    expect((await sim.json('GET', `/api/${V}/objects/domain`)).errors[0].type).toBe('INVALID_SESSION_ID');
  });
});

describe("endpoint 6: the caller's domains", () => {
  shared();

  it('alice: her one domain', async () => {
    const s = await sim.login('alice@acme.example');
    const res = await sim.call('GET', `/api/${V}/objects/domains`, { headers: { Authorization: s, 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(await res.json()).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Success', domains: [{ name: 'acme', type: 'Production' }] });
  });

  it("a member of two domains gets both, the current tenant's first", async () => {
    const promo = await sim.login(ADMIN, { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/domains`, promo)).domains).toEqual([
      { name: 'acme', type: 'Production' }, { name: 'acme-sbx', type: 'Sandbox' },
    ]);
    const sbx = await sim.login(ADMIN, { tenantDNS: 'sandbox.acme-sbx.example' });
    expect((await sim.json('GET', `/api/${V}/objects/domains`, sbx)).domains).toEqual([
      { name: 'acme-sbx', type: 'Sandbox' }, { name: 'acme', type: 'Production' },
    ]);
  });

  it('takes username and client_id from the query string (gaps.md §11)', async () => {
    const s = await sim.login('bob@acme.example');
    const q = await sim.json('GET', `/api/${V}/objects/domains?username=bob@acme.example&client_id=x`, s);
    expect(q.domains).toEqual([{ name: 'acme', type: 'Production' }]);
  });
});
