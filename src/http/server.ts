/**
 * The Node HTTP server around the app: bounded connections (timeouts, a maximum number), and the
 * service's JSON FAILURE for requests the adapter (@hono/node-server) or Node's HTTP parser would
 * refuse with an empty or plain-text 400:
 *
 * - a request target that is not a path (`GET *`, a backslash in the path), or a Host header that
 *   is not a host (`a@b`, `x:abc`): the FAILURE of gaps.md §1 with HTTP 200, as for any URL the
 *   service does not know (MALFORMED_URL; INVALID_DATA naming the Host). An upper-case Host is a
 *   host (names are case-insensitive): it is served, lower-cased.
 * - bytes that are not HTTP/1.1 at all (Node's `clientError`): INVALID_DATA with 400 (431 for
 *   headers over Node's limit, 408 when the request took longer than its timeout), then the
 *   connection is closed, as Node does. There is no request to answer 200 to. A body whose chunked
 *   framing breaks while its request is being served gets the same 400, unless that request's
 *   answer has already begun.
 */
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { ApiError, apiError, errorItem } from '../domain/errors';
import { bufferedBytes } from '../streams';
import { AnswerResponse, requestArrived, sendAllHeld, sendHeldOnHalfClose } from './answer-response';
import { newExecutionId } from './execution-id';
import { bodySent } from './node-request';
import { failureBody } from './respond';
import { shownValue } from './validate';

/** The bounds of the server's connections (flags `--headers-timeout` etc., README). */
export interface ConnectionLimits {
  /** Time allowed to receive a request's headers (slowloris). */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request, body included (a 100 MB upload at ~1 MB/s fits). */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; beyond, a new one is closed at once. */
  maxConnections: number;
}

/** (chosen) The defaults of the flags; README's flag table says the same. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
};

/** Problems of a set of limits (empty when usable): Node needs the headers' time within the request's. */
export function connectionLimitProblems(l: ConnectionLimits): string[] {
  const problems: string[] = [];
  for (const [k, v] of Object.entries(l)) if (!Number.isInteger(v) || v < 1) problems.push(`${k} must be a whole number ≥ 1`);
  if (l.headersTimeoutMs > l.requestTimeoutMs) problems.push('the headers timeout must not be longer than the request timeout');
  return problems;
}

type Fetch = (request: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;

/**
 * `tls`: serve HTTPS with this key and certificate (`--tls`), with the same limits and answers.
 * Its responses hold whole answers to the end of the turn (answer-response.ts): whoever closes it
 * calls `sendAllHeld()` first, then `closeAllConnections()` (as simulator.ts does); a bare
 * `close()` in the turn an answer was held finds that connection busy and waits for it.
 */
export function createNodeServer(fetch: Fetch, hostname: string, limits: Partial<ConnectionLimits> = {}, tls?: { key: string; cert: string }): Server {
  const l = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  const problems = connectionLimitProblems(l);
  if (problems.length) throw new Error(problems.join('; '));
  const adapter = getRequestListener(fetch as Parameters<typeof getRequestListener>[0], {
    hostname,
    // Whatever else the adapter cannot make a Request of.
    errorHandler: () => failureResponse(apiError('unknownPath', '(the request target)')),
  });
  const server = (tls ? (createHttpsServer as unknown as typeof createServer) : createServer)(
    {
      ...tls,
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      keepAliveTimeout: l.keepAliveTimeoutMs,
      // Node checks the two timeouts every so often (30 s by default): often enough for them to hold.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(l.headersTimeoutMs / 4))),
      // An HTTP/1.1 request without a Host is refused below (as JSON), not by Node (an empty 400).
      requireHostHeader: false,
      ServerResponse: AnswerResponse as typeof ServerResponse,
    },
    (incoming, outgoing) => {
      heads.started(incoming.socket, outgoing);
      requestArrived(incoming.socket);
      // A request with a body is served a turn later: Node first parses the rest of the bytes it already has
      // of it, so that a broken body is refused as HTTP (clientError below) before its answer begins, whichever
      // part of dms-sim would answer it. A request without one (most reads) is served at once.
      if (bodySent(incoming.headers)) queueMicrotask(() => serve(incoming, outgoing));
      else serve(incoming, outgoing);
    },
  );
  function serve(incoming: IncomingMessage, outgoing: ServerResponse): void {
    if (soakHeap && incoming.url === SOAK_HEAP_PATH) return void answerHeap(outgoing);
    const refused = refusal(incoming);
    if (!refused) return void adapter(incoming, outgoing);
    incoming.resume(); // a body, if any, is drained unread
    const body = JSON.stringify(failureBody(refused));
    outgoing.writeHead(refused.status, { ...jsonHeaders(body) });
    outgoing.end(body);
  }
  server.maxConnections = l.maxConnections;
  sendHeldOnHalfClose(server, tls !== undefined);
  const heads = headsGuard(server, l.headersTimeoutMs);
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const answer = () => refuseConnection(socket, status, err.code);
    // Answers held for the end of the turn (answer-response.ts) have begun: they are written first.
    sendAllHeld();
    const pending = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (pending && !pending.writableFinished) {
      if (!pending.req.complete) {
        // The request under way broke its body's framing (a malformed chunk): no more of it can be read,
        // but its answer has not begun, so the refusal takes its place (what it would have answered is
        // left unwritten: the socket is closed after the refusal). Begun: the connection just closes.
        if (!pending.headersSent) return void answer();
        return void socket.destroy();
      }
      // Bytes after a complete request (pipelined) that are not HTTP: its answer first, then this one.
      pending.once('finish', answer);
    } else answer();
  });
  return server;
}

