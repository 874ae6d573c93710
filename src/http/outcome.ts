/**
 * What one request's answer reports of it: the X-TenantAPI-* response headers (gaps.md §2) and
 * the request's usage-log row (gaps.md §4) are both written from this one record, filled in by
 * the pipeline's stages as the request goes through them.
 */
import { SessionStore } from '../domain/sessions';
import type { Ctx } from './context';

export interface Outcome {
  executionId: string;
  /** X-TenantAPI-ReferenceId as the client sent it (echoed back). */
  referenceId?: string;
  tenantId?: number;
  userId?: number;
  truncatedSessionId?: string;
  burstLimit?: number;
  burstRemaining?: number;
  /** Milliseconds the call was delayed (throttling). */
  delayMs: number;
  /** `responseStatus` of the answer (SUCCESS, WARNING, FAILURE); another protocol's answer: its HTTP status. */
  responseStatus?: string;
}

export function newOutcome(executionId: string, referenceId?: string): Outcome {
  return { executionId, referenceId, delayMs: 0 };
}

/** Records who the request turned out to be from (a login makes its caller known only in the handler). */
export function noteCaller(outcome: Outcome, ctx: Pick<Ctx, 'tenant' | 'user' | 'session'>): void {
  outcome.tenantId = ctx.tenant?.id;
  outcome.userId = ctx.session?.user.id ?? ctx.user?.id;
  outcome.truncatedSessionId = ctx.session ? SessionStore.truncated(ctx.session.id) : undefined;
}
