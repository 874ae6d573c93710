/**
 * Authentication (rules 1 and 8) of the operations that need a caller, and of those where one is
 * optional when the request presents one: a session id in
 * `Authorization` (bare or Bearer), or a delegated request carrying the CRM platform's token.
 * Sets the context's session, user and tenant, or answers INVALID_SESSION_ID. The session's idle
 * time counts from the end of the request (gaps.md §3), so it is touched once the answer is made.
 */
import { andThen, answerFinally } from '../answer';
import { authenticateDelegated, delegationOf } from '../../domain/auth/delegation';
import { apiError } from '../../domain/errors';
import type { Ctx, SignedIn } from '../context';
import { noteCaller } from '../outcome';
import type { PipelineStage } from '../pipeline';

export function sessionIdOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const id = authorization.replace(/^Bearer\s+/i, '').trim();
  return id || undefined;
}

export const authentication: PipelineStage = (ex, next) => {
  const { ctx } = ex;
  const { auth } = ex.route.op;
  // `optional` (the version list): public, but a presented session must be valid (gaps.md §12).
  if (auth === 'none' || (auth === 'optional' && ctx.headers.authorization === undefined)) return next();
  return andThen(identify(ctx), ({ tenant, user }) => {
    noteCaller(ctx.outcome, ctx);
    ex.tenant = { id: tenant.id, dns: tenant.dns };
    ex.user = { id: user.id, username: user.username };
    return answerFinally(next, () => {
      if (ctx.session) ctx.world.sessions.touch(ctx.session);
    });
  });
};

/** The caller: at once for a session, once the CRM platform's token is checked for a delegated request. */
function identify(ctx: Ctx): SignedIn | Promise<SignedIn> {
  const delegated = delegationOf(ctx.query, ctx.headers);
  if (delegated) {
    return authenticateDelegated(ctx.world, delegated, ctx.hintedTenant, ctx.addresses).then(({ user, tenant }) => {
      ctx.user = user;
      ctx.tenant = tenant;
      return { user, tenant };
    });
  }
  const id = sessionIdOf(ctx.headers.authorization);
  const session = id ? ctx.world.sessions.find(id) : undefined;
  if (!session) throw apiError('invalidSession');
  // A session presented to another tenant's address is not valid there (gaps.md §5).
  if (ctx.hintedDns !== undefined && ctx.hintedTenant?.id !== session.tenant.id) throw apiError('sessionOfOtherTenant', session.tenant.dns, ctx.hintedTenant?.dns ?? ctx.hintedDns);
  ctx.session = session;
  ctx.user = session.user;
  ctx.tenant = session.tenant;
  return { user: session.user, tenant: session.tenant };
}
