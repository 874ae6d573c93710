/**
 * Usage logging (gaps.md §4): one row per call of a signed-in caller of a tenant, written from the
 * request's outcome once the answer is shaped (the same record its X-TenantAPI-* headers came
 * from). Calls that named no valid caller are only counted (a client cannot grow a tenant's log).
 */
import { andThen } from '../answer';
import type { PipelineStage } from '../pipeline';

export const usage: PipelineStage = (ex, next) => andThen(next(), (response) => {
  const { ctx } = ex;
  const o = ctx.outcome;
  // Only a call of a valid session or delegated user is charged to its tenant's log; the others are counted (issue 18).
  if (ctx.tenant && ctx.user) {
    ctx.world.usage.record(ctx.tenant.id, {
      time: ctx.world.clock.now(), executionId: o.executionId, userId: ctx.user?.id,
      truncatedSessionId: o.truncatedSessionId, method: ex.method, endpoint: ex.routingPath, version: ctx.version,
      responseStatus: o.responseStatus ?? String(response.status), clientId: ctx.clientId, referenceId: o.referenceId,
      burstRemaining: o.burstRemaining, delayMs: o.delayMs, durationMs: Math.round(performance.now() - ex.started),
    });
  } else ctx.world.usage.countUncharged();
  return response;
});
