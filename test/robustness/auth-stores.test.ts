/**
 * Issue 18, defect 7: the OAuth and platform stores grew forever (dynamic client registrations,
 * platform tokens with the expired ones kept, refresh tokens). Each now expires its entries on the
 * simulator clock and holds at most its cap: least recently used (clients) or oldest out.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedStore } from '../../src/domain/bounded-store';
import { manualClock } from '../../src/domain/clock';
import { AUTH_SERVER_LIMITS, type AuthServerLimits, AuthorizationServer, OAuthError } from '../../src/domain/auth/authorization-server';
import { MAX_PLATFORM_TOKENS, PLATFORM_TOKEN_TTL_MS } from '../../src/domain/auth/platform';
import { TenantDirectory } from '../../src/domain/tenants';
import { UserDirectory } from '../../src/domain/users';
import { PASSWORD, type TestSim, testSim } from '../helpers/sim';

const tenants = new TenantDirectory([
  { name: 'd', type: 'Production', tenants: [{ id: 1, dns: 't.example', name: 'T', status: 'Active', family: { name: 'f', label: 'F' }, created: '2020-01-01T00:00:00Z' }] },
]);
const users = new UserDirectory([
  { id: 1, username: 'sso@x.example', name: 'S', ssoPassword: 'pw', authProfiles: ['p'], memberships: [{ tenant: 't.example', since: '2020-01-01' }] },
], tenants);
const ISSUER = 'http://as.example';
const verifier = 'v'.repeat(43);
const S256 = createHash('sha256').update(verifier).digest('base64url');

function server(limits: Partial<AuthServerLimits> = {}) {
  const clock = manualClock();
  const as = new AuthorizationServer(users, clock, [{ clientId: 'c', redirectUris: ['http://localhost/cb'] }], { ...AUTH_SERVER_LIMITS, ...limits });
  return { clock, as };
}
const authorize = (as: AuthorizationServer, client = 'c') =>
  as.authorize({ client_id: client, redirect_uri: 'http://localhost/cb', login_hint: 'sso@x.example', code_challenge: S256, code_challenge_method: 'S256' });
const passwordGrant = (as: AuthorizationServer) => as.token({ grant_type: 'password', client_id: 'c', username: 'sso@x.example', password: 'pw' }, ISSUER);

describe('BoundedStore', () => {
  it('never holds more than its cap; drops the least recently set or touched; never hands out an expired value', () => {
    const clock = manualClock();
    const store = new BoundedStore<number, string>(clock, 3);
    for (let i = 0; i < 3; i++) store.set(i, `v${i}`, clock.now() + 1000);
    store.touch(0);
    store.set(3, 'v3', clock.now() + 1000);
    expect([store.size, store.get(1), store.get(0)]).toEqual([3, undefined, 'v0']);
    clock.advance(1000);
    expect(store.get(0)).toBeUndefined();
    store.set(4, 'v4', clock.now() + 1000);
    expect(store.size).toBe(1);
  });
});

describe('authorization server stores: growth', () => {
  it('dynamic registrations: at most 1,000, least recently used out; one idle for 24 hours is forgotten', () => {
    const { as, clock } = server();
    const first = as.register(['http://localhost/cb']).clientId;
    const second = as.register(['http://localhost/cb']).clientId;
    for (let i = 0; i < 998; i++) as.register(['http://localhost/cb']);
    expect(authorize(as, first)).toContain('code='); // used: now the most recent
    for (let i = 0; i < 500; i++) as.register(['http://localhost/cb']);
    expect(as.sizes.dynamicClients).toBe(AUTH_SERVER_LIMITS.dynamicClients);
    expect(AUTH_SERVER_LIMITS.dynamicClients).toBe(1_000);
    expect(() => authorize(as, second)).toThrow(OAuthError);
    expect(authorize(as, first)).toContain('code=');
    clock.advance(AUTH_SERVER_LIMITS.dynamicClientIdleMs);
    expect(() => authorize(as, first)).toThrow(/unknown client_id/);
    as.register(['http://localhost/cb']);
    expect(as.sizes.dynamicClients).toBe(1);
    // Fixture clients are not dynamic: never forgotten.
    expect(authorize(as)).toContain('code=');
  });

  it('a registration is bounded: at most 10 redirect URIs of 2,048 characters, a name of 256', () => {
    const { as } = server();
    const uris = (n: number) => Array.from({ length: n }, (_, i) => `http://localhost/cb${i}`);
    expect(as.register(uris(10)).redirectUris).toHaveLength(10);
    expect(() => as.register(uris(11))).toThrow(/at most 10 redirect URIs/);
    expect(() => as.register([`http://localhost/${'p'.repeat(2048)}`])).toThrow(/longer than 2048/);
    expect(() => as.register(['http://localhost/cb'], 'n'.repeat(257))).toThrow(/longer than 256/);
    expect(as.sizes.dynamicClients).toBe(1);
  });

  it('authorization codes: at most 10,000 unredeemed, oldest out; expired ones go after their minute', () => {
    const { as, clock } = server();
    for (let i = 0; i < AUTH_SERVER_LIMITS.codes + 300; i++) authorize(as);
    expect(as.sizes.codes).toBe(10_000);
    clock.advance(60_000);
    authorize(as);
    expect(as.sizes.codes).toBe(1);
  });

  it('refresh tokens: at most the cap, oldest out, each valid 24 hours', async () => {
    const { as, clock } = server({ refreshTokens: 3 });
    const issued = [];
    for (let i = 0; i < 5; i++) issued.push(((await passwordGrant(as)) as { refresh_token: string }).refresh_token);
    expect(as.sizes.refreshTokens).toBe(3);
    await expect(as.token({ grant_type: 'refresh_token', refresh_token: issued[0] }, ISSUER)).rejects.toThrow(/unknown refresh token/);
    await as.token({ grant_type: 'refresh_token', refresh_token: issued[4] }, ISSUER); // used: replaced by a new one
    expect(as.sizes.refreshTokens).toBe(3);
    clock.advance(AUTH_SERVER_LIMITS.refreshTokenTtlMs);
    await expect(as.token({ grant_type: 'refresh_token', refresh_token: issued[3] }, ISSUER)).rejects.toThrow(/unknown refresh token/);
    expect(AUTH_SERVER_LIMITS.refreshTokens).toBe(10_000);
  });

  it('revoked token ids: at most the cap, and each only until its token would have expired', async () => {
    const { as, clock } = server({ revoked: 2 });
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(((await passwordGrant(as)) as { access_token: string }).access_token);
    for (const t of tokens) await as.revoke(t);
    expect(as.sizes.revoked).toBe(2);
    expect((await as.introspect(tokens[2])).active).toBe(false);
    clock.advance(3600_000);
    await as.revoke(((await passwordGrant(as)) as { access_token: string }).access_token);
    expect(as.sizes.revoked).toBe(1);
  });
});

describe('OAuth and platform stores over HTTP (regression)', () => {
  let sim: TestSim;
  afterEach(() => expect(sim.breaches).toEqual([]));

  it('1,200 registrations keep 1,000 clients', async () => {
    sim = testSim();
    const body = JSON.stringify({ redirect_uris: ['http://localhost/cb'] });
    for (let i = 0; i < 1200; i++) {
      const res = await sim.call('POST', '/oauth2/register', { headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(200);
    }
    expect(sim.world.authServer.sizes.dynamicClients).toBe(1000);
  });

  it('platform tokens: expired ones are dropped as new ones come; at most MAX_PLATFORM_TOKENS live ones', async () => {
    sim = testSim();
    const login = () => sim.call('POST', '/crm/services/oauth2/token', { form: { grant_type: 'password', username: 'crm.user@acme.example', password: PASSWORD } });
    for (let i = 0; i < 5; i++) expect((await login()).status).toBe(200);
    expect(sim.world.platform.size).toBe(5);
    sim.clock.advance(PLATFORM_TOKEN_TTL_MS);
    const token = (await (await login()).json()).access_token;
    expect(sim.world.platform.size).toBe(1);
    expect(sim.world.platform.identify(token)?.organization_id).toBe('00D5g000004ACMEEA2');
    expect(MAX_PLATFORM_TOKENS).toBe(10_000);
    for (let i = 0; i < MAX_PLATFORM_TOKENS + 100; i++) sim.world.platform.login('crm.user@acme.example', PASSWORD);
    expect(sim.world.platform.size).toBe(MAX_PLATFORM_TOKENS);
    expect(sim.world.platform.identify(token)).toBeUndefined(); // the oldest went first
  });
});
