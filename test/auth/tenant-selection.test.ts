/**
 * Authentication rules 5 and 6 over HTTP: which tenant endpoint 1 creates the session for (body
 * tenantDNS, Host header, /tenants/<dns> prefix, the most relevant tenant), and tenantIds whose
 * addresses work when followed (gaps.md §5, §11).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASE, PASSWORD, type TestSim, V } from '../helpers/sim';
import { authSim } from './sim';

// A describe block shares one simulator (beforeAll) when its tests cannot disturb each other,
// else each test gets its own (beforeEach): creating a simulator is the costly part of a test.
let sim: TestSim;
const shared = () => beforeAll(() => {
  sim = authSim();
});
const fresh = () => beforeEach(() => {
  sim = authSim();
});
afterEach(() => {
  expect(sim.breaches).toEqual([]);
});

const ALICE = 'alice@acme.example';
const ADMIN = 'domain.admin@acme.example';

async function login(username: string, opts: { tenantDNS?: string; host?: string; prefix?: string } = {}) {
  const form: Record<string, string> = { username, password: PASSWORD };
  if (opts.tenantDNS !== undefined) form.tenantDNS = opts.tenantDNS;
  const res = await sim.call('POST', `${opts.prefix ?? ''}/api/${V}/auth`, { form, headers: opts.host ? { Host: opts.host } : {} });
  const body = await res.json();
  return { res, body };
}

/** A GET as a real client sends it: the Host header is the address's host. */
async function follow(url: string, session: string) {
  const res = await sim.call('GET', url, { headers: { Host: new URL(url).host, Authorization: session } });
  return res.json();
}

describe('rule 5.1: body tenantDNS, else the request host', () => {
  shared();

  it('the body tenantDNS names the tenant', async () => {
    expect((await login(ALICE, { tenantDNS: 'promo.acme.example' })).body.tenantId).toBe(1001);
    expect((await login(ALICE, { tenantDNS: 'quality.acme.example' })).body.tenantId).toBe(1002);
    // DNS names are case-insensitive.
    expect((await login(ALICE, { tenantDNS: 'PROMO.acme.example' })).body.tenantId).toBe(1001);
  });

  it('without tenantDNS, the Host header names the tenant', async () => {
    expect((await login(ALICE, { host: 'promo.acme.example' })).body.tenantId).toBe(1001);
    expect((await login(ALICE, { host: 'quality.acme.example' })).body.tenantId).toBe(1002);
    expect((await login(ALICE, { host: 'promo.acme.example:8080' })).body.tenantId).toBe(1001);
  });

  it('without tenantDNS, the /tenants/<dns> prefix names the tenant', async () => {
    expect((await login(ALICE, { prefix: '/tenants/promo.acme.example' })).body.tenantId).toBe(1001);
    expect((await login(ALICE, { prefix: '/tenants/quality.acme.example' })).body.tenantId).toBe(1002);
  });

  it('the body tenantDNS overrides the Host header and the prefix', async () => {
    expect((await login(ALICE, { host: 'quality.acme.example', tenantDNS: 'promo.acme.example' })).body.tenantId).toBe(1001);
    expect((await login(ALICE, { prefix: '/tenants/promo.acme.example', tenantDNS: 'quality.acme.example' })).body.tenantId).toBe(1002);
  });
});

