/**
 * Delegated requests (Authentication rule 8) over HTTP: the CRM platform's token instead of a
 * session, by headers or by query parameters; ext_ns must be sfdc; the platform address must be
 * trusted by the tenant with its organization id; the user must be enabled for delegation; an
 * untrusted address is refused without any outbound call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbound } from '../../src/domain/auth/delegation';
import { BASE, PASSWORD, type TestSim, V } from '../helpers/sim';
import { authSim, defaultFixtures } from './sim';

let sim: TestSim;
let callsBefore: number;
beforeEach(() => {
  sim = authSim();
  callsBefore = outbound.calls;
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(sim.breaches).toEqual([]);
});

const CRM = 'crm.user@acme.example';
const EXT_URL = `${BASE}/crm`;
const INVALID = { responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }] };

async function platformToken(s: TestSim = sim, username = CRM, password = PASSWORD) {
  const res = await s.call('POST', '/crm/services/oauth2/token', { form: { grant_type: 'password', username, password } });
  return { status: res.status, body: await res.json() };
}

const viaHeaders = (token: string, extUrl = EXT_URL, ns = 'sfdc', path = `/api/${V}/objects/domains`) =>
  sim.call('GET', path, { headers: { Authorization: token, 'X-Auth-Host': extUrl, 'X-Auth-Provider': ns } });
const viaQuery = (token: string, extUrl = EXT_URL, ns = 'sfdc', path = `/api/${V}/objects/domains`) =>
  sim.call('GET', `${path}?${new URLSearchParams({ auth: token, ext_url: extUrl, ext_ns: ns })}`);

describe('delegated requests', () => {
  it('the built-in platform stand-in issues a token and answers its check', async () => {
    const { status, body } = await platformToken();
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 7200, access_token: expect.stringMatching(/^00D5g000004ACMEEA2!/) });
    const info = await sim.call('GET', '/crm/services/oauth2/userinfo', { headers: { Authorization: `Bearer ${body.access_token}` } });
    expect(await info.json()).toEqual({ organization_id: '00D5g000004ACMEEA2', preferred_username: CRM, user_id: '005000000000061007' });
    // Users not enabled for delegation have no platform account.
    const bob = await platformToken(sim, 'bob@acme.example');
    expect([bob.status, bob.body.error]).toEqual([400, 'invalid_grant']);
    expect((await platformToken(sim, CRM, 'wrong')).status).toBe(400);
  });

  it('works with headers (Authorization, X-Auth-Host, X-Auth-Provider)', async () => {
    const { access_token } = (await platformToken()).body;
    const res = await viaHeaders(access_token);
    expect(await res.json()).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Success', domains: [{ name: 'acme', type: 'Production' }] });
    expect(res.headers.get('X-TenantAPI-TenantId')).toBe('1001');
    expect(res.headers.get('X-TenantAPI-UserId')).toBe('61007');
    expect(res.headers.get('X-TenantAPI-TruncatedSessionId')).toBeNull();
    // Bearer form and a trailing slash on the address are fine too.
    expect((await (await viaHeaders(`Bearer ${access_token}`, `${EXT_URL}/`)).json()).responseStatus).toBe('SUCCESS');
    expect(outbound.calls).toBe(callsBefore);
  });

  it('works with query parameters (auth, ext_url, ext_ns)', async () => {
    const { access_token } = (await platformToken()).body;
    const res = await viaQuery(access_token);
    expect(await res.json()).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Success', domains: [{ name: 'acme', type: 'Production' }] });
    expect(res.headers.get('X-TenantAPI-UserId')).toBe('61007');
    // Any endpoint: the session check (GET /api/{version}) too, at the tenant's own address.
    const index = await (await viaQuery(access_token, EXT_URL, 'sfdc', `/tenants/promo.acme.example/api/${V}`)).json();
    expect(index.responseStatus).toBe('SUCCESS');
    expect(index.values[V]).toBe(`${BASE}/tenants/promo.acme.example/api/${V}`);
    expect(outbound.calls).toBe(callsBefore);
  });

  it('ext_ns must be sfdc; the three parts are required', async () => {
    const { access_token } = (await platformToken()).body;
    expect(await (await viaQuery(access_token, EXT_URL, 'okta')).json()).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'Invalid value [okta] for parameter [ext_ns] specified' }],
    });
    expect((await (await viaHeaders(access_token, EXT_URL, 'SFDC2')).json()).errors[0].type).toBe('INVALID_DATA');
    const noNs = await sim.call('GET', `/api/${V}?${new URLSearchParams({ auth: access_token, ext_url: EXT_URL })}`);
    expect((await noNs.json()).errors[0]).toEqual({ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [ext_ns]' });
    const noToken = await sim.call('GET', `/api/${V}?${new URLSearchParams({ ext_url: EXT_URL, ext_ns: 'sfdc' })}`);
    expect((await noToken.json()).errors[0]).toEqual({ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [auth]' });
  });

  it('an untrusted ext_url is refused without any outbound call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { access_token } = (await platformToken()).body;
    for (const url of ['http://evil.example/crm', 'https://adfs.acme.example/adfs', `${BASE}/crm-other`, 'not a url']) {
      expect(await (await viaHeaders(access_token, url)).json(), url).toEqual(INVALID);
      expect(await (await viaQuery(access_token, url)).json(), url).toEqual(INVALID);
    }
    expect(outbound.calls).toBe(callsBefore);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a tenant that does not trust the platform refuses it', async () => {
    const { access_token } = (await platformToken()).body;
    // crm.user is not a member of quality, and quality trusts no platform.
    expect(await (await viaQuery(access_token, EXT_URL, 'sfdc', `/tenants/quality.acme.example/api/${V}`)).json()).toEqual(INVALID);
  });

  it('the organization id must be the one the tenant trusts', async () => {
    const { access_token } = (await platformToken()).body;
    sim.world.tenants.get(1001)!.trustedPlatforms[0].organizationId = '00D5g000004OTHERAA';
    expect(await (await viaHeaders(access_token)).json()).toEqual(INVALID);
  });

  it('a user without delegation is refused', async () => {
    const { access_token } = (await platformToken()).body;
    expect((await (await viaHeaders(access_token)).json()).responseStatus).toBe('SUCCESS');
    // Delegation withdrawn in dms-sim: the platform still vouches for its user, dms-sim refuses.
    sim.world.users.byUsername(CRM)!.delegation = undefined;
    const info = await sim.call('GET', '/crm/services/oauth2/userinfo', { headers: { Authorization: `Bearer ${access_token}` } });
    expect((await info.json()).preferred_username).toBe(CRM);
    expect(await (await viaHeaders(access_token)).json()).toEqual(INVALID);
    expect(await (await viaQuery(access_token)).json()).toEqual(INVALID);
  });

  it('an inactive user, an unknown token or an expired one is refused', async () => {
    const { access_token } = (await platformToken()).body;
    expect(await (await viaHeaders('00D5g000004ACMEEA2!forged')).json()).toEqual(INVALID);
    sim.clock.advance(2 * 3600_000);
    expect(await (await viaHeaders(access_token)).json()).toEqual(INVALID);
    const fresh = (await platformToken()).body.access_token;
    sim.world.users.byUsername(CRM)!.status = 'locked';
    expect(await (await viaQuery(fresh)).json()).toEqual(INVALID);
  });

  it('a platform user name other than the dms-sim user name maps to the delegation-enabled user', async () => {
    const fixtures = defaultFixtures();
    fixtures.data.users.find((u) => u.username === CRM)!.delegation!.platformUsername = 'cara.ruiz@crm.example';
    const other = authSim({ fixtures });
    const res = await other.call('POST', '/crm/services/oauth2/token', { form: { grant_type: 'password', username: 'cara.ruiz@crm.example', password: PASSWORD } });
    const { access_token } = await res.json();
    const call = await other.call('GET', `/api/${V}`, { headers: { Authorization: access_token, 'X-Auth-Host': EXT_URL, 'X-Auth-Provider': 'sfdc' } });
    expect((await call.json()).responseStatus).toBe('SUCCESS');
    expect(call.headers.get('X-TenantAPI-UserId')).toBe('61007');
    expect(other.breaches).toEqual([]);
  });

  it('delegated calls are logged and counted like any call of the tenant', async () => {
    const { access_token } = (await platformToken()).body;
    await sim.call('GET', `/api/${V}?client_id=crm-app`, { headers: { Authorization: access_token, 'X-Auth-Host': EXT_URL, 'X-Auth-Provider': 'sfdc', 'X-TenantAPI-ReferenceId': 'deleg' } });
    const admin = await sim.login('tenant.admin@acme.example');
    const csv = await (await sim.call('GET', `/api/${V}/logs/api_usage?date=2026-01-15`, { headers: { Authorization: admin } })).text();
    const line = csv.split('\r\n').find((l) => l.includes(',deleg,'))!;
    expect(line.split(',').slice(2, 10)).toEqual(['61007', '', 'GET', `/api/${V}`, V, 'SUCCESS', 'crm-app', 'deleg']);
  });
});
