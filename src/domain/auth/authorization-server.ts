/**
 * dms-sim's own OAuth 2.0 / OpenID Connect authorization server (issue 4), so that a client can
 * run the whole OAuth flow locally: authorization code with PKCE (the authorization endpoint
 * signs the `login_hint` SSO user in at once, no UI), `grant_type=password` for scripts, refresh,
 * introspection (RFC 7662), revocation (RFC 7009), dynamic registration of public clients.
 * Tokens are RS256 JWTs signed with a key made at start; all times are on the simulator clock.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CryptoKey, JWK } from 'jose';
import { joseModule } from '../../lazy';
import { BoundedStore } from '../bounded-store';
import type { Clock } from '../clock';
import { type User, type UserDirectory, passwordMatches } from '../users';

export const ACCESS_TOKEN_TTL_S = 3600;
const CODE_TTL_MS = 60_000;

/**
 * Bounds of the server's stores (chosen, issue 18), all on the simulator clock: each store drops
 * its expired entries and, past its cap, the least recently used (clients) or oldest (the others).
 */
export const AUTH_SERVER_LIMITS = {
  /** Dynamically registered clients; one unused this long is forgotten. */
  dynamicClients: 1_000,
  dynamicClientIdleMs: 24 * 3600_000,
  /** Redirect URIs of one registration, and the length of each and of the client name. */
  redirectUrisPerClient: 10,
  redirectUriChars: 2_048,
  clientNameChars: 256,
  /** Authorization codes not redeemed yet (each lives a minute). */
  codes: 10_000,
  /** Refresh tokens not used yet, each valid this long. */
  refreshTokens: 10_000,
  refreshTokenTtlMs: 24 * 3600_000,
  /** Ids of revoked access tokens, until the token would have expired anyway. */
  revoked: 10_000,
} as const;
export type AuthServerLimits = { readonly [K in keyof typeof AUTH_SERVER_LIMITS]: number };

export class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string, readonly status = 400) {
    super(description);
  }
}

interface Client {
  clientId: string;
  redirectUris: string[];
  name?: string;
}

interface Grant {
  client: string;
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  user: User;
  nonce?: string;
  scope: string;
  expires: number;
}

export interface Introspection {
  active: boolean;
  sub?: string;
  username?: string;
  client_id?: string;
  scope?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  token_type?: string;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Loopback redirect URIs match whatever the port (RFC 8252 §7.3). */
function redirectAllowed(client: Client, uri: string): boolean {
  // A control character is refused: the URL parser drops tabs and newlines, but the address is sent as given (a Location Node will not write).
  if (/[\u0000-\u001f\u007f]/.test(uri)) return false;
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return false;
  }
  return client.redirectUris.some((r) => {
    const reg = new URL(r);
    const loopback = LOOPBACK.includes(reg.hostname);
    return loopback
      ? reg.protocol === u.protocol && reg.hostname === u.hostname && reg.pathname === u.pathname
      : r === uri;
  });
}

