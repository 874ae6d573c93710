/**
 * The request pipeline: stages run in order, each free to act before the rest (`next`), to answer
 * instead of it, or to observe its answer. The order of the service's stages:
 *
 *   usage log → response validation (tests, --validate-responses) → errors → tenancy →
 *   authentication → API burst → request validation → body reading → handler
 *
 * The outer stages see every answer (a failure included); the inner ones may throw an ApiError,
 * which the errors stage turns into the service's FAILURE answer. A stage answers at once when
 * nothing it did waited, else a promise of its answer (answer.ts has the helpers that chain both).
 */
import type { Answer } from './answer';
import type { RequestExchange } from './exchange';

/** A stage answers at once when nothing it did waited (answer.ts): most requests make no promise. */
export type PipelineStage = (ex: RequestExchange, next: () => Answer) => Answer;

/** Runs `ex` through the stages; the last one's `next` is never called (the handler stage answers). */
export function runStages(stages: readonly PipelineStage[], ex: RequestExchange): Answer {
  const step = (i: number): Answer => {
    const stage = stages[i];
    if (!stage) throw new Error('the pipeline ended without an answer');
    return stage(ex, () => step(i + 1));
  };
  return step(0);
}
