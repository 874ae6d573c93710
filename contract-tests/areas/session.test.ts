/** Endpoint 1 (log in) and the session it yields: shape, tenant entries, both Authorization forms, logout. */
import { expect } from 'vitest';
import { NoData, success, failure } from '../lib/client';
import { anonymous, area, check, contract, user1 } from '../lib/check';

function credentials() {
  if (!contract.credentials) throw new NoData('CONTRACT_SESSION_ID was given without CONTRACT_USERNAME/CONTRACT_PASSWORD: the suite does not log in');
  return contract.credentials;
}

async function login() {
  const c = anonymous();
  const { username, password } = credentials();
  return success(await c.post(c.v('/auth'), { session: null, form: { username, password }, expectOp: 'createSession' })).json;
}

area('session', 'log in (endpoint 1) and use the session', () => {
  check('log in: the Session shape, tenantId among tenantIds, no errors/warnings keys', async () => {
    const j = await login();
    expect(typeof j.sessionId, 'sessionId').toBe('string');
    expect(j.sessionId.length, 'sessionId').toBeGreaterThan(0);
    expect(Number.isInteger(j.userId), 'userId is a JSON integer').toBe(true);
    expect(j, 'a successful login carries no errors key').not.toHaveProperty('errors');
    expect(j, 'a successful login carries no warnings key').not.toHaveProperty('warnings');
    const ids = j.tenantIds.map((t: { id: number }) => t.id);
    expect(ids, 'tenantId is one of tenantIds').toContain(j.tenantId);
    expect(new Set(ids).size, 'tenantIds has no tenant twice').toBe(ids.length);
  });

  check('log in: every tenantIds[].url is absolute and ends in /api; the session tenant\'s address answers the version list', async () => {
    const j = await login();
    for (const t of j.tenantIds) {
      expect(t.url, `tenantIds[id=${t.id}].url`).toMatch(/^https?:\/\/[^/]+(\/.*)?\/api$/);
    }
    const own = j.tenantIds.find((t: { id: number }) => t.id === j.tenantId);
    const a = success(await anonymous().get(`${own.url}/`, { session: null, expectOp: 'listVersions' }));
    expect(Object.keys(a.json.values).length).toBeGreaterThan(0);
  });

  check('log in at a tenant\'s own address: the session is for that tenant (rule 5.1)', async () => {
    const j = await login();
    const addressed = `${contract.baseUrl.replace(/\/+$/, '')}/api`;
    const entry = j.tenantIds.find((t: { url: string }) => t.url === addressed);
    if (!entry) throw new NoData(`the base URL ${contract.baseUrl} is not one of the user's tenantIds[].url (a plain address: the tenant is the service's choice)`);
    expect(j.tenantId, `logged in at ${addressed}`).toBe(entry.id);
  });

  check('every answer carries its own X-TenantAPI-ExecutionId', async () => {
    const c = anonymous();
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await c.get('/api/', { session: null, expectOp: 'listVersions' })).headers.get('x-tenantapi-executionid') ?? '');
    expect(ids.size, 'three calls, three execution ids').toBe(3);
  });

  check('the session works as "Authorization: <id>" and as "Authorization: Bearer <id>"', async () => {
    const c = user1();
    const plain = success(await c.get(c.v(''), { expectOp: 'getVersionResources' }));
    const bearer = success(await c.get(c.v(''), { headers: { Authorization: `Bearer ${c.session}` }, expectOp: 'getVersionResources' }));
    expect(Object.keys(bearer.json.values).sort()).toEqual(Object.keys(plain.json.values).sort());
  });

  check('a fresh session ends with DELETE /session, and is refused afterwards', async () => {
    const j = await login();
    const c = user1().withSession(j.sessionId);
    success(await c.get(c.v(''), { expectOp: 'getVersionResources' }));
    success(await c.call('DELETE', c.v('/session'), { expectOp: 'endSession' }));
    failure(await c.get(c.v(''), { expectOp: 'getVersionResources' }), 'INVALID_SESSION_ID');
  });

  check('keep-alive answers SUCCESS with a session', async () => {
    const c = user1();
    success(await c.post(c.v('/keep-alive'), { expectOp: 'keepAlive' }));
  });

  check("objects/users/me: the caller's own user record (clients read it at start-up: gaps.md §12)", async () => {
    const c = user1();
    const me = success(await c.get(c.v('/objects/users/me'), { expectOp: 'getCurrentUser' })).json;
    expect(me.users.length, 'one user').toBe(1);
    expect(Number.isInteger(me.users[0].user.id), 'users[0].user.id is a JSON integer').toBe(true);
    if (contract.user1.state === 'ok' && contract.user1.userId !== undefined) expect(me.users[0].user.id, 'the session user').toBe(contract.user1.userId);
    if (contract.user1.state === 'ok' && contract.user1.username) expect(String(me.users[0].user.user_name__v).toLowerCase()).toBe(contract.user1.username.toLowerCase());
  });

  check('GET /api/ with an Authorization header checks it: a bad session is INVALID_SESSION_ID (gaps.md §12)', async () => {
    const c = anonymous();
    failure(await c.get('/api/', { session: 'CONTRACT-NOT-A-SESSION', expectOp: 'listVersions' }), 'INVALID_SESSION_ID');
    const u = user1();
    const a = success(await u.get('/api/', { expectOp: 'listVersions' }));
    expect(a.headers.get('x-tenantapi-userid'), 'X-TenantAPI-UserId with a valid session').toMatch(/^\d+$/);
  });
});

