/**
 * Endpoint 3 (discovery) over HTTP: password vs sso, OAuth/OIDC profiles with as_metadata pointing
 * at the built-in authorization server, use_adal, as_client_id only for a mapped client_id, and an
 * empty profile list for a SAML-tied policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, type TestSim } from '../helpers/sim';
import { authSim } from './sim';

// Discovery changes nothing: one simulator serves every test of this file.
let sim: TestSim;
beforeAll(() => {
  sim = authSim();
});
afterAll(() => {
  expect(sim.breaches).toEqual([]);
});

const discover = async (query: string) => (await sim.call('POST', `/auth/discovery?${query}`)).json();

const builtinMetadata = {
  issuer: BASE,
  authorization_endpoint: `${BASE}/oauth2/authorize`,
  token_endpoint: `${BASE}/oauth2/token`,
  registration_endpoint: `${BASE}/oauth2/register`,
  jwks_uri: `${BASE}/oauth2/jwks`,
  introspection_endpoint: `${BASE}/oauth2/introspect`,
  revocation_endpoint: `${BASE}/oauth2/revoke`,
  end_session_endpoint: `${BASE}/oauth2/logout`,
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  introspection_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
  revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
  scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
};
const ADFS = 'https://adfs.acme.example/adfs';

const oidcProfile = {
  id: 'acme_oidc',
  label: 'Acme SSO',
  description: 'Sign in with the Acme identity provider (dms-sim built-in)',
  tenant_session_endpoint: `${BASE}/auth/oauth/session/acme_oidc`,
  use_adal: false,
  use_msal: false,
  oauthProviderType: 'other',
  as_metadata: builtinMetadata,
};
const adfsProfile = {
  id: 'acme_adfs',
  label: 'Acme ADFS',
  description: '',
  tenant_session_endpoint: `${BASE}/auth/oauth/session/acme_adfs`,
  use_adal: true,
  use_msal: false,
  oauthProviderType: 'adfs',
  as_metadata: {
    ...builtinMetadata,
    issuer: ADFS,
    authorization_endpoint: `${ADFS}/oauth2/authorize`,
    token_endpoint: `${ADFS}/oauth2/token`,
    registration_endpoint: `${ADFS}/oauth2/register`,
    jwks_uri: `${ADFS}/oauth2/jwks`,
    introspection_endpoint: `${ADFS}/oauth2/introspect`,
    revocation_endpoint: `${ADFS}/oauth2/revoke`,
    end_session_endpoint: `${ADFS}/oauth2/logout`,
  },
};

describe('endpoint 3: discovery', () => {
  it('a password user → password (no empty errors key: gaps.md §1)', async () => {
    expect(await discover('username=alice@acme.example')).toEqual({ responseStatus: 'SUCCESS', data: { auth_type: 'password' } });
  });

  it('an unknown user answers like a password user (discovery reveals nobody)', async () => {
    expect(await discover('username=nobody@acme.example')).toEqual(await discover('username=alice@acme.example'));
  });

  it('an SSO user → sso with the OAuth/OIDC profiles, use_adal and as_metadata', async () => {
    expect(await discover('username=sso.user@acme.example')).toEqual({
      responseStatus: 'SUCCESS',
      data: { auth_type: 'sso', auth_profiles: [oidcProfile, adfsProfile] },
    });
  });

  it('as_client_id appears only when client_id is given and the profile maps it', async () => {
    const mapped = await discover('username=sso.user@acme.example&client_id=acme-mobile');
    expect(mapped.data.auth_profiles).toEqual([{ ...oidcProfile, as_client_id: 'dms-sim-local' }, adfsProfile]);
    const unmapped = await discover('username=sso.user@acme.example&client_id=other-app');
    expect(unmapped.data.auth_profiles).toEqual([oidcProfile, adfsProfile]);
    for (const p of unmapped.data.auth_profiles) expect('as_client_id' in p).toBe(false);
    // A password user is not affected by client_id.
    expect(await discover('username=bob@acme.example&client_id=acme-mobile')).toEqual({ responseStatus: 'SUCCESS', data: { auth_type: 'password' } });
  });

  it('a policy tied to a SAML profile → sso with empty auth_profiles', async () => {
    expect(await discover('username=saml.user@acme.example')).toEqual({ responseStatus: 'SUCCESS', data: { auth_type: 'sso', auth_profiles: [] } });
  });

  it('user names are case-insensitive', async () => {
    expect((await discover('username=SSO.User@acme.example')).data.auth_type).toBe('sso');
  });

  it('requires username', async () => {
    const body = await (await sim.call('POST', '/auth/discovery')).json();
    expect(body).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [username]' }] });
  });

  it("the built-in profile's as_metadata matches the authorization server's own metadata, and its addresses answer", async () => {
    const meta = (await discover('username=sso.user@acme.example')).data.auth_profiles[0].as_metadata;
    const config = await (await sim.call('GET', `${meta.issuer}/.well-known/openid-configuration`)).json();
    for (const [k, v] of Object.entries(meta)) expect(config[k], k).toEqual(v);
    expect(config.code_challenge_methods_supported).toContain('S256');
    expect(config.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'password']));
    const jwks = await (await sim.call('GET', meta.jwks_uri)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect('d' in jwks.keys[0]).toBe(false); // never the private part
  });

  it('tenant_session_endpoint follows the public address the client used', async () => {
    const other = authSim({ publicUrl: 'https://dms.example.test:9443/' });
    const body = await (await other.call('POST', 'https://dms.example.test:9443/auth/discovery?username=sso.user@acme.example')).json();
    expect(body.data.auth_profiles[0].tenant_session_endpoint).toBe('https://dms.example.test:9443/auth/oauth/session/acme_oidc');
    expect(body.data.auth_profiles[0].as_metadata.token_endpoint).toBe('https://dms.example.test:9443/oauth2/token');
    expect(other.breaches).toEqual([]);
  });
});

describe('discovery from a form body (gaps.md §11, issue 15 item 5)', () => {
  const discoverForm = async (form: Record<string, string>, query = '') => (await sim.call('POST', `/auth/discovery${query}`, { form })).json();

  it('a client that sends username in the form body gets the same answer as with the query string', async () => {
    expect(await discoverForm({ username: 'sso.user@acme.example' })).toEqual(await discover('username=sso.user@acme.example'));
    expect((await discoverForm({ username: 'alice@acme.example' })).data.auth_type).toBe('password');
  });

  it('reads client_id from the form body too, and lets the query string win', async () => {
    const viaBody = await discoverForm({ username: 'sso.user@acme.example', client_id: 'dms-sim-local' });
    expect(viaBody).toEqual(await discover('username=sso.user@acme.example&client_id=dms-sim-local'));
    const queryWins = await discoverForm({ username: 'nobody@acme.example' }, '?username=sso.user@acme.example');
    expect(queryWins.data.auth_type).toBe('sso');
  });

  it('answers PARAMETER_REQUIRED when neither names the user', async () => {
    expect(await discoverForm({ client_id: 'x' })).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [username]' }] });
  });
});
