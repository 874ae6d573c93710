/**
 * The answers a fault rule injects, as the service would send them: the FAILURE body of gaps.md §1
 * (as the service's own failure of the operation: errors stage) with the X-TenantAPI-* headers of §2, the burst-exhausted answer of
 * §4, a dropped connection and a truncated body. Every injected answer is marked (`isInjected`):
 * response validation skips it (a 503 is not in the service's document, by design).
 */
import { STATUS_CODES } from 'node:http';
import { ApiError, type ErrorType, errorItem } from '../domain/errors';
import { sendAllHeld } from '../http/answer-response';
import type { RequestExchange } from '../http/exchange';
import type { Exchange } from '../http/stage';
import { serviceFailure } from '../http/stages/errors';

const injected = new WeakSet<Response>();
/** @hono/node-server writes nothing for an answer with this header (it was written to the socket already). */
const ALREADY_SENT = 'x-hono-already-sent';

const cut = new WeakSet<Response>();

export const isInjected = (response: Response): boolean => injected.has(response);
/** A truncated answer: its body must reach the client untouched (nobody else reads it). */
export const isTruncated = (response: Response): boolean => cut.has(response);

function mark(response: Response): Response {
  injected.add(response);
  return response;
}

/** The message of an injected failure when the rule gives none. */
const DEFAULT_MESSAGES: Partial<Record<ErrorType, string>> = {
  INVALID_SESSION_ID: errorItem('invalidSession').message,
  UNEXPECTED_ERROR: 'An unexpected error occurred (injected by a dms-sim fault rule).',
};

export interface FailureOptions {
  status?: number;
  errorType?: string;
  headers?: Record<string, string>;
  burst?: { limit: number; remaining: number };
}

/**
 * A FAILURE answer as the service makes it for this request (the errors stage's: the operation's
 * envelope and XML root, JSON for file operations, the X-TenantAPI-* headers of its outcome, burst
 * headers included), marked as injected. The faults stage runs inside the pipeline, whose exchanges
 * carry the envelope.
 */
export function failureAnswer(ex: Exchange, type: ErrorType, message: string | undefined, opts: FailureOptions = {}): Response {
  const err = new ApiError([{ type, message: message ?? DEFAULT_MESSAGES[type] ?? `${type} (injected by a dms-sim fault rule).` }], { errorType: opts.errorType, status: opts.status });
  const pipeline = ex as RequestExchange;
  if (opts.burst) Object.assign(pipeline.ctx.outcome, { burstLimit: opts.burst.limit, burstRemaining: opts.burst.remaining });
  return mark(serviceFailure(pipeline, err, opts.headers));
}

/**
 * A dropped connection: over a port the socket is destroyed at once (the client sees a connection
 * error, no answer) and the server is told the answer was sent already (it writes nothing: a status
 * of 0 would be logged as an error); in process, an error Response (`Response.error()`, type
 * "error"), which `sim.fetch` turns into a rejected promise as fetch would.
 */
export function dropped(ex: Exchange): Response {
  const socket = ex.incoming?.socket;
  const answer = socket ? new Response(null, { headers: { [ALREADY_SENT]: 'true' } }) : Response.error();
  sendAllHeld(); // an answer before it on the connection (pipelined), held for the turn's end, goes out first
  socket?.destroy();
  drops.add(answer);
  return mark(answer);
}

const drops = new WeakSet<Response>();
export const isDropped = (response: Response): boolean => drops.has(response);

/**
 * The answer cut after `bytes` bytes: its headers as they were, the full Content-Length included,
 * then the first bytes, then (over a port) the connection is closed; in process, a body of only
 * those bytes under the full Content-Length.
 */
export async function truncated(ex: Exchange, response: Response, bytes: number): Promise<Response> {
  const all = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(all.byteLength));
  const part = all.subarray(0, Math.min(bytes, all.byteLength));
  const socket = ex.incoming?.socket;
  if (!socket) {
    const inProcess = mark(new Response(part.byteLength ? part : null, { status: response.status, headers }));
    cut.add(inProcess);
    return inProcess;
  }
  // Over a port the answer is written here, straight to the socket (status line, headers with the full
  // length, the first bytes), and the connection is ended; the server is told it was sent already.
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  headers.forEach((v, k) => head.push(`${k}: ${v}`));
  sendAllHeld(); // an answer before it on the connection (pipelined), held for the turn's end, goes out first
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  if (part.byteLength) socket.write(part);
  socket.end();
  const answer = mark(new Response(null, { status: response.status, headers: { [ALREADY_SENT]: 'true', ...Object.fromEntries(headers) } }));
  cut.add(answer);
  return answer;
}
