/**
 * API burst (gaps.md §2, §4): every call of a tenant counts against its window, rejected ones too;
 * over the limit a call is delayed (never refused), and the figures go into the outcome. Calls that
 * count against no window report where the named tenant's stands (`reportStanding`).
 */
import type { Tenant } from '../../domain/tenants';
import type { World } from '../../domain/world';
import type { RequestExchange } from '../exchange';
import type { Outcome } from '../outcome';
import type { PipelineStage } from '../pipeline';

/** The figures of a burst decision that counted this call, for the headers and the usage row. */
export function noteBurst(outcome: Outcome, decision: { limit: number; remaining: number; delayMs: number }): void {
  outcome.burstLimit = decision.limit;
  outcome.burstRemaining = decision.remaining;
  outcome.delayMs += decision.delayMs;
}

/**
 * The burst figures of an answer that counts no call (gaps.md §11, §12: every /api answer carries
 * them): the window of the tenant the request names, else the default limit untouched.
 */
export function reportStanding(outcome: Outcome, world: World, tenant: Tenant | undefined): void {
  const limit = tenant?.apiBurstLimit ?? world.settings.apiBurstLimit;
  const standing = tenant ? world.throttle.apiStanding(tenant.id, limit) : { limit, remaining: limit };
  outcome.burstLimit = standing.limit;
  outcome.burstRemaining = standing.remaining;
}

/** The tenant whose window the call counts against: the caller's (none before authentication names one, as for a login). */
const countedTenant = (ex: RequestExchange): Tenant | undefined => (ex.user === undefined ? undefined : ex.ctx.tenant);

/**
 * Takes back the call this stage counted for the exchange, for an answer the service gives before
 * counting (a fault rule's expired session). Call it while the exchange still names its caller.
 */
export function takeBackApiCall(ex: RequestExchange): void {
  const tenant = countedTenant(ex);
  if (tenant) ex.ctx.world.throttle.apiUncount(tenant.id);
}

export const apiBurst: PipelineStage = (ex, next) => {
  const { ctx } = ex;
  const tenant = countedTenant(ex);
  if (!tenant) return next();
  const { world, outcome } = ctx;
  const d = world.throttle.apiCall(tenant.id, tenant.apiBurstLimit ?? world.settings.apiBurstLimit);
  noteBurst(outcome, d);
  return d.delayMs > 0 ? world.clock.sleep(d.delayMs).then(next) : next();
};
