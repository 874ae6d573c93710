/**
 * Request validation: the path, query and header parameters against the operation's OpenAPI
 * parameters (coerced in place, defaults filled); a violation is PARAMETER_REQUIRED or
 * INVALID_DATA. Handlers rely on it and do not check a declared parameter again.
 */
import type { PipelineStage } from '../pipeline';

export const validation: PipelineStage = (ex, next) => {
  const { ctx } = ex;
  ex.route.validator.params({ path: ctx.params, query: ctx.query, header: ctx.headers });
  return next();
};
