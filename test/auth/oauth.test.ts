/**
 * Endpoint 2 and the built-in authorization server over HTTP only (Authentication rule 7):
 * discovery → OIDC metadata → authorize with PKCE S256 and login_hint → token → endpoint 2 →
 * an authenticated call; grant_type=password; introspection with client_id; revocation; an
 * external authorization server is called only when the fixtures list its host.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, PASSWORD, type TestSim, V } from '../helpers/sim';
import { authSim, defaultFixtures } from './sim';

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
  vi.restoreAllMocks();
  expect(sim.breaches).toEqual([]);
});

const SSO = 'sso.user@acme.example';
const CLIENT = 'dms-sim-local';
const REDIRECT = 'http://127.0.0.1:53682/callback';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const postForm = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await sim.call('POST', url, { form, headers });
  return { status: res.status, body: await res.json() };
};

/** Password-grant tokens, for the tests that are not about the code flow. */
async function passwordGrant(username = SSO, clientId = CLIENT) {
  const { status, body } = await postForm('/oauth2/token', { grant_type: 'password', username, password: PASSWORD, client_id: clientId });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { access_token: string; id_token: string; refresh_token: string };
}

const oauthSession = (token: string, form: Record<string, string> = {}, profile = 'acme_oidc') =>
  postForm(`/auth/oauth/session/${profile}`, form, { Authorization: `Bearer ${token}` });

describe('the whole OAuth flow, over HTTP only', () => {
  fresh();

  it('discovery → metadata → authorize (PKCE S256, login_hint) → token → endpoint 2 → an authenticated call', async () => {
    // 1. Discovery names the profile and its authorization server.
    const discovery = await (await sim.call('POST', `/auth/discovery?username=${SSO}&client_id=acme-mobile`)).json();
    const profile = discovery.data.auth_profiles.find((p: { id: string }) => p.id === 'acme_oidc');
    expect(profile.as_client_id).toBe(CLIENT);
    // 2. The authorization server's metadata.
    const meta = await (await sim.call('GET', `${profile.as_metadata.issuer}/.well-known/openid-configuration`)).json();
    expect(meta.authorization_endpoint).toBe(profile.as_metadata.authorization_endpoint);
    // 3. Authorization: signs the login_hint user in at once and redirects with a code.
    const { verifier, challenge } = pkce();
    const auth = new URL(meta.authorization_endpoint);
    for (const [k, v] of Object.entries({
      response_type: 'code', client_id: profile.as_client_id, redirect_uri: REDIRECT, login_hint: SSO,
      code_challenge: challenge, code_challenge_method: 'S256', state: 'st-1', scope: 'openid profile', nonce: 'n-1',
    })) auth.searchParams.set(k, v);
    const redirect = await sim.call('GET', auth.toString());
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // 4. The token endpoint exchanges the code (with the PKCE verifier).
    const token = await postForm(meta.token_endpoint, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: CLIENT });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile' });
    // The tokens are signed by the JWKS key, for this issuer and client.
    const jwks = createLocalJWKSet(await (await sim.call('GET', meta.jwks_uri)).json());
    const opts = { issuer: BASE, audience: CLIENT, currentDate: new Date(sim.clock.now()) };
    const id = await jwtVerify(token.body.id_token, jwks, opts);
    expect(id.payload).toMatchObject({ preferred_username: SSO, nonce: 'n-1', sub: '61004' });
    const access = await jwtVerify(token.body.access_token, jwks, opts);
    expect(access.payload).toMatchObject({ username: SSO, client_id: CLIENT });
    // 5. Endpoint 2 turns the access token into a session (default tenant: oldest active membership).
    const session = await postForm(profile.tenant_session_endpoint, {}, { Authorization: `Bearer ${token.body.access_token}` });
    expect(session.body).toEqual({
      responseStatus: 'SUCCESS',
      sessionId: expect.stringMatching(/^[0-9A-F]{32,}$/),
      userId: 61004,
      tenantId: 1001,
      tenantIds: [
        { id: 1001, name: 'Acme PromoMats', url: `${BASE}/tenants/promo.acme.example/api` },
        { id: 2001, name: 'Acme PromoMats Sandbox', url: `${BASE}/tenants/sandbox.acme-sbx.example/api` },
      ],
    });
    // 6. An authenticated call with the session.
    const res = await sim.call('GET', `${session.body.tenantIds[0].url}/${V}/objects/domains`, { headers: { Authorization: `Bearer ${session.body.sessionId}` } });
    expect(await res.json()).toEqual({
      responseStatus: 'SUCCESS', responseMessage: 'Success',
      domains: [{ name: 'acme', type: 'Production' }, { name: 'acme-sbx', type: 'Sandbox' }],
    });
    expect(res.headers.get('X-TenantAPI-UserId')).toBe('61004');
    // A code is good for one exchange only.
    const again = await postForm(meta.token_endpoint, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: CLIENT });
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('PKCE: a wrong verifier is refused', async () => {
    const { challenge } = pkce();
    const q = new URLSearchParams({ response_type: 'code', client_id: CLIENT, redirect_uri: REDIRECT, login_hint: SSO, code_challenge: challenge, code_challenge_method: 'S256' });
    const code = new URL((await sim.call('GET', `/oauth2/authorize?${q}`)).headers.get('location')!).searchParams.get('code')!;
    const bad = await postForm('/oauth2/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce().verifier, client_id: CLIENT });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('authorize: a login_hint that names no SSO user redirects with access_denied; an unregistered redirect is refused', async () => {
    const { challenge } = pkce();
    const q = new URLSearchParams({ response_type: 'code', client_id: CLIENT, redirect_uri: REDIRECT, login_hint: 'alice@acme.example', code_challenge: challenge, code_challenge_method: 'S256', state: 's' });
    const res = await sim.call('GET', `/oauth2/authorize?${q}`);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual(['access_denied', 's', null]);
    q.set('login_hint', SSO);
    q.set('redirect_uri', 'https://evil.example/callback');
    const refused = await sim.call('GET', `/oauth2/authorize?${q}`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_request');
  });

  it('endpoint 2 takes tenantDNS, and the ID token as well as the access token', async () => {
    const t = await passwordGrant();
    const sbx = await oauthSession(t.access_token, { tenantDNS: 'sandbox.acme-sbx.example' });
    expect(sbx.body.tenantId).toBe(2001);
    const viaId = await oauthSession(t.id_token, { tenantDNS: 'promo.acme.example' });
    expect(viaId.body.tenantId).toBe(1001);
    // A tenant the user cannot access: the default tenant instead (rule 5.2).
    const other = await oauthSession(t.access_token, { tenantDNS: 'quality.acme.example' });
    expect(other.body.responseStatus).toBe('SUCCESS');
    expect([1001, 2001]).toContain(other.body.tenantId);
    const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: sbx.body.sessionId } });
    expect(res.headers.get('X-TenantAPI-TenantId')).toBe('2001');
  });
});

