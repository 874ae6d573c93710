/**
 * SSO discovery as the real service's clients read it (issue 15, item 8; gaps.md §12): every
 * OAuth profile carries `use_msal` (boolean), `oauthProviderType` (string) and
 * `as_metadata.scopes_supported`; a fixture may set each.
 */
import { describe, expect, it } from 'vitest';
import { authSim, defaultFixtures } from '../auth/sim';

const discover = async (sim: ReturnType<typeof authSim>, username: string) =>
  (await sim.call('POST', `/auth/discovery?username=${encodeURIComponent(username)}`)).json();

describe('discovery of an SSO user', () => {
  it('a client reading use_msal, oauthProviderType and as_metadata.scopes_supported of each profile finds them', async () => {
    const sim = authSim();
    const body = await discover(sim, 'sso.user@acme.example');
    expect(body.data.auth_type).toBe('sso');
    expect(body.data.auth_profiles.map((p: Record<string, unknown>) => [p.id, p.use_msal, p.oauthProviderType])).toEqual([
      ['acme_oidc', false, 'other'],
      ['acme_adfs', false, 'adfs'],
    ]);
    for (const p of body.data.auth_profiles) expect(p.as_metadata.scopes_supported).toEqual(['openid', 'profile', 'email', 'offline_access']);
    expect(sim.breaches).toEqual([]);
  });

  it('a profile signing in with MSAL says so, with the provider type and scopes its fixture names', async () => {
    const fixtures = defaultFixtures();
    const oidc = fixtures.data.authProfiles!.find((p) => p.id === 'acme_oidc')!;
    Object.assign(oidc, { useMsal: true, oauthProviderType: 'azure_ad', scopes: ['openid', 'api://acme/.default'] });
    const sim = authSim({ fixtures });
    const profile = (await discover(sim, 'sso.user@acme.example')).data.auth_profiles[0];
    expect(profile).toMatchObject({ id: 'acme_oidc', use_msal: true, use_adal: false, oauthProviderType: 'azure_ad' });
    expect(profile.as_metadata.scopes_supported).toEqual(['openid', 'api://acme/.default']);
    expect(sim.breaches).toEqual([]);
  });
});
