/**
 * The server's responses (Node's ServerResponse, as `createNodeServer` makes them), with two
 * differences, both about how an answer leaves the process:
 *
 * - **Answers of one turn of the event loop are written together.** `end(body)` (a whole answer in
 *   one string or byte array, how every JSON answer is sent) holds the answer until the turn's
 *   I/O callbacks are done (`setImmediate`), then writes all the answers held in that turn one
 *   after another. Each is still its own `writev`, but the first of a batch wakes a client waiting
 *   on the same machine and the others find it awake: a wake-up across cores costs the sending
 *   `writev` ~10 µs in a virtual machine, more than computing a page of a list (docs/decisions.md,
 *   "Scale, twenty-fifth pass"). A lone request waits for nothing but the rest of its own turn
 *   (microseconds). Everything else (`end()` without a body, with a callback, a stream's writes)
 *   goes out at once, as Node does it; a write or an end after a held end sends the held answer
 *   first, so bytes never change order and Node's own refusals (write after end) still apply.
 * - **Lent bytes are given back.** An answer written from lent bytes (answer-bytes.ts) gives them
 *   back once it is finished (`finish`: handed to the operating system whole, or its connection
 *   destroyed, which closes the socket at once: either way nothing reads them any more). A held
 *   answer whose response is destroyed before its turn ends is dropped and its bytes given back.
 */
import { ServerResponse } from 'node:http';
import { giveBackAnswerBytes, isLent } from './answer-bytes';

/** Responses holding an answer, in the order they ended, and whether their write is scheduled. */
let held: AnswerResponse[] = [];
let scheduled = false;

export class AnswerResponse extends ServerResponse {
  /** The lent bytes this response is sending. */
  lent: Buffer | undefined = undefined;
  /** The body of the answer held until the turn ends (undefined: none held). */
  private heldBody: string | Uint8Array | undefined = undefined;

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (this.heldBody !== undefined) this.sendHeld();
    if (encoding === undefined && callback === undefined && isWhole(chunk) && !this.writableEnded && !this.destroyed) {
      this.heldBody = chunk;
      held.push(this);
      if (!scheduled) {
        scheduled = true;
        setImmediate(sendAllHeld);
      }
      return this;
    }
    return super.end(chunk as never, encoding as never, callback as never);
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (this.heldBody !== undefined) this.sendHeld();
    return super.write(chunk as never, encoding as never, callback as never);
  }

  /** Whether an answer is held, waiting for the turn's end. */
  get holding(): boolean {
    return this.heldBody !== undefined;
  }

  /** Writes the held answer now (nothing when none is held, or drops it when the response was destroyed). */
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
 * The end of a turn: every answer held in it is written, in the order they ended. Also called by
 * whoever closes the server's connections (simulator.ts), so that an answer already made goes out first.
 */
export function sendAllHeld(): void {
  scheduled = false;
  const batch = held;
  held = [];
  for (const response of batch) {
    try {
      response.sendHeld();
    } catch {
      // Node refused to write it (its socket broke under it): that connection alone is closed.
      response.destroy();
    }
  }
}

/** `finish` of an AnswerResponse sending lent bytes (called with the response as `this`). */
function giveBack(this: unknown): void {
  if (!(this instanceof AnswerResponse)) return;
  giveBackAnswerBytes(this.lent);
  this.lent = undefined;
}
