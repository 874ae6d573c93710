/**
 * Response validation (tests, `--validate-responses`): every answer is checked against the
 * operation's responses in the OpenAPI document; a breach is reported and answers 500
 * UNEXPECTED_ERROR naming it, loudly. A defect's own 500 answer is already a loud failure.
 */
import { ApiError, errorItem } from '../../domain/errors';
import type { OperationInfo } from '../../openapi/load';
import type { PipelineStage } from '../pipeline';
import { failure } from '../respond';
import type { ResponseValidator } from '../validate-response';

export function responseValidation(
  validate: ResponseValidator,
  onInvalid?: (op: OperationInfo, problems: string[]) => void,
  /** Answers not to check (the control plane's injected faults). */
  skip?: (response: Response) => boolean,
): PipelineStage {
  return async (ex, next) => {
    const response = await next();
    if (response.status === 500 || skip?.(response)) return response;
    const { op } = ex.route;
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    const json = isJson ? await response.clone().json() : undefined;
    const problems = validate(op, { status: response.status, headers: response.headers, json });
    if (problems.length === 0) return response;
    onInvalid?.(op, problems);
    console.error(`[dms-sim] response of ${op.id} breaks the OpenAPI document:\n  ${problems.join('\n  ')}`);
    return failure(ex.env, new ApiError([errorItem('responseBreach', op.id, ex.executionId, problems.join('; '))], { status: 500 }));
  };
}
