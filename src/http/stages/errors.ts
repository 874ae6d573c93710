/**
 * Errors: an ApiError thrown by a later stage becomes the service's FAILURE answer (gaps.md §1),
 * or OAuth's own error shape on the authorization server's operations; anything else is a defect
 * of dms-sim: 500 UNEXPECTED_ERROR with the execution id, logged, never a stack trace to the client.
 */
import { answerCatching } from '../answer';
import { type ApiError, isApiError } from '../../domain/errors';
import type { RequestExchange } from '../exchange';
import { noteCaller } from '../outcome';
import type { PipelineStage } from '../pipeline';
import { failure, unexpectedFailure } from '../respond';

export const NOT_IMPLEMENTED_HEADER = 'X-DmsSim-Not-Implemented';

export const errors: PipelineStage = (ex, next) => answerCatching(next, (e) => {
  const { ctx, route } = ex;
  if (isApiError(e) && route.oauthStyle) return oauthFailure(e);
  if (!isApiError(e)) console.error(`[dms-sim] ${ctx.executionId} ${route.op.id}:`, e);
  return serviceFailure(ex, isApiError(e) ? e : unexpectedFailure(ctx.executionId), route.handler ? undefined : { [NOT_IMPLEMENTED_HEADER]: route.op.id });
});

/**
 * The service's FAILURE answer to a request (gaps.md §1, §2, §8: the operation's envelope and XML
 * root, the X-TenantAPI-* headers of its outcome), as this stage makes it; a fault rule's injected
 * failure is made here too.
 */
export function serviceFailure(ex: RequestExchange, err: ApiError, headers?: Record<string, string>): Response {
  noteCaller(ex.ctx.outcome, ex.ctx);
  return failure(ex.env, err, headers);
}

/** An input error of an OAuth-style operation, in OAuth's own shape (RFC 6749 §5.2). */
function oauthFailure(e: ApiError): Response {
  return new Response(JSON.stringify({ error: 'invalid_request', error_description: e.errors.map((x) => x.message).join('; ') }), {
    status: 400, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}
