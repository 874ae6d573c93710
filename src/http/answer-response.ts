/**
 * The server's responses (Node's ServerResponse, as `createNodeServer` makes them), with two
 * differences, both about how an answer leaves the process:
 *
 * - **Answers of one turn of the event loop are written together.** While a turn that received
 *   requests is under way (from the first request the server reads in it, `requestArrived`, to the
 *   end of its I/O callbacks, `setImmediate`), `end(body)` (a whole answer in one string or byte
 *   array, how every JSON answer is sent) holds the answer; at the turn's end the answers held are
 *   written one after another, in the order they ended. Each is still its own `writev`, but the
 *   first of a batch wakes a client waiting on the same machine and the others find it awake: a
 *   wake-up across cores costs the sending `writev` ~10 µs in a virtual machine, more than
 *   computing a page of a list (docs/decisions.md, "Scale, twenty-fifth pass").
 * - **Lent bytes are given back.** An answer written from lent bytes (answer-bytes.ts) gives them
 *   back once it is finished (`finish`: handed to the operating system whole, or its connection
 *   destroyed, which closes the socket at once: either way nothing reads them any more). A held
 *   answer whose response is destroyed before it is written is dropped and its bytes given back.
 *
 * How long an answer waits: a lone request, nothing but the rest of its own turn's callbacks. A
 * new request sends the held answers first when the oldest has waited HOLD_MAX_MS, or when one of
 * them is its own connection's (pipelined: an answer never waits for a later request of its
 * connection). Answers ended outside such a turn (in a timer, after the turn's end) go out at
 * once. Everything else goes out at once as Node does it (`end()` without a body, an `end` with a
 * callback, a stream's writes); a write, an end or a header set, appended or removed after a held
 * end sends the held answer first, so bytes never change order and Node's own refusals (write after
 * end, headers already sent) still apply. Not covered: while an answer is held, `headersSent`,
 * `finished` and `writableEnded` read false, and a `statusCode` assigned then is the one sent (no
 * caller does either). Whatever writes to a socket itself or ends it (a fault that truncates or
 * drops, a refusal, the client's half-close, closing the simulator) calls `sendAllHeld` first.
 */
import { type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { giveBackAnswerBytes, isLent } from './answer-bytes';

/** (chosen) A new request sends the held answers first once the oldest has waited this long. */
export const HOLD_MAX_MS = 1;

/** Responses holding an answer, in the order they ended (some may have sent theirs already). */
let held: AnswerResponse[] = [];
/** When the first answer of `held` was held (performance.now()). */
let heldSince = 0;
/** Whether a turn that received requests is under way (its end is scheduled). */
let turnOpen = false;

/**
 * The server read a request on `socket`: opens the turn's holding (its end scheduled), after
 * sending the held answers when the oldest has waited HOLD_MAX_MS or one is this connection's.
 */
export function requestArrived(socket: Socket): void {
  if (held.length > 0) {
    const current = (socket as { _httpMessage?: unknown })._httpMessage;
    if (performance.now() - heldSince >= HOLD_MAX_MS) sendAllHeld();
    else if (current instanceof AnswerResponse) sendOrClose(current);
  }
  if (!turnOpen) {
    turnOpen = true;
    setImmediate(endOfTurn);
  }
}

/**
 * Wires `server`'s connections (the TLS ones when `secure`: the sockets Node's HTTP parser reads):
 * when a client half-closes, Node ends the socket as it reads the FIN; the answers already made go
 * out before, by a listener put ahead of Node's.
 */
export function sendHeldOnHalfClose(server: Server, secure: boolean): void {
  server.on(secure ? 'secureConnection' : 'connection', (socket: Socket) => socket.prependListener('end', sendAllHeld));
}

function endOfTurn(): void {
  turnOpen = false;
  sendAllHeld();
}

export class AnswerResponse extends ServerResponse {
  /** The lent bytes this response is sending. */
  lent: Buffer | undefined = undefined;
  /** The body of the answer held until the turn ends (undefined: none held). */
  private heldBody: string | Uint8Array | undefined = undefined;

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    this.sendHeld();
    if (turnOpen && encoding === undefined && callback === undefined && isWhole(chunk) && !this.writableEnded && !this.destroyed) {
      if (held.length === 0) heldSince = performance.now();
      this.heldBody = chunk;
      held.push(this);
      return this;
    }
    return super.end(chunk as never, encoding as never, callback as never);
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    this.sendHeld();
    return super.write(chunk as never, encoding as never, callback as never);
  }

  override writeHead(...args: unknown[]): this {
    this.sendHeld();
    return (super.writeHead as (...a: unknown[]) => this).apply(this, args);
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.sendHeld();
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    this.sendHeld();
    return super.appendHeader(name, value);
  }

  override removeHeader(name: string): void {
    this.sendHeld();
    super.removeHeader(name);
  }

  /** Whether an answer is held, waiting for the turn's end. */
  get holding(): boolean {
    return this.heldBody !== undefined;
  }

  /** Writes the held answer now, or drops it when the response was destroyed; nothing when none is held (every write, end and header change calls it first). */
  sendHeld(): void {
    const body = this.heldBody;
    if (body === undefined) return;
    this.heldBody = undefined;
    if (this.destroyed) return void giveBackAnswerBytes(body);
    if (!isLent(body)) return void super.end(body);
    this.lent = body;
    super.end(body, giveBack);
  }
}

const isWhole = (chunk: unknown): chunk is string | Uint8Array => typeof chunk === 'string' || chunk instanceof Uint8Array;

/**
 * Writes every answer held, in the order they ended: at the end of the turn, and before anything
 * writes to a socket itself or ends it (see the module's comment).
 */
export function sendAllHeld(): void {
  if (held.length === 0) return;
  const batch = held;
  held = [];
  for (const response of batch) sendOrClose(response);
}

/** Sends the response's held answer; when Node refuses to write it (e.g. a status code it does not take), that connection alone is closed. */
function sendOrClose(response: AnswerResponse): void {
  try {
    response.sendHeld();
  } catch (e) {
    console.error(`[dms-sim] an answer could not be written: ${(e as Error).message}`);
    response.destroy();
  }
}

/** `finish` of an AnswerResponse sending lent bytes (called with the response as `this`). */
function giveBack(this: unknown): void {
  if (!(this instanceof AnswerResponse)) return;
  giveBackAnswerBytes(this.lent);
  this.lent = undefined;
}