describe('grant_type=password, introspection, revocation', () => {
  shared();

  it('grant_type=password gives a token endpoint 2 accepts; a wrong password or a password user gets none', async () => {
    const t = await passwordGrant();
    expect((await oauthSession(t.access_token)).body.userId).toBe(61004);
    const wrong = await postForm('/oauth2/token', { grant_type: 'password', username: SSO, password: 'nope', client_id: CLIENT });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
    const pw = await postForm('/oauth2/token', { grant_type: 'password', username: 'alice@acme.example', password: PASSWORD, client_id: CLIENT });
    expect([pw.status, pw.body.error]).toEqual([400, 'invalid_grant']);
    const noClient = await postForm('/oauth2/token', { grant_type: 'password', username: SSO, password: PASSWORD, client_id: 'who' });
    expect([noClient.status, noClient.body.error]).toEqual([401, 'invalid_client']);
  });

  it('introspection: active for its client, inactive for another client_id; endpoint 2 passes client_id', async () => {
    const t = await passwordGrant();
    const active = await postForm('/oauth2/introspect', { token: t.access_token, client_id: CLIENT });
    expect(active.body).toMatchObject({ active: true, username: SSO, client_id: CLIENT, sub: '61004', iss: BASE, token_type: 'Bearer' });
    expect((await postForm('/oauth2/introspect', { token: t.access_token, client_id: 'other-client' })).body).toEqual({ active: false });
    const mismatched = await oauthSession(t.access_token, { client_id: 'other-client' });
    expect(mismatched.body).toEqual({
      responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED',
      errors: [{ type: 'USERNAME_OR_PASSWORD_INCORRECT', message: expect.stringContaining('acme_oidc') }],
    });
    expect((await oauthSession(t.access_token, { client_id: CLIENT })).body.responseStatus).toBe('SUCCESS');
  });

  it('a revoked token is refused', async () => {
    const t = await passwordGrant();
    const before = await oauthSession(t.access_token);
    expect(before.body.responseStatus).toBe('SUCCESS');
    expect((await postForm('/oauth2/revoke', { token: t.access_token })).body).toEqual({});
    expect((await postForm('/oauth2/introspect', { token: t.access_token })).body).toEqual({ active: false });
    const after = await oauthSession(t.access_token);
    expect(after.body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(after.body.errorType).toBe('AUTHENTICATION_FAILED');
    // Sessions made before revocation are sessions of their own.
    expect((await sim.json('GET', `/api/${V}`, before.body.sessionId)).responseStatus).toBe('SUCCESS');
  });

  it('an expired token (simulator clock), a forged one, or an unknown profile are refused', async () => {
    const t = await passwordGrant();
    sim.clock.advance(3600_000);
    expect((await oauthSession(t.access_token)).body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    const forged = t.access_token.slice(0, -4) + (t.access_token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await oauthSession(forged)).body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    const unknown = await oauthSession((await passwordGrant()).access_token, {}, 'no_such_profile');
    expect(unknown.body).toMatchObject({ responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED', errors: [{ type: 'INVALID_DATA' }] });
  });

  it('endpoint 2 requires a Bearer Authorization header', async () => {
    const missing = await postForm('/auth/oauth/session/acme_oidc', {});
    expect(missing.body.errors[0]).toEqual({ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [authorization]' });
    const t = await passwordGrant();
    expect((await postForm('/auth/oauth/session/acme_oidc', {}, { Authorization: t.access_token })).body.errors[0].type).toBe('INVALID_DATA');
  });

  it('OAuth sessions are not counted by the authentication burst', async () => {
    const limited = authSim({ settings: { authBurstLimit: 1 } });
    const tokenRes = await limited.call('POST', '/oauth2/token', { form: { grant_type: 'password', username: SSO, password: PASSWORD, client_id: CLIENT } });
    const { access_token } = await tokenRes.json();
    for (let i = 0; i < 4; i++) {
      const res = await limited.call('POST', '/auth/oauth/session/acme_oidc', { headers: { Authorization: `Bearer ${access_token}` } });
      expect((await res.json()).responseStatus).toBe('SUCCESS');
      expect(res.headers.get('X-TenantAPI-ResponseDelay')).toBeNull();
    }
    expect(limited.clock.slept).toEqual([]);
    expect(limited.breaches).toEqual([]);
  });
});

describe('end session', () => {
  shared();

  it('answers {} without a redirect; refuses to redirect to an address no client registered (no open redirector)', async () => {
    const plain = await sim.call('GET', '/oauth2/logout');
    expect([plain.status, await plain.json()]).toEqual([200, {}]);
    const evil = await sim.call('GET', `/oauth2/logout?${new URLSearchParams({ post_logout_redirect_uri: 'https://evil.example/' })}`);
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect((await evil.json()).error).toBe('invalid_request');
  });

  it('redirects to a registered loopback address (any query), never to one holding a control character', async () => {
    const reg = await sim.call('POST', '/oauth2/register', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:5000/cb'] }) });
    const { client_id } = await reg.json();
    const logout = (uri: string) => sim.call('GET', `/oauth2/logout?${new URLSearchParams({ client_id, post_logout_redirect_uri: uri })}`);
    const ok = await logout('http://127.0.0.1:5001/cb?x=1');
    expect([ok.status, ok.headers.get('location')]).toEqual([302, 'http://127.0.0.1:5001/cb?x=1']);
    for (const bad of ['http://127.0.0.1:5000/cb?x=\u0000y', 'http://127.0.0.1:5000/cb?x=\r\nSet-Cookie: a=b', 'http://127.0.0.1:5000/cb\t']) {
      const res = await logout(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect((await res.json()).error).toBe('invalid_request');
    }
  });
});

describe('external authorization servers', () => {
  shared();

  it('a listed host is asked through its introspection endpoint, with client_id', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify({ active: true, username: SSO }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const res = await oauthSession('adfs-token', { client_id: 'adfs-client' }, 'acme_adfs');
    expect(res.body.responseStatus).toBe('SUCCESS');
    expect(res.body.userId).toBe(61004);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://adfs.acme.example/adfs/oauth2/introspect');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({ token: 'adfs-token', client_id: 'adfs-client' });
    // Inactive there → FAILURE.
    fetchSpy.mockImplementation(async () => new Response(JSON.stringify({ active: false }), { status: 200 }));
    expect((await oauthSession('adfs-token', {}, 'acme_adfs')).body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
  });

  it('a host the fixtures do not list is never called', async () => {
    const fixtures = defaultFixtures();
    fixtures.data.authProfiles!.push({ id: 'rogue', label: 'Rogue', provider: 'external', issuer: 'https://rogue.example/as' });
    fixtures.data.users.find((u) => u.username === SSO)!.authProfiles!.push('rogue');
    const other = authSim({ fixtures });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await other.call('POST', '/auth/oauth/session/rogue', { headers: { Authorization: 'Bearer whatever' } });
    expect((await res.json()).errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(other.breaches).toEqual([]);
  });
});
