/**
 * Tenancy (gaps.md §5, §10): the path's API version must be one the version list holds, and a
 * `/tenants/<dns>` prefix must name a tenant (only a login falls back to rule 5.2 then). Which
 * tenant the request names was read when the exchange was made.
 */
import { apiError } from '../../domain/errors';
import type { PipelineStage } from '../pipeline';

export const tenancy: PipelineStage = (ex, next) => {
  const { ctx, route } = ex;
  ctx.params = route.shape.splitParams(ex.hono.req.param() as Record<string, string>);
  const version: unknown = ctx.params.version;
  if (typeof version === 'string') {
    if (!ctx.world.versions.includes(version)) throw apiError('versionNotSupported', version);
    ctx.version = version;
  }
  if (ex.tenancy.reachedBy === 'prefix' && !ctx.hintedTenant && route.op.id !== 'createSession') throw apiError('unknownPath', ex.path);
  if (!route.handler) throw apiError('notImplemented', route.op.id);
  return next();
};
