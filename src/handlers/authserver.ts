/** The built-in authorization server and the CRM platform stand-in (OAuth-style JSON, not the service envelope). */
import { OAuthError } from '../domain/auth/authorization-server';
import { asMetadata } from '../domain/auth/discovery';
import type { Ctx, Handler, Handlers, Reply } from '../http/context';

const oauth = (fn: (ctx: Ctx) => Promise<Reply> | Reply): Handler => async (ctx) => {
  try {
    return await fn(ctx);
  } catch (e) {
    if (e instanceof OAuthError) return { json: { error: e.error, error_description: e.description }, status: e.status };
    throw e;
  }
};

export const authServerHandlers: Handlers = {
  getOidcConfiguration: (ctx) => ({
    json: {
      ...asMetadata({ id: 'builtin', label: '', provider: 'builtin' }, ctx.addresses),
      grant_types_supported: ['authorization_code', 'password', 'refresh_token'],
      code_challenge_methods_supported: ['S256', 'plain'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['none'],
    },
  }),
  getJwks: async (ctx) => ({ json: await ctx.world.authServer.jwks() }),
  authorize: oauth((ctx) => ({ redirect: ctx.world.authServer.authorize(ctx.query) })),
  issueToken: oauth(async (ctx) => ({ json: await ctx.world.authServer.token(ctx.body ?? {}, ctx.addresses.auth('')), headers: { 'Cache-Control': 'no-store' } })),
  introspectToken: oauth(async (ctx) => ({ json: await ctx.world.authServer.introspect(ctx.body!.token, ctx.body!.client_id) })),
  revokeToken: oauth(async (ctx) => {
    await ctx.world.authServer.revoke(ctx.body!.token);
    return { json: {} };
  }),
  registerClient: oauth((ctx) => {
    const c = ctx.world.authServer.register(ctx.body!.redirect_uris, ctx.body!.client_name);
    return { json: { client_id: c.clientId, redirect_uris: c.redirectUris, client_name: c.name, token_endpoint_auth_method: 'none' } };
  }),
  endOAuthSession: oauth((ctx) =>
    ctx.query.post_logout_redirect_uri
      ? { redirect: ctx.world.authServer.logoutRedirect(ctx.query.post_logout_redirect_uri, ctx.query.client_id, ctx.query.id_token_hint) }
      : { json: {} }),

  platformLogin: (ctx) => {
    const t = ctx.world.platform.login(ctx.body!.username, ctx.body!.password);
    if (!t) return { json: { error: 'invalid_grant', error_description: 'authentication failure' }, status: 400 };
    return { json: { access_token: t.token, token_type: 'Bearer', expires_in: t.expiresIn } };
  },
  platformUserInfo: (ctx) => {
    const who = ctx.world.platform.identify(ctx.headers.authorization.replace(/^Bearer\s+/i, ''));
    if (!who) return { json: { error: 'invalid_token', error_description: 'Session expired or invalid' }, status: 401 };
    return { json: who };
  },
};
