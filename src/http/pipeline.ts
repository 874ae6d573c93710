/**
 * The request pipeline: stages run in order, each free to act before the rest (`next`), to answer
 * instead of it, or to observe its answer. The order of the service's stages:
 *
 *   usage log → response validation (tests, --validate-responses) → errors → tenancy →
 *   authentication → API burst → request validation → body reading → handler
 *
 * The outer stages see every answer (a failure included); the inner ones may throw an ApiError,
 * which the errors stage turns into the service's FAILURE answer.
 */
import type { RequestExchange } from './exchange';

export type PipelineStage = (ex: RequestExchange, next: () => Promise<Response>) => Promise<Response>;

/** Runs `ex` through the stages; the last one's `next` is never called (the handler stage answers). */
export function runStages(stages: readonly PipelineStage[], ex: RequestExchange): Promise<Response> {
  const step = (i: number): Promise<Response> => {
    const stage = stages[i];
    if (!stage) return Promise.reject(new Error('the pipeline ended without an answer'));
    return stage(ex, () => step(i + 1));
  };
  return step(0);
}
