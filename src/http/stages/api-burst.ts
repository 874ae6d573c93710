/**
 * API burst (gaps.md §2, §4): every call of a tenant counts against its window, rejected ones too;
 * over the limit a call is delayed (never refused), and the figures go into the outcome.
 */
import type { PipelineStage } from '../pipeline';

export const apiBurst: PipelineStage = async (ex, next) => {
  const { ctx } = ex;
  const tenant = ctx.tenant;
  if (ex.route.op.auth !== 'session' || !tenant) return next();
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
