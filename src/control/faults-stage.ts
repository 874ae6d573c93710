/**
 * The faults stage: after authentication (tenant and user known), before everything else of the
 * request. The first fault rule that fires (faults.ts) delays the call, answers instead of the
 * service, drops the connection, ends the presented session, or lets the service answer and cuts
 * that answer short.
 */
import { API_WINDOW_MS, AUTH_WINDOW_MS } from '../domain/throttling';
import { ErrorType, errorItem } from '../domain/errors';
import type { World } from '../domain/world';
import type { RequestExchange } from '../http/exchange';
import type { Answer } from '../http/answer';
import type { Exchange, Stage } from '../http/stage';
import { reportStanding, takeBackApiCall } from '../http/stages/api-burst';
import { sessionIdOf } from '../http/stages/authentication';
import { dropped, failureAnswer, truncated } from './fault-answers';
import type { FaultRule, FaultRules } from './faults';

export interface FaultsPlane {
  readonly rules: FaultRules;
  readonly world: World;
  /** Told which rules fired for an exchange (the journal shows them). */
  fired(ex: Exchange, rule: FaultRule): void;
}

const LOGIN_OPERATIONS = new Set(['createSession', 'createOAuthSession']);
/** The error types of the service's authentication failures (domain/errors.ts `authError`). */
const AUTHENTICATION_FAILURES = new Set<string>([
  ErrorType.NO_PASSWORD_PROVIDED, ErrorType.USERNAME_OR_PASSWORD_INCORRECT, ErrorType.INACTIVE_USER, ErrorType.USER_LOCKED_OUT,
  ErrorType.PASSWORD_CHANGE_REQUIRED, ErrorType.API_LIMIT_EXCEEDED,
]);

export function faultsStage(plane: FaultsPlane): Stage {
  return (ex, next) => {
    if (plane.rules.size === 0) return next();
    const sessionId = sessionIdOf(ex.headers.authorization);
    const fired = plane.rules.fire(ex, sessionId !== undefined && plane.world.sessions.find(sessionId) !== undefined);
    if (fired.length === 0) return next();
    return withFaults(plane, ex, next, fired, sessionId);
  };
}

/** The answer of an exchange some rules fired for (the last one fired decides it). */
async function withFaults(plane: FaultsPlane, ex: Exchange, next: () => Answer, fired: readonly FaultRule[], sessionId: string | undefined): Promise<Response> {
  for (const r of fired) plane.fired(ex, r);
  const { world } = plane;
  const delay = fired.reduce((sum, r) => sum + (r.delayMs ?? 0), 0);
  if (delay > 0) await world.clock.sleep(delay);
  const rule = fired[fired.length - 1];
  if (rule.drop) return dropped(ex);
  if (rule.expireSession) {
    world.sessions.end(sessionId!);
    const request = ex as RequestExchange;
    const { ctx } = request;
    // The service refuses an expired session before it counts the call: the API burst stage's count is taken
    // back, and the answer reports the window as an unknown session's does (a delay already served stays).
    takeBackApiCall(request);
    // As the service answers a session it does not know: nobody's call (no caller headers, no row in a tenant's usage log).
    Object.assign(ctx, { session: undefined, user: undefined, tenant: undefined });
    reportStanding(ctx.outcome, world, ctx.hintedTenant);
    return failureAnswer(ex, ErrorType.INVALID_SESSION_ID, undefined);
  }
  if (rule.throttle) return throttled(world, ex);
  if (rule.failure !== undefined || rule.status !== undefined) {
    // A login's authentication failure carries AUTHENTICATION_FAILED, as the service's own (gaps.md §1); its other failures do not.
    const errorType = LOGIN_OPERATIONS.has(ex.operationId) && rule.failure !== undefined && AUTHENTICATION_FAILURES.has(rule.failure) ? 'AUTHENTICATION_FAILED' : undefined;
    return failureAnswer(ex, rule.failure ?? ErrorType.UNEXPECTED_ERROR, rule.message, { status: rule.status, headers: rule.headers, errorType });
  }
  const response = await next();
  return rule.truncate !== undefined ? truncated(ex, response, rule.truncate) : response;
}

/**
 * The burst-exhausted answer (gaps.md §4): a login gets the refusal of endpoint 1 (API_LIMIT_EXCEEDED,
 * AUTHENTICATION_FAILED, the seconds left in the 1-minute window), any other call API_LIMIT_EXCEEDED (the 5-minute window);
 * both with the burst headers, nothing remaining.
 */
function throttled(world: World, ex: Exchange): Response {
  const login = LOGIN_OPERATIONS.has(ex.operationId);
  const now = world.clock.now();
  const window = login ? AUTH_WINDOW_MS : API_WINDOW_MS;
  const seconds = Math.ceil((window - (now % window)) / 1000);
  const item = errorItem('authBurstExceeded', seconds);
  const limit = login ? world.settings.authBurstLimit : (ex.tenant && world.tenants.byDnsName(ex.tenant.dns)?.apiBurstLimit) || world.settings.apiBurstLimit;
  const message = login ? item.message : item.message.replace('Authentication API', 'API');
  return failureAnswer(ex, item.type, message, { errorType: login ? 'AUTHENTICATION_FAILED' : undefined, burst: { limit, remaining: 0 } });
}
