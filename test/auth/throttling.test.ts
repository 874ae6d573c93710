/**
 * Throttling over HTTP (gaps.md §4): the authentication burst of endpoint 1 (per user name +
 * domain, 1-minute window; delayed from half the limit, refused once spent) and the per-tenant
 * API burst (5-minute window; delayed, never refused), on the simulator clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, type TestSim, V } from '../helpers/sim';
import { authSim } from './sim';

const sims: TestSim[] = [];
function make(settings: Parameters<typeof authSim>[0] = {}) {
  const sim = authSim(settings);
  sims.push(sim);
  return sim;
}
afterEach(() => {
  for (const sim of sims.splice(0)) expect(sim.breaches).toEqual([]);
});

async function attempt(sim: TestSim, username: string, opts: { tenantDNS?: string; password?: string } = {}) {
  const form: Record<string, string> = { username, password: opts.password ?? PASSWORD };
  if (opts.tenantDNS) form.tenantDNS = opts.tenantDNS;
  const res = await sim.call('POST', `/api/${V}/auth`, { form });
  const body = await res.json();
  const h = res.headers;
  return {
    body,
    status: body.responseStatus as string,
    type: body.errors?.[0]?.type as string | undefined,
    limit: h.get('X-TenantAPI-BurstLimit'),
    remaining: h.get('X-TenantAPI-BurstLimitRemaining'),
    delay: h.get('X-TenantAPI-ResponseDelay'),
  };
}

describe('authentication burst (endpoint 1)', () => {
  it('delays calls above half the limit, refuses once the burst is spent, until the window ends', async () => {
    const sim = make({ settings: { authBurstLimit: 4 } });
    const a = 'alice@acme.example';
    const opts = { tenantDNS: 'promo.acme.example' };
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attempt(sim, a, opts));
    expect(results.map((r) => [r.status, r.limit, r.remaining, r.delay])).toEqual([
      ['SUCCESS', '4', '3', null],
      ['SUCCESS', '4', '2', null],
      ['SUCCESS', '4', '1', '500'],
      ['SUCCESS', '4', '0', '500'],
      ['FAILURE', '4', '0', null],
      ['FAILURE', '4', '0', null],
    ]);
    expect(sim.clock.slept).toEqual([500, 500]);
    expect(results[4].body).toEqual({
      responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED',
      errors: [{ type: 'API_LIMIT_EXCEEDED', message: expect.stringMatching(/retry after \d+ seconds/) }],
    });
    // Still refused just before the window ends (the window started at 09:00:00.000).
    sim.clock.advance(60_000 - (sim.clock.now() % 60_000) - 1);
    expect((await attempt(sim, a, opts)).type).toBe('API_LIMIT_EXCEEDED');
    sim.clock.advance(1);
    const next = await attempt(sim, a, opts);
    expect([next.status, next.remaining, next.delay]).toEqual(['SUCCESS', '3', null]);
  });

  it('counts failed attempts too, and refuses even the right password once spent', async () => {
    const sim = make({ settings: { authBurstLimit: 4 } });
    for (let i = 0; i < 4; i++) expect((await attempt(sim, 'bob@acme.example', { password: 'wrong' })).type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect((await attempt(sim, 'bob@acme.example')).type).toBe('API_LIMIT_EXCEEDED');
    sim.clock.advance(60_000);
    expect((await attempt(sim, 'bob@acme.example')).status).toBe('SUCCESS');
  });

  it('is counted per user name (case-insensitive) and domain', async () => {
    const sim = make({ settings: { authBurstLimit: 4 } });
    const promo = { tenantDNS: 'promo.acme.example' };
    for (let i = 0; i < 2; i++) await attempt(sim, 'alice@acme.example', promo);
    for (let i = 0; i < 2; i++) await attempt(sim, 'ALICE@acme.example', { tenantDNS: 'quality.acme.example' }); // same domain acme
    expect((await attempt(sim, 'Alice@Acme.Example', promo)).type).toBe('API_LIMIT_EXCEEDED');
    // Another user at the same domain: a fresh count.
    const bob = await attempt(sim, 'bob@acme.example', promo);
    expect([bob.status, bob.remaining, bob.delay]).toEqual(['SUCCESS', '3', null]);
    // The same user at another domain (acme-sbx): a fresh count (alice lands on her own tenant by rule 5.2).
    const sbx = await attempt(sim, 'alice@acme.example', { tenantDNS: 'sandbox.acme-sbx.example' });
    expect([sbx.status, sbx.remaining, sbx.delay, sbx.body.tenantId]).toEqual(['SUCCESS', '3', null, 1002]);
  });

  it('a body that cannot be read consumes no attempt', async () => {
    const sim = make({ settings: { authBurstLimit: 4 } });
    for (let i = 0; i < 5; i++) {
      const res = await sim.call('POST', `/api/${V}/auth`, { form: { password: PASSWORD } });
      expect((await res.json()).errors[0].type).toBe('PARAMETER_REQUIRED');
    }
    const first = await attempt(sim, 'bob@acme.example');
    expect([first.status, first.remaining]).toEqual(['SUCCESS', '3']);
  });

  it('the default limit comes from the fixtures (60 per minute)', async () => {
    const sim = make();
    const r = await attempt(sim, 'bob@acme.example');
    expect([r.limit, r.remaining]).toEqual(['60', '59']);
  });

  it('with throttling off (--no-throttle) calls are neither delayed nor refused past the limit', async () => {
    const sim = make({ settings: { authBurstLimit: 4, throttling: false } });
    for (let i = 0; i < 6; i++) {
      const r = await attempt(sim, 'bob@acme.example');
      expect([r.status, r.delay]).toEqual(['SUCCESS', null]);
    }
    expect(sim.clock.slept).toEqual([]);
  });
});

describe('API burst (every other call, per tenant)', () => {
  it('delays calls over the limit by 500 ms, never refuses, and resets after 5 minutes', async () => {
    const sim = make({ settings: { apiBurstLimit: 3 } });
    const bob = await sim.login('bob@acme.example');
    const rows = [];
    for (let i = 0; i < 6; i++) {
      const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob } });
      rows.push([(await res.json()).responseStatus, res.headers.get('X-TenantAPI-BurstLimit'), res.headers.get('X-TenantAPI-BurstLimitRemaining'), res.headers.get('X-TenantAPI-ResponseDelay')]);
    }
    expect(rows).toEqual([
      ['SUCCESS', '3', '2', null],
      ['SUCCESS', '3', '1', null],
      ['SUCCESS', '3', '0', null],
      ['SUCCESS', '3', '0', '500'],
      ['SUCCESS', '3', '0', '500'],
      ['SUCCESS', '3', '0', '500'],
    ]);
    expect(sim.clock.slept).toEqual([500, 500, 500]);
    sim.clock.advance(5 * 60_000);
    const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob } });
    expect([res.headers.get('X-TenantAPI-BurstLimitRemaining'), res.headers.get('X-TenantAPI-ResponseDelay')]).toEqual(['2', null]);
  });

  it('is counted per tenant: users of one tenant share it, another tenant has its own', async () => {
    const sim = make({ settings: { apiBurstLimit: 2 } });
    const bob = await sim.login('bob@acme.example');
    const admin = await sim.login('tenant.admin@acme.example');
    const alice = await sim.login('alice@acme.example'); // quality
    await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob } });
    await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob } });
    const shared = await sim.call('GET', `/api/${V}`, { headers: { Authorization: admin } });
    expect(shared.headers.get('X-TenantAPI-ResponseDelay')).toBe('500');
    const own = await sim.call('GET', `/api/${V}`, { headers: { Authorization: alice } });
    expect([own.headers.get('X-TenantAPI-TenantId'), own.headers.get('X-TenantAPI-BurstLimitRemaining'), own.headers.get('X-TenantAPI-ResponseDelay')]).toEqual(['1002', '1', null]);
  });

  it("a tenant's own limit from the fixtures wins over the setting", async () => {
    const sim = make({ settings: { apiBurstLimit: 100 } });
    sim.world.tenants.get(1002)!.apiBurstLimit = 1;
    const alice = await sim.login('alice@acme.example');
    const first = await sim.call('GET', `/api/${V}`, { headers: { Authorization: alice } });
    const second = await sim.call('GET', `/api/${V}`, { headers: { Authorization: alice } });
    expect([first.headers.get('X-TenantAPI-BurstLimit'), first.headers.get('X-TenantAPI-ResponseDelay')]).toEqual(['1', null]);
    expect(second.headers.get('X-TenantAPI-ResponseDelay')).toBe('500');
  });

  it('with throttling off, nothing is delayed', async () => {
    const sim = make({ settings: { apiBurstLimit: 1, throttling: false } });
    const bob = await sim.login('bob@acme.example');
    for (let i = 0; i < 4; i++) {
      const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob } });
      expect((await res.json()).responseStatus).toBe('SUCCESS');
      expect(res.headers.get('X-TenantAPI-ResponseDelay')).toBeNull();
    }
    expect(sim.clock.slept).toEqual([]);
  });
});
