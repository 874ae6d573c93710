/**
 * Who is calling (Authentication rules 1 and 8): a session id in `Authorization` (bare or
 * Bearer), or a delegated request carrying the CRM platform's token. Sets ctx.session / ctx.user
 * / ctx.tenant, or throws INVALID_SESSION_ID.
 */
import { apiError } from '../domain/errors';
import type { Ctx } from '../handlers/types';
import { authenticateDelegated, delegationOf } from '../domain/auth/delegation';

export function sessionIdOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const id = authorization.replace(/^Bearer\s+/i, '').trim();
  return id || undefined;
}

export async function authenticate(ctx: Ctx): Promise<void> {
  const delegated = delegationOf(ctx.query, ctx.headers);
  if (delegated) {
    const { user, tenant } = await authenticateDelegated(ctx.world, delegated, ctx.hintedTenant, ctx.addresses);
    ctx.user = user;
    ctx.tenant = tenant;
    return;
  }
  const id = sessionIdOf(ctx.headers.authorization);
  const session = id ? ctx.world.sessions.find(id) : undefined;
  if (!session) throw apiError('invalidSession');
  // A session presented to another tenant's address is not valid there (gaps.md §5).
  if (ctx.hintedDns !== undefined && ctx.hintedTenant?.id !== session.tenant.id) throw apiError('invalidSession');
  ctx.session = session;
  ctx.user = session.user;
  ctx.tenant = session.tenant;
}
