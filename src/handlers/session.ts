/** Session and discovery handlers: endpoints 1–3, keep-alive and logout. */
import { login } from '../domain/auth/login';
import { noteBurst } from '../http/stages/api-burst';
import { apiError } from '../domain/errors';
import { discover } from '../domain/auth/discovery';
import { oauthLogin } from '../domain/auth/oauth-session';
import type { Session } from '../domain/sessions';
import { accessibleTenants } from '../domain/users';
import type { Ctx, Handlers, Reply } from '../http/context';

/** The Session resource (spec: "Session (result of authentication)"). */
function sessionReply(ctx: Ctx, session: Session): Reply {
  ctx.session = session;
  ctx.user = session.user;
  ctx.tenant = session.tenant;
  return {
    body: {
      responseStatus: 'SUCCESS',
      sessionId: session.id,
      userId: session.user.id,
      tenantIds: accessibleTenants(session.user).map((t) => ({ id: t.id, name: t.name, url: ctx.addresses.tenantApi(t) })),
      tenantId: session.tenant.id,
    },
  };
}

export const sessionHandlers: Handlers = {
  createSession: async (ctx) => {
    const body = ctx.body ?? { username: '' };
    const request = { username: body.username, password: body.password, dns: body.tenantDNS || ctx.hintedDns };
    const session = await login(ctx.world, request, (burst) => noteBurst(ctx.outcome, burst));
    return sessionReply(ctx, session);
  },

  createOAuthSession: async (ctx) => {
    const session = await oauthLogin(ctx.world, {
      profileId: ctx.params.oauth_profile_id,
      token: ctx.headers.authorization.replace(/^Bearer\s+/i, ''),
      clientId: ctx.body?.client_id,
      dns: ctx.body?.tenantDNS,
      addresses: ctx.addresses,
    });
    return sessionReply(ctx, session);
  },

  /** 3: `username` and `client_id` from the query string, else the form body (gaps.md §11). */
  discoverAuthType: (ctx) => {
    const username = ctx.query.username ?? ctx.body?.username;
    if (username === undefined) throw apiError('parameterRequired', 'username');
    return { body: discover(ctx.world, username, ctx.query.client_id ?? ctx.body?.client_id, ctx.addresses) };
  },

  keepAlive: () => ({ body: { responseStatus: 'SUCCESS' } }),

  endSession: (ctx) => {
    if (ctx.session) ctx.world.sessions.end(ctx.session.id);
    return { body: { responseStatus: 'SUCCESS', responseMessage: 'Session ended' } };
  },
};
