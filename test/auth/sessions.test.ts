/**
 * Sessions over HTTP (gaps.md §2–3): expiry after the tenant's inactivity timeout on the simulator
 * clock, keep-alive, the 48-hour cap, logout, unguessable ids, and the X-TenantAPI-* headers.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordLogin } from '../../src/domain/auth/login';
import { PASSWORD, type TestSim, V } from '../helpers/sim';
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

const MIN = 60_000;
const INVALID = { responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }] };
const status = async (session: string) => (await sim.json('GET', `/api/${V}`, session)).responseStatus;

describe('rule 3: sessions expire after the tenant\'s inactivity timeout', () => {
  shared();

  it('promo (20 minutes): alive at 20 min − 1 ms, each call resets the idle time, dead at 20 min', async () => {
    const s = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    sim.clock.advance(20 * MIN - 1);
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(20 * MIN - 1);
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(20 * MIN);
    expect(await sim.json('GET', `/api/${V}`, s)).toEqual(INVALID);
    // Once expired, the session stays gone.
    expect(await sim.json('POST', `/api/${V}/keep-alive`, s)).toEqual(INVALID);
  });

  it('quality (30 minutes): alive past 20 minutes, dead at 30', async () => {
    const s = await sim.login('alice@acme.example', { tenantDNS: 'quality.acme.example' });
    sim.clock.advance(29 * MIN);
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(30 * MIN - 1);
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(30 * MIN);
    expect(await sim.json('GET', `/api/${V}`, s)).toEqual(INVALID);
  });

  it('the timeout is the tenant\'s, not the user\'s: same user, two tenants', async () => {
    const promo = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const quality = await sim.login('alice@acme.example', { tenantDNS: 'quality.acme.example' });
    sim.clock.advance(25 * MIN);
    expect(await sim.json('GET', `/api/${V}`, promo)).toEqual(INVALID);
    expect(await status(quality)).toBe('SUCCESS');
  });

  it('keep-alive answers SUCCESS and resets the idle time', async () => {
    const s = await sim.login('bob@acme.example');
    for (let i = 0; i < 5; i++) {
      sim.clock.advance(19 * MIN);
      expect(await sim.json('POST', `/api/${V}/keep-alive`, s)).toEqual({ responseStatus: 'SUCCESS' });
    }
    sim.clock.advance(19 * MIN);
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(20 * MIN);
    expect(await sim.json('POST', `/api/${V}/keep-alive`, s)).toEqual(INVALID);
  });

  it('idle time counts from the end of the last request (a delayed call ends later)', async () => {
    const slow = authSim({ settings: { apiBurstLimit: 1, throttleDelayMs: 5 * MIN } });
    const s = await slow.login('bob@acme.example');
    expect((await slow.json('GET', `/api/${V}`, s)).responseStatus).toBe('SUCCESS');
    const delayed = await slow.call('GET', `/api/${V}`, { headers: { Authorization: s } });
    expect(delayed.headers.get('X-TenantAPI-ResponseDelay')).toBe(String(5 * MIN));
    // 20 min after the start of the delayed call, but 15 after its end: still alive.
    slow.clock.advance(15 * MIN);
    expect((await slow.json('GET', `/api/${V}`, s)).responseStatus).toBe('SUCCESS');
    expect(slow.breaches).toEqual([]);
  });

  it('no session lives longer than 48 hours, whatever its activity', async () => {
    const s = await sim.login('domain.admin@acme.example', { tenantDNS: 'sandbox.acme-sbx.example' }); // 60-minute timeout
    const start = sim.clock.now();
    while (sim.clock.now() - start + 59 * MIN < 48 * 60 * MIN) {
      sim.clock.advance(59 * MIN);
      expect(await sim.json('POST', `/api/${V}/keep-alive`, s)).toEqual({ responseStatus: 'SUCCESS' });
    }
    sim.clock.advance(start + 48 * 60 * MIN - 1 - sim.clock.now());
    expect(await status(s)).toBe('SUCCESS');
    sim.clock.advance(1);
    expect(await sim.json('GET', `/api/${V}`, s)).toEqual(INVALID);
  });
});

describe('inactive tenants are inaccessible', () => {
  fresh();

  it("a tenant made inactive refuses its sessions (INVALID_SESSION_ID); other tenants' sessions go on", async () => {
    const promo = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const quality = await sim.login('alice@acme.example', { tenantDNS: 'quality.acme.example' });
    sim.world.tenants.get(1001)!.status = 'Inactive';
    expect(await sim.json('GET', `/api/${V}`, promo)).toEqual(INVALID);
    expect(await status(quality)).toBe('SUCCESS');
  });
});

describe('logout (DELETE /api/{version}/session)', () => {
  shared();

  it('ends only the presented session', async () => {
    const a = await sim.login('alice@acme.example');
    const b = await sim.login('alice@acme.example');
    const c = await sim.login('bob@acme.example');
    expect(await sim.json('DELETE', `/api/${V}/session`, a)).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Session ended' });
    expect(await sim.json('GET', `/api/${V}`, a)).toEqual(INVALID);
    expect(await sim.json('DELETE', `/api/${V}/session`, a)).toEqual(INVALID);
    expect(await status(b)).toBe('SUCCESS');
    expect(await status(c)).toBe('SUCCESS');
  });

  it('works with the Bearer form too', async () => {
    const a = await sim.login('bob@acme.example');
    const res = await sim.call('DELETE', `/api/${V}/session`, { headers: { Authorization: `Bearer ${a}` } });
    expect((await res.json()).responseStatus).toBe('SUCCESS');
    expect(await sim.json('GET', `/api/${V}`, a)).toEqual(INVALID);
  });
});

describe('session ids (gaps.md §3)', () => {
  shared();

  it('10,000 logins give unique ids of at least 32 uppercase hex characters (128 bits)', () => {
    const fast = authSim({ settings: { throttling: false, authBurstLimit: 1_000_000 } });
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const s = passwordLogin(fast.world, { username: i % 2 ? 'alice@acme.example' : 'bob@acme.example', password: PASSWORD });
      expect(s.id).toMatch(/^[0-9A-F]{32,}$/);
      ids.add(s.id);
    }
    expect(ids.size).toBe(10_000);
    // Not a counter: no two ids share a 16-character prefix.
    expect(new Set([...ids].map((id) => id.slice(0, 16))).size).toBe(10_000);
  });

  it('ids handed out over HTTP are unique and uppercase hex as well', async () => {
    const fast = authSim({ settings: { throttling: false, authBurstLimit: 1_000_000 } });
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = await fast.login('alice@acme.example');
      expect(id).toMatch(/^[0-9A-F]{32,}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(200);
    expect(fast.breaches).toEqual([]);
  });
});

describe('X-TenantAPI-* response headers (gaps.md §2)', () => {
  fresh();

  it('on an authenticated call: execution id, tenant, user, truncated session, burst figures, status', async () => {
    const s = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const seen = new Set<string>();
    for (let i = 1; i <= 3; i++) {
      const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: s } });
      const h = res.headers;
      expect(h.get('X-TenantAPI-ExecutionId')).toMatch(/^\S{8,}$/);
      seen.add(h.get('X-TenantAPI-ExecutionId')!);
      expect(h.get('X-TenantAPI-TenantId')).toBe('1001');
      expect(h.get('X-TenantAPI-UserId')).toBe('61002');
      expect(h.get('X-TenantAPI-Status')).toBe('SUCCESS');
      const truncated = h.get('X-TenantAPI-TruncatedSessionId')!;
      expect(truncated.length).toBeGreaterThan(0);
      expect(truncated.length).toBeLessThan(s.length / 2);
      expect(s.startsWith(truncated)).toBe(true);
      expect(h.get('X-TenantAPI-BurstLimit')).toBe('2000');
      expect(h.get('X-TenantAPI-BurstLimitRemaining')).toBe(String(2000 - i));
      expect(h.get('X-TenantAPI-ResponseDelay')).toBeNull();
      expect(h.get('X-TenantAPI-ReferenceId')).toBeNull();
    }
    expect(seen.size).toBe(3);
    // The truncated id does not authenticate.
    const truncated = (await sim.call('GET', `/api/${V}`, { headers: { Authorization: s } })).headers.get('X-TenantAPI-TruncatedSessionId')!;
    expect(await sim.json('GET', `/api/${V}`, truncated)).toEqual(INVALID);
  });

  it('on the login itself: tenant, user, truncated session and the auth burst figures', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'bob@acme.example', password: PASSWORD } });
    const body = await res.json();
    expect(res.headers.get('X-TenantAPI-TenantId')).toBe('1001');
    expect(res.headers.get('X-TenantAPI-UserId')).toBe('61003');
    expect(res.headers.get('X-TenantAPI-TruncatedSessionId')).toBe(body.sessionId.slice(0, res.headers.get('X-TenantAPI-TruncatedSessionId')!.length));
    expect(res.headers.get('X-TenantAPI-BurstLimit')).toBe('60');
    expect(res.headers.get('X-TenantAPI-BurstLimitRemaining')).toBe('59');
  });

  it('echoes X-TenantAPI-ReferenceId, on successes and failures', async () => {
    const s = await sim.login('bob@acme.example');
    const ok = await sim.call('GET', `/api/${V}`, { headers: { Authorization: s, 'X-TenantAPI-ReferenceId': 'ref-42' } });
    expect(ok.headers.get('X-TenantAPI-ReferenceId')).toBe('ref-42');
    const bad = await sim.call('GET', `/api/${V}`, { headers: { Authorization: 'nope', 'X-TenantAPI-ReferenceId': 'ref-43' } });
    expect(bad.headers.get('X-TenantAPI-ReferenceId')).toBe('ref-43');
    expect(bad.headers.get('X-TenantAPI-Status')).toBe('FAILURE');
    expect(bad.headers.get('X-TenantAPI-UserId')).toBeNull();
    expect(bad.headers.get('X-TenantAPI-TruncatedSessionId')).toBeNull();
    expect(bad.headers.get('X-TenantAPI-ExecutionId')).not.toBe(ok.headers.get('X-TenantAPI-ExecutionId'));
  });

  it('numeric headers hold plain integers', async () => {
    const s = await sim.login('bob@acme.example');
    const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: s } });
    for (const name of ['X-TenantAPI-TenantId', 'X-TenantAPI-UserId', 'X-TenantAPI-BurstLimit', 'X-TenantAPI-BurstLimitRemaining']) {
      expect(res.headers.get(name), name).toMatch(/^\d+$/);
    }
  });
});
