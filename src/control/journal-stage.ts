/**
 * The journal stage: around everything else of a service request (failures included), it records
 * the request and its answer in the journal (journal.ts) once the answer is there. `/_sim/`
 * requests never reach it (the simulator sends them to the control app).
 */
import type { Clock } from '../domain/clock';
import { isoMillis } from '../domain/clock';
import { plainBodyOf } from '../http/respond';
import type { Exchange, Stage } from '../http/stage';
import { isDropped, isTruncated } from './fault-answers';
import type { Journal } from './journal';
import { BODY_MAX, keepBody, readAnswerBody } from './journal-body';
import { maskForm, maskHeaders } from './mask';

export interface JournalPlane {
  readonly journal: Journal;
  readonly clock: Clock;
  /** The fault rule that fired for the exchange, if any. */
  faultOf(ex: Exchange): string | undefined;
}

export function journalStage(plane: JournalPlane): Stage {
  return async (ex, next) => {
    const time = plane.clock.now();
    const started = performance.now();
    const response = await next();
    const durationMs = Math.round(performance.now() - started);
    const responseHeaders = headersOf(response);
    // A truncated answer went to the client as it was cut: its body is not read again.
    const streamed = isTruncated(response);
    const answer = isDropped(response) || streamed ? { size: 0 } : await readAnswerBody(response, responseHeaders['content-type'], plainBodyOf(response));
    const search = ex.request.url.indexOf('?');
    const fault = plane.faultOf(ex);
    plane.journal.add({
      time: isoMillis(time),
      method: ex.method,
      path: ex.path,
      query: search < 0 ? '' : maskForm(ex.request.url.slice(search + 1).split('#')[0]),
      operationId: ex.operationId || null,
      tenant: ex.tenant?.dns ?? null,
      user: ex.user?.username ?? null,
      status: isDropped(response) ? 0 : response.status,
      responseStatus: responseHeaders['x-tenantapi-status'] ?? null,
      durationMs,
      ...(fault ? { fault } : {}),
      request: { headers: maskHeaders(ex.headers), body: keepBody(ex.headers['content-type'], ex.requestBody) },
      response: { headers: maskHeaders(responseHeaders), body: streamed ? '[truncated by a fault rule]' : keepBody(responseHeaders['content-type'], answer.bytes, answer.size) },
    }, { tenant: ex.tenant?.id, user: ex.user?.id }, Math.min(ex.requestBody?.byteLength ?? 0, BODY_MAX) + (answer.bytes?.byteLength ?? 0));
    return response;
  };
}

/** The answer's headers, lower-case names. */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  return out;
}