/**
 * `npm run soak` only: with DMS_SIM_SOAK_HEAP=1 in the environment (never set otherwise), GET
 * /_soak/heap forces a garbage collection (when Node runs with --expose-gc) and answers the heap
 * used after it, the RSS and the bytes held by bodies being read.
 */
const soakHeap = process.env.DMS_SIM_SOAK_HEAP === '1';
export const SOAK_HEAP_PATH = '/_soak/heap';

function answerHeap(outgoing: ServerResponse): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  const body = JSON.stringify({ gc: gc !== undefined, heapUsed, rss, external, arrayBuffers, bufferedBodyBytes: bufferedBytes.current });
  outgoing.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  outgoing.end(body);
}

/** Answers a connection's bytes that make no request with a JSON FAILURE (400, 408 or 431), then closes it. */
function refuseConnection(socket: Socket, status: number, code: string | undefined): void {
  sendAllHeld(); // the answers already made (answer-response.ts) go out before the refusal
  if (!socket.writable) return void socket.destroy();
  const reason = status === 408 ? 'the request took longer than its timeout' : status === 431 ? 'its headers are too large' : (code ?? 'not HTTP');
  const body = JSON.stringify(failureBody(apiError('requestUnreadable', reason)));
  const head = Object.entries({ ...jsonHeaders(body), Connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`, () => socket.destroy());
}

/** When the head of the request a connection is receiving began (undefined: the head is complete, a request is being served). */
const headStart = Symbol('headStart');
type Tracked = Socket & { [headStart]?: number };

/**
 * The headers timeout, enforced by dms-sim itself: Node's own check (`headersTimeout`) was seen to
 * miss a connection trickling its headers while other connections were busy (the soak: a slowloris
 * connection held past 45 s with a 10 s timeout). Each connection's head is timed from its accept,
 * and again from the end of each answer (the keep-alive wait counts as part of the next head: the
 * keep-alive timeout, 5 s by default, closes an idle connection first); a head not complete in time
 * is answered 408 and the connection closed. One timer for all connections.
 */
function headsGuard(server: Server, timeoutMs: number): { started(socket: Socket, outgoing: ServerResponse): void } {
  const open = new Set<Tracked>();
  server.on('connection', (socket: Tracked) => {
    socket[headStart] = Date.now();
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const timer = setInterval(() => {
    const deadline = Date.now() - timeoutMs;
    for (const socket of open) {
      const start = socket[headStart];
      if (start !== undefined && start < deadline) {
        socket[headStart] = undefined;
        open.delete(socket);
        refuseConnection(socket, 408, undefined);
      }
    }
  }, Math.max(10, Math.min(1000, Math.floor(timeoutMs / 4))));
  timer.unref();
  server.once('close', () => clearInterval(timer));
  return {
    started(socket: Tracked, outgoing) {
      socket[headStart] = undefined;
      outgoing.once('finish', () => {
        if (open.has(socket)) socket[headStart] = Date.now();
      });
    },
  };
}

function jsonHeaders(body: string): Record<string, string> {
  return {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-TenantAPI-ExecutionId': newExecutionId(),
    'X-TenantAPI-Status': 'FAILURE',
  };
}

function failureResponse(err: ApiError): Response {
  const body = JSON.stringify(failureBody(err));
  return new Response(body, { status: err.status, headers: jsonHeaders(body) });
}

/** Why the adapter could not take this request (an ApiError to answer), or undefined; lower-cases the Host. */
export function refusal(incoming: IncomingMessage): ApiError | undefined {
  const target = incoming.url ?? '';
  const absolute = /^https?:\/\//i.test(target);
  const backslash = target.indexOf('\\');
  const query = target.indexOf('?');
  if ((!absolute && !target.startsWith('/')) || (backslash >= 0 && (query < 0 || backslash < query))) return apiError('unknownPath', printable(target));
  if (absolute && !URL.canParse(target)) return apiError('unknownPath', printable(target));
  const host = incoming.headers.host;
  // RFC 9112 §3.2: an HTTP/1.1 request without a Host is answered 400.
  if (host === undefined && !absolute && incoming.httpVersion === '1.1') return new ApiError([errorItem('parameterRequired', 'Host')], { status: 400 });
  if (!host || absolute) return undefined;
  const lower = host.toLowerCase();
  if (!isHost(lower)) return apiError('invalidValue', printable(host), 'Host');
  if (lower !== host) incoming.headers.host = lower;
  return undefined;
}

/** A plain host name or IPv4 address, with an optional port: the usual Host, accepted without parsing a URL. */
const PLAIN_HOST = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/;

/** The last Host accepted (a client sends the same one on every request: it is checked once, ~2 µs a request otherwise). */
let acceptedHost = '';

/** What the adapter accepts as a Host: a host name or address, and an optional port, nothing else. */
function isHost(host: string): boolean {
  if (host === acceptedHost) return true;
  if (PLAIN_HOST.test(host) && !host.includes('..') && Number(host.split(':')[1] ?? 0) <= 65535) {
    acceptedHost = host;
    return true;
  }
  try {
    const { hostname } = new URL(`http://${host}/`);
    return hostname === host.replace(/:\d+$/, '');
  } catch {
    return false;
  }
}

/** A value as a message may quote it: bounded, control characters shown as `?`. */
function printable(v: string): string {
  // eslint-disable-next-line no-control-regex
  return shownValue(v.replace(/[\u0000-\u001f\u007f]/g, '?'));
}