describe('rule 5.2: an invalid DNS → the most relevant tenant', () => {
  fresh();

  it('a DNS that does not exist → where the user last logged in (alice → quality)', async () => {
    expect((await login(ALICE, { tenantDNS: 'nowhere.example' })).body.tenantId).toBe(1002);
    expect((await login(ALICE, { host: 'nowhere.example' })).body.tenantId).toBe(1002);
    expect((await login(ALICE, { prefix: '/tenants/nowhere.example' })).body.tenantId).toBe(1002);
    // A plain address names no tenant either.
    expect((await login(ALICE)).body.tenantId).toBe(1002);
  });

  it('a tenant the user is not a member of → the most relevant tenant', async () => {
    expect((await login(ALICE, { tenantDNS: 'sandbox.acme-sbx.example' })).body.tenantId).toBe(1002);
    expect((await login('bob@acme.example', { tenantDNS: 'quality.acme.example' })).body.tenantId).toBe(1001);
  });

  it('an inactive tenant → the most relevant tenant', async () => {
    // domain.admin is a member of the inactive archive tenant and never logged in: the oldest
    // active membership wins (promo, 2019-03-01; archive's 2018 membership is inactive).
    const { body } = await login(ADMIN, { tenantDNS: 'archive.acme.example' });
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.tenantId).toBe(1001);
    expect(body.tenantIds.map((t: { id: number }) => t.id)).toEqual([1001, 1002, 2001]);
  });

  it('a user who never logged in → the oldest active membership', async () => {
    expect((await login(ADMIN, { tenantDNS: 'nowhere.example' })).body.tenantId).toBe(1001);
  });

  it('a successful login records the tenant as the last login', async () => {
    expect((await login(ALICE, { tenantDNS: 'promo.acme.example' })).body.tenantId).toBe(1001);
    expect((await login(ALICE)).body.tenantId).toBe(1001);
    expect((await login(ALICE, { host: 'quality.acme.example' })).body.tenantId).toBe(1002);
    expect((await login(ALICE)).body.tenantId).toBe(1002);
    // domain.admin: once logged in to sandbox, an invalid DNS lands there, not on the oldest membership.
    expect((await login(ADMIN, { tenantDNS: 'sandbox.acme-sbx.example' })).body.tenantId).toBe(2001);
    expect((await login(ADMIN, { tenantDNS: 'nowhere.example' })).body.tenantId).toBe(2001);
  });

  it('a failed login does not change the last login', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: ALICE, password: 'wrong', tenantDNS: 'promo.acme.example' } });
    expect((await res.json()).responseStatus).toBe('FAILURE');
    expect((await login(ALICE)).body.tenantId).toBe(1002);
  });

  it('a last-login tenant that became inactive → the oldest active membership', async () => {
    sim.world.tenants.get(1002)!.status = 'Inactive';
    const { body } = await login(ALICE);
    expect(body.tenantId).toBe(1001);
    expect(body.tenantIds).toEqual([{ id: 1001, name: 'Acme PromoMats', url: `${BASE}/tenants/promo.acme.example/api` }]);
    // Named explicitly, the inactive tenant is still not chosen.
    expect((await login(ALICE, { tenantDNS: 'quality.acme.example' })).body.tenantId).toBe(1001);
  });

  it('rule 5.3: no active tenant left → FAILURE INACTIVE_USER', async () => {
    sim.world.tenants.get(1001)!.status = 'Inactive';
    const { body } = await login('bob@acme.example');
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errorType).toBe('AUTHENTICATION_FAILED');
    expect(body.errors[0].type).toBe('INACTIVE_USER');
  });
});