area('session', 'OAuth 2.0 / OpenID Connect session (endpoint 2)', () => {
  /** An access token: CONTRACT_OAUTH_TOKEN, or the password grant at the profile's token endpoint. */
  async function token(): Promise<{ token: string; profile: string }> {
    const o = contract.oauth;
    if (!o) throw new NoData('no OAuth token or SSO user (CONTRACT_OAUTH_TOKEN, or CONTRACT_SSO_USERNAME/CONTRACT_SSO_PASSWORD)');
    if (o.token) {
      if (!o.profile) throw new NoData('CONTRACT_OAUTH_TOKEN needs CONTRACT_OAUTH_PROFILE (the authentication profile id)');
      return { token: o.token, profile: o.profile };
    }
    const c = anonymous();
    const d = success(await c.post(`${contract.authUrl}/auth/discovery`, { session: null, query: { username: o.username! }, expectOp: 'discoverAuthType' })).json;
    expect(d.data.auth_type, `discovery of the SSO user ${o.username}`).toBe('sso');
    const profiles = (d.data.auth_profiles ?? []) as { id: string; use_adal: boolean; tenant_session_endpoint: string; as_metadata?: { token_endpoint: string } }[];
    const profile = profiles.find((p) => (o.profile ? p.id === o.profile : p.as_metadata?.token_endpoint && !p.use_adal));
    if (!profile?.as_metadata?.token_endpoint) throw new NoData(`no OAuth profile with a token endpoint for ${o.username}`);
    // The authorization server is the identity provider, not the service under contract: plain fetch.
    const res = await fetch(profile.as_metadata.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'password', username: o.username!, password: o.password ?? '', scope: 'openid', ...(o.clientId ? { client_id: o.clientId } : {}) }),
      signal: AbortSignal.timeout(contract.timeoutMs),
    });
    const t = (await res.json().catch(() => ({}))) as { access_token?: string };
    if (!t.access_token) throw new NoData(`the authorization server gave no token by the password grant (HTTP ${res.status}); set CONTRACT_OAUTH_TOKEN`);
    return { token: t.access_token, profile: profile.id };
  }

  check('exchange an access token for a session: the Session shape; the session works', async () => {
    const { token: access, profile } = await token();
    const c = anonymous();
    const j = success(await c.post(`${contract.authUrl}/auth/oauth/session/${encodeURIComponent(profile)}`, { session: null, headers: { Authorization: `Bearer ${access}` }, expectOp: 'createOAuthSession' })).json;
    expect(j).not.toHaveProperty('errors');
    expect(j.tenantIds.map((t: { id: number }) => t.id), 'tenantId is one of tenantIds').toContain(j.tenantId);
    const own = j.tenantIds.find((t: { id: number }) => t.id === j.tenantId);
    expect(own.url).toMatch(/^https?:\/\/.+\/api$/);
    success(await c.get(`${own.url}/${contract.version}`, { session: j.sessionId, expectOp: 'getVersionResources' }), 'the OAuth session on its tenant');
  });

  check('a token that is not one: FAILURE', async () => {
    if (!contract.oauth) throw new NoData('no OAuth settings (CONTRACT_OAUTH_TOKEN or CONTRACT_SSO_USERNAME)');
    const profile = contract.oauth.profile ?? (await token()).profile;
    const c = anonymous();
    failure(await c.post(`${contract.authUrl}/auth/oauth/session/${encodeURIComponent(profile)}`, { session: null, headers: { Authorization: 'Bearer contract.not.a-token' }, expectOp: 'createOAuthSession' }));
  });
});
