/**
 * API burst (gaps.md §2, §4): every call of a tenant counts against its window, rejected ones too;
 * over the limit a call is delayed (never refused), and the figures go into the outcome. Calls that
 * count against no window report where the named tenant's stands (`reportStanding`).
 */
import type { Tenant } from '../../domain/tenants';
import type { World } from '../../domain/world';
import type { Outcome } from '../outcome';
import type { PipelineStage } from '../pipeline';

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

export const apiBurst: PipelineStage = async (ex, next) => {
  const { ctx } = ex;
  const tenant = ctx.tenant;
  if (ex.user === undefined || !tenant) return next();
  const { world, outcome } = ctx;
  const d = world.throttle.apiCall(tenant.id, tenant.apiBurstLimit ?? world.settings.apiBurstLimit);
  outcome.burstLimit = d.limit;
  outcome.burstRemaining = d.remaining;
  if (d.delayMs > 0) {
    outcome.delayMs += d.delayMs;
    await world.clock.sleep(d.delayMs);
  }
  return next();
};