export class AuthorizationServer {
  private keys?: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; jwk: JWK }>;
  /** Clients of the fixtures: kept for good. */
  private readonly clients = new Map<string, Client>();
  private readonly dynamicClients: BoundedStore<string, Client>;
  private readonly codes: BoundedStore<string, Grant>;
  private readonly refreshTokens: BoundedStore<string, { user: User; client: string; scope: string }>;
  /** Revoked token ids, until the token would have expired anyway. */
  private readonly revoked: BoundedStore<string, true>;
  private readonly kid = randomUUID();

  constructor(private readonly users: UserDirectory, private readonly clock: Clock, clients: Client[], readonly limits: AuthServerLimits = AUTH_SERVER_LIMITS) {
    for (const c of clients) this.clients.set(c.clientId, { ...c, redirectUris: c.redirectUris ?? [] });
    this.dynamicClients = new BoundedStore(clock, limits.dynamicClients);
    this.codes = new BoundedStore(clock, limits.codes);
    this.refreshTokens = new BoundedStore(clock, limits.refreshTokens);
    this.revoked = new BoundedStore(clock, limits.revoked);
  }

  /** Entries held by each store (each at most its cap). */
  get sizes(): { dynamicClients: number; codes: number; refreshTokens: number; revoked: number } {
    return { dynamicClients: this.dynamicClients.size, codes: this.codes.size, refreshTokens: this.refreshTokens.size, revoked: this.revoked.size };
  }

  /** A fixture client, or a registered one (whose idle time starts again). */
  private client(id: string | undefined): Client | undefined {
    if (id === undefined) return undefined;
    const fixed = this.clients.get(id);
    if (fixed) return fixed;
    const dynamic = this.dynamicClients.get(id);
    if (dynamic) this.dynamicClients.touch(id, this.clock.now() + this.limits.dynamicClientIdleMs);
    return dynamic;
  }

  private signingKeys() {
    this.keys ??= joseModule().generateKeyPair('RS256').then(async ({ privateKey, publicKey }) => ({
      privateKey, publicKey, jwk: { ...(await joseModule().exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' },
    }));
    return this.keys;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.signingKeys()).jwk] };
  }

  /**
   * Dynamic registration of a public client. Only http(s) redirect URIs on a loopback host are
   * accepted (native and local apps, RFC 8252): anything else would make dms-sim an open
   * redirector. Clients with other addresses are listed in the fixtures (service.oauthClients).
   */
  register(redirectUris: string[], name?: string): Client {
    const { redirectUrisPerClient, redirectUriChars, clientNameChars } = this.limits;
    if (redirectUris.length > redirectUrisPerClient) throw new OAuthError('invalid_redirect_uri', `at most ${redirectUrisPerClient} redirect URIs per client`);
    if (name !== undefined && name.length > clientNameChars) throw new OAuthError('invalid_client_metadata', `client_name is longer than ${clientNameChars} characters`);
    for (const uri of redirectUris) {
      if (uri.length > redirectUriChars) throw new OAuthError('invalid_redirect_uri', `a redirect URI is longer than ${redirectUriChars} characters`);
      let u: URL;
      try { u = new URL(uri); } catch { throw new OAuthError('invalid_redirect_uri', `not an absolute URI: ${uri}`); }
      if (!['http:', 'https:'].includes(u.protocol) || !LOOPBACK.includes(u.hostname)) {
        throw new OAuthError('invalid_redirect_uri', `dynamic registration accepts http(s) loopback redirect URIs only (list other clients in the fixtures): ${uri}`);
      }
    }
    const client = { clientId: `dyn-${randomBytes(12).toString('hex')}`, redirectUris, name };
    this.dynamicClients.set(client.clientId, client, this.clock.now() + this.limits.dynamicClientIdleMs);
    return client;
  }

  /**
   * Where the end-session endpoint may send the browser afterwards: only an address registered
   * for the client the request names (client_id, else the audience of id_token_hint).
   */
  logoutRedirect(uri: string, clientId: string | undefined, idTokenHint: string | undefined): string {
    let id = clientId;
    if (!id && idTokenHint) {
      try {
        const aud = JSON.parse(Buffer.from(idTokenHint.split('.')[1] ?? '', 'base64url').toString()).aud;
        id = Array.isArray(aud) ? aud[0] : aud;
      } catch {
        id = undefined;
      }
    }
    const client = this.client(id);
    if (!client) throw new OAuthError('invalid_request', 'post_logout_redirect_uri needs client_id or id_token_hint naming a registered client');
    if (!redirectAllowed(client, uri)) throw new OAuthError('invalid_request', 'post_logout_redirect_uri is not registered for this client');
    return uri;
  }

  /** The SSO user a login hint names, if they may sign in here. */
  private ssoUser(hint: string | undefined): User | undefined {
    const user = hint ? this.users.byUsername(hint) : undefined;
    return user?.ssoPasswordHash && user.status === 'active' ? user : undefined;
  }

  /** The authorization endpoint: returns the redirect address (with a code, or an error). */
  authorize(p: Record<string, string | undefined>): string {
    const client = this.client(p.client_id);
    if (!client) throw new OAuthError('invalid_client', `unknown client_id ${p.client_id}`);
    if (!p.redirect_uri || !redirectAllowed(client, p.redirect_uri)) throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client');
    const back = new URL(p.redirect_uri);
    if (p.state !== undefined) back.searchParams.set('state', p.state);
    const user = this.ssoUser(p.login_hint);
    if (!user) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'login_hint does not name an SSO user of this authorization server');
      return back.toString();
    }
    const code = randomBytes(24).toString('base64url');
    const expires = this.clock.now() + CODE_TTL_MS;
    this.codes.set(code, {
      client: client.clientId, redirectUri: p.redirect_uri, challenge: p.code_challenge!, method: (p.code_challenge_method as 'S256' | 'plain') ?? 'plain',
      user, nonce: p.nonce, scope: p.scope ?? 'openid', expires,
    }, expires);
    back.searchParams.set('code', code);
    return back.toString();
  }

  async token(p: Record<string, string | undefined>, issuer: string): Promise<Record<string, unknown>> {
    if (p.grant_type === 'authorization_code') {
      const grant = p.code ? this.codes.get(p.code) : undefined;
      if (p.code) this.codes.delete(p.code);
      if (!grant || grant.expires <= this.clock.now()) throw new OAuthError('invalid_grant', 'the code is unknown, used or expired');
      if (grant.client !== p.client_id || grant.redirectUri !== p.redirect_uri) throw new OAuthError('invalid_grant', 'client_id or redirect_uri does not match the authorization request');
      const verifier = p.code_verifier ?? '';
      const computed = grant.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (!verifier || computed !== grant.challenge) throw new OAuthError('invalid_grant', 'PKCE verification failed');
      return this.issue(grant.user, grant.client, grant.scope, issuer, grant.nonce);
    }
    if (p.grant_type === 'password') {
      const client = this.client(p.client_id);
      if (!client) throw new OAuthError('invalid_client', `unknown client_id ${p.client_id}`, 401);
      const user = this.ssoUser(p.username);
      if (!passwordMatches(user?.ssoPasswordHash, p.password ?? '') || !user) throw new OAuthError('invalid_grant', 'invalid user name or password');
      return this.issue(user, client.clientId, p.scope ?? 'openid', issuer);
    }
    if (p.grant_type === 'refresh_token') {
      const r = p.refresh_token ? this.refreshTokens.get(p.refresh_token) : undefined;
      if (!r || (p.client_id && p.client_id !== r.client)) throw new OAuthError('invalid_grant', 'unknown refresh token');
      this.refreshTokens.delete(p.refresh_token!);
      return this.issue(r.user, r.client, r.scope, issuer);
    }
    throw new OAuthError('unsupported_grant_type', `grant_type ${p.grant_type} is not supported`);
  }

  private async issue(user: User, client: string, scope: string, issuer: string, nonce?: string) {
    const { privateKey } = await this.signingKeys();
    const iat = Math.floor(this.clock.now() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new (joseModule().SignJWT)(claims).setProtectedHeader({ alg: 'RS256', kid: this.kid }).setIssuer(issuer).setSubject(String(user.id))
        .setAudience(client).setIssuedAt(iat).setExpirationTime(iat + ACCESS_TOKEN_TTL_S).setJti(randomUUID()).sign(privateKey);
    const refresh = randomBytes(32).toString('base64url');
    this.refreshTokens.set(refresh, { user, client, scope }, this.clock.now() + this.limits.refreshTokenTtlMs);
    return {
      access_token: await sign({ username: user.username, client_id: client, scope, token_use: 'access' }),
      id_token: await sign({ preferred_username: user.username, name: user.name, email: user.username, token_use: 'id', ...(nonce ? { nonce } : {}) }),
      token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope, refresh_token: refresh,
    };
  }

  /** RFC 7662; with `clientId`, a token issued to another client is inactive. */
  async introspect(token: string, clientId?: string): Promise<Introspection> {
    const { publicKey } = await this.signingKeys();
    try {
      const { payload } = await joseModule().jwtVerify(token, publicKey, { algorithms: ['RS256'], currentDate: new Date(this.clock.now()) });
      if (!payload.jti || this.revoked.has(payload.jti)) return { active: false };
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      if (clientId && clientId !== aud) return { active: false };
      const username = (payload.username ?? payload.preferred_username) as string;
      return { active: true, sub: payload.sub, username, client_id: aud, scope: payload.scope as string | undefined, exp: payload.exp, iat: payload.iat, iss: payload.iss, token_type: 'Bearer' };
    } catch {
      return { active: false };
    }
  }

  async revoke(token: string): Promise<void> {
    if (this.refreshTokens.delete(token)) return;
    const info = await this.introspect(token);
    if (info.active) {
      const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
      const now = this.clock.now();
      this.revoked.set(jti, true, info.exp !== undefined ? info.exp * 1000 : now + ACCESS_TOKEN_TTL_S * 1000);
    }
  }
}