describe('rule 6: tenantId and tenantIds', () => {
  shared();

  it('tenantIds lists every accessible tenant, contains tenantId, and urls end in /api', async () => {
    for (const [username, ids] of [
      [ALICE, [1001, 1002]],
      ['bob@acme.example', [1001]],
      [ADMIN, [1001, 1002, 2001]],
    ] as const) {
      const { body } = await login(username);
      expect(body.tenantIds.map((t: { id: number }) => t.id), username).toEqual(ids);
      expect(ids).toContain(body.tenantId);
      for (const t of body.tenantIds) {
        expect(typeof t.id).toBe('number');
        expect(t.url).toMatch(/\/api$/);
        expect(t.url).toBe(`${BASE}/tenants/${sim.world.tenants.get(t.id)!.dns}/api`);
      }
    }
  });

  it("the session's tenant url works when followed; another tenant's answers INVALID_SESSION_ID", async () => {
    const { body } = await login(ALICE);
    const own = body.tenantIds.find((t: { id: number }) => t.id === body.tenantId);
    const index = await follow(`${own.url}/${V}`, body.sessionId);
    expect(index.responseStatus).toBe('SUCCESS');
    expect(index.values[V]).toBe(`${own.url}/${V}`);
    // And an address under it works too.
    const domains = await follow(`${index.values[V]}/objects/domains`, body.sessionId);
    expect(domains).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Success', domains: [{ name: 'acme', type: 'Production' }] });
    const other = body.tenantIds.find((t: { id: number }) => t.id !== body.tenantId);
    expect((await follow(`${other.url}/${V}`, body.sessionId)).errors[0].type).toBe('INVALID_SESSION_ID');
  });

  it('every tenantIds url is a working base: a login there lands on that tenant', async () => {
    const { body } = await login(ADMIN);
    for (const t of body.tenantIds) {
      const res = await sim.call('POST', `${t.url}/${V}/auth`, { form: { username: ADMIN, password: PASSWORD } });
      const there = await res.json();
      expect(there.tenantId, t.url).toBe(t.id);
      const index = await follow(`${t.url}/${V}`, there.sessionId);
      expect(index.responseStatus).toBe('SUCCESS');
      expect(index.values[V]).toBe(`${t.url}/${V}`);
    }
  });

  it('reached by Host, tenantIds urls are the tenants\' DNS addresses, and work when followed', async () => {
    const { body } = await login(ALICE, { host: 'quality.acme.example' });
    expect(body.tenantId).toBe(1002);
    expect(body.tenantIds).toEqual([
      { id: 1001, name: 'Acme PromoMats', url: 'http://promo.acme.example/api' },
      { id: 1002, name: 'Acme QualityDocs', url: 'http://quality.acme.example/api' },
    ]);
    const index = await follow(`http://quality.acme.example/api/${V}`, body.sessionId);
    expect(index.responseStatus).toBe('SUCCESS');
    expect(index.values[V]).toBe(`http://quality.acme.example/api/${V}`);
    expect((await follow(`http://promo.acme.example/api/${V}`, body.sessionId)).errors[0].type).toBe('INVALID_SESSION_ID');
  });
});

describe('gaps.md §5: a session is valid only at its own tenant', () => {
  fresh();

  it("a session presented to another tenant's prefix or Host → INVALID_SESSION_ID", async () => {
    const promo = await sim.login(ALICE, { tenantDNS: 'promo.acme.example' });
    const ok = await sim.json('GET', `/tenants/promo.acme.example/api/${V}`, promo);
    expect(ok.responseStatus).toBe('SUCCESS');
    const invalid = (at: string) => ({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: `Invalid or expired session ID. This session belongs to tenant [promo.acme.example], not [${at}]: log in with tenantDNS=${at} for a session there, or use the address of promo.acme.example.` }] });
    expect(await sim.json('GET', `/tenants/quality.acme.example/api/${V}`, promo)).toEqual(invalid('quality.acme.example'));
    expect(await sim.json('GET', `/tenants/sandbox.acme-sbx.example/api/${V}`, promo)).toEqual(invalid('sandbox.acme-sbx.example'));
    // A prefix naming no tenant at all is not an address of the service.
    expect(await sim.json('GET', `/tenants/nowhere.example/api/${V}`, promo)).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'MALFORMED_URL', message: `The requested URL [/tenants/nowhere.example/api/${V}] is not valid.` }],
    });
    expect(await sim.json('GET', `/api/${V}`, promo, { headers: { Host: 'quality.acme.example' } })).toEqual(invalid('quality.acme.example'));
    // The session was not harmed by being shown elsewhere.
    expect((await sim.json('GET', `/api/${V}`, promo)).responseStatus).toBe('SUCCESS');
  });
});
