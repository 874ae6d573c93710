import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { TenantDirectory } from '../tenants';
import { UserDirectory } from '../users';
import { ACCESS_TOKEN_TTL_S, AuthorizationServer, OAuthError } from './authorization-server';

const tenants = new TenantDirectory([
  { name: 'd', type: 'Production', tenants: [{ id: 1, dns: 't.example', name: 'T', status: 'Active', family: { name: 'f', label: 'F' }, created: '2020-01-01T00:00:00Z' }] },
]);
const users = new UserDirectory([
  { id: 1, username: 'sso@x.example', name: 'S', ssoPassword: 'pw', authProfiles: ['p'], memberships: [{ tenant: 't.example', since: '2020-01-01' }] },
  { id: 2, username: 'gone@x.example', name: 'G', ssoPassword: 'pw', status: 'inactive', memberships: [] },
  { id: 3, username: 'pw@x.example', name: 'P', password: 'pw', memberships: [] },
], tenants);
const ISSUER = 'http://as.example';
const REDIRECT = 'http://localhost/callback';
const verifier = 'v'.repeat(43);
const S256 = createHash('sha256').update(verifier).digest('base64url');

function server() {
  const clock = manualClock();
  return { clock, as: new AuthorizationServer(users, clock, [{ clientId: 'c', redirectUris: [REDIRECT, 'https://app.example/cb'] }]) };
}
const codeOf = (location: string) => new URL(location).searchParams.get('code')!;
const authorize = (as: AuthorizationServer, over: Record<string, string> = {}) =>
  as.authorize({ client_id: 'c', redirect_uri: 'http://localhost:1234/callback', login_hint: 'sso@x.example', code_challenge: S256, code_challenge_method: 'S256', ...over });

describe('AuthorizationServer', () => {
  it('loopback redirect URIs match on any port; others exactly', () => {
    const { as } = server();
    expect(codeOf(authorize(as))).toBeTruthy();
    expect(codeOf(authorize(as, { redirect_uri: 'https://app.example/cb' }))).toBeTruthy();
    expect(() => authorize(as, { redirect_uri: 'https://app.example/cb2' })).toThrow(OAuthError);
    expect(() => authorize(as, { redirect_uri: 'https://app.example:444/cb' })).toThrow(OAuthError);
    expect(() => authorize(as, { client_id: 'nobody' })).toThrow(OAuthError);
  });

  it('only active SSO users are signed in by login_hint', () => {
    const { as } = server();
    for (const hint of ['gone@x.example', 'pw@x.example', 'nobody@x.example']) {
      const back = new URL(authorize(as, { login_hint: hint }));
      expect(back.searchParams.get('error'), hint).toBe('access_denied');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('a code is single-use, bound to its redirect URI and verifier, and expires after a minute', async () => {
    const { as, clock } = server();
    const redirect = 'http://localhost:1234/callback';
    const code = codeOf(authorize(as));
    await expect(as.token({ grant_type: 'authorization_code', code, client_id: 'c', redirect_uri: REDIRECT, code_verifier: verifier }, ISSUER)).rejects.toThrow(/redirect_uri/);
    const code2 = codeOf(authorize(as));
    const t = await as.token({ grant_type: 'authorization_code', code: code2, client_id: 'c', redirect_uri: redirect, code_verifier: verifier }, ISSUER);
    expect(t).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
    await expect(as.token({ grant_type: 'authorization_code', code: code2, client_id: 'c', redirect_uri: redirect, code_verifier: verifier }, ISSUER)).rejects.toThrow(/unknown, used or expired/);
    const code3 = codeOf(authorize(as));
    clock.advance(60_000);
    await expect(as.token({ grant_type: 'authorization_code', code: code3, client_id: 'c', redirect_uri: redirect, code_verifier: verifier }, ISSUER)).rejects.toThrow(/expired/);
    // plain PKCE: the verifier is the challenge.
    const plain = codeOf(authorize(as, { code_challenge: verifier, code_challenge_method: 'plain' }));
    await expect(as.token({ grant_type: 'authorization_code', code: plain, client_id: 'c', redirect_uri: redirect, code_verifier: verifier }, ISSUER)).resolves.toHaveProperty('access_token');
  });

  it('introspection: active until expiry on the simulator clock, client-bound, and not after revocation', async () => {
    const { as, clock } = server();
    const t = (await as.token({ grant_type: 'password', username: 'sso@x.example', password: 'pw', client_id: 'c' }, ISSUER)) as { access_token: string; refresh_token: string };
    expect(await as.introspect(t.access_token)).toMatchObject({ active: true, username: 'sso@x.example', client_id: 'c', iss: ISSUER, sub: '1' });
    expect(await as.introspect(t.access_token, 'c')).toMatchObject({ active: true });
    expect(await as.introspect(t.access_token, 'other')).toEqual({ active: false });
    expect(await as.introspect('not.a.jwt')).toEqual({ active: false });
    clock.advance(ACCESS_TOKEN_TTL_S * 1000 - 1000);
    expect((await as.introspect(t.access_token)).active).toBe(true);
    // A refresh gives a new token; the refresh token is used up.
    const r = (await as.token({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: 'c' }, ISSUER)) as { access_token: string };
    await expect(as.token({ grant_type: 'refresh_token', refresh_token: t.refresh_token }, ISSUER)).rejects.toThrow(OAuthError);
    await as.revoke(r.access_token);
    expect(await as.introspect(r.access_token)).toEqual({ active: false });
    clock.advance(1000);
    expect(await as.introspect(t.access_token)).toEqual({ active: false });
  });

  it('the end-session redirect must be registered for the client the request names', () => {
    const { as } = server();
    expect(as.logoutRedirect('http://localhost:9999/callback', 'c', undefined)).toBe('http://localhost:9999/callback');
    const idToken = `x.${Buffer.from(JSON.stringify({ aud: 'c' })).toString('base64url')}.y`;
    expect(as.logoutRedirect('https://app.example/cb', undefined, idToken)).toBe('https://app.example/cb');
    expect(() => as.logoutRedirect('https://evil.example/', 'c', undefined)).toThrow(OAuthError);
    // No client named: refused, even for an address some client registered.
    expect(() => as.logoutRedirect('https://app.example/cb', undefined, undefined)).toThrow(OAuthError);
    // A client registered by anyone cannot vouch for an address on another host.
    expect(() => as.register(['https://evil.example/x'])).toThrow(/loopback/);
    expect(() => as.register(['javascript:alert(1)'])).toThrow(OAuthError);
    const dyn = as.register(['http://127.0.0.1/cb']);
    expect(as.logoutRedirect('http://127.0.0.1:5555/cb', dyn.clientId, undefined)).toBe('http://127.0.0.1:5555/cb');
    expect(() => as.logoutRedirect('https://app.example/cb', dyn.clientId, undefined)).toThrow(OAuthError);
  });
});
