/**
 * The journal stage: around everything else of a service request (failures included), it records
 * the request and its answer in the journal (journal.ts) once the answer is there. `/_sim/`
 * requests never reach it (the simulator sends them to the control app).
 */
import type { Clock } from '../domain/clock';
import { andThen, type Answer } from '../http/answer';
import { searchOf } from '../http/node-request';
import { plainBodyOf, plainHeadersOf } from '../http/respond';
import type { Exchange, Stage } from '../http/stage';
import { isDropped, isTruncated } from './fault-answers';
import type { BodyRing } from './body-ring';
import type { Journal, RecordedBody } from './journal';
import { BODY_MAX, isTextual, readAnswerBody } from './journal-body';

export interface JournalPlane {
  readonly journal: Journal;
  readonly clock: Clock;
  /** The fault rule that fired for the exchange, if any. */
  faultOf(ex: Exchange): string | undefined;
}

export function journalStage(plane: JournalPlane): Stage {
  return (ex, next) => {
    const time = plane.clock.now();
    const started = performance.now();
    return andThen(next(), (response) => recorded(plane, ex, response, time, Math.round(performance.now() - started)));
  };
}

/** Records the exchange and its answer; then the answer (once its body is read, when it was not built from text or bytes). */
function recorded(plane: JournalPlane, ex: Exchange, response: Response, time: number, durationMs: number): Answer {
  const dropped = isDropped(response);
  // A truncated answer went to the client as it was cut: its body is not read again.
  const streamed = isTruncated(response);
  const plain = plainBodyOf(response);
  const plainHeaders = plainHeadersOf(response);
  // Bodies are copied into the journal's ring (at most BODY_MAX bytes each; a kept answer's body once
  // while its copy is whole), the rest into the journal's columns; masking and text are made when the journal is read.
  const contentType = plainHeaders ? (plainHeaders['Content-Type'] ?? plainHeaders['content-type']) : response.headers.get('content-type') ?? undefined;
  const ring = plane.journal.bodies;
  const responseBody: RecordedBody | 'truncated' | Promise<RecordedBody> = streamed ? 'truncated'
    : dropped ? { size: 0 }
      : plain === undefined ? readAnswerBody(response, contentType).then((a) => keptBytes(ring, a.bytes, a.size))
        : isTextual(contentType) ? keptPlain(ring, plain) : { size: sizeOf(plain) };
  return andThen(responseBody, (body) => {
    // A request body that is not text is shown by its size only (journal-body.ts): none of it is copied.
    const requestBody: RecordedBody = isTextual(ex.headers['content-type']) ? keptBytes(ring, ex.requestBody) : { size: ex.requestBody?.byteLength ?? 0 };
    plane.journal.add({
      timeMs: time,
      method: ex.method,
      path: ex.path,
      query: searchOf(ex.request.url).slice(1),
      operationId: ex.operationId || null,
      tenant: ex.tenant?.dns ?? null,
      user: ex.user?.username ?? null,
      tenantId: ex.tenant?.id,
      userId: ex.user?.id,
      status: dropped ? 0 : response.status,
      durationMs,
      fault: plane.faultOf(ex),
      requestHeaders: ex.headers,
      responseHeaders: plainHeaders ?? headersOf(response),
      requestBody,
      responseBody: body,
    });
    return response;
  });
}

/** At most BODY_MAX bytes of a body, copied into the journal's ring (none of a body the journal only describes). */
function keptBytes(ring: BodyRing, bytes: Uint8Array | undefined, size = bytes?.byteLength ?? 0): RecordedBody {
  return bytes && bytes.byteLength > 0 ? { ref: ring.put(bytes, BODY_MAX), size } : { size };
}

/** The body an answer was built with (text or bytes), at most BODY_MAX bytes of it copied into the ring (a kept answer's once while its copy is young). */
function keptPlain(ring: BodyRing, plain: BodyInit | null): RecordedBody {
  if (typeof plain === 'string') {
    if (plain === '') return { size: 0 };
    const ref = ring.putText(plain, BODY_MAX, true);
    // A text of at most BODY_MAX / 3 characters is written whole (3 bytes a character at most): its size is the copy's, no scan.
    return { ref, size: plain.length * 3 <= BODY_MAX ? ref.length : Buffer.byteLength(plain, 'utf8') };
  }
  return plain instanceof Uint8Array && plain.byteLength > 0 ? { ref: ring.put(plain, BODY_MAX, true), size: plain.byteLength } : { size: 0 };
}

const sizeOf = (plain: BodyInit | null): number => (plain === null ? 0 : typeof plain === 'string' ? Buffer.byteLength(plain) : plain instanceof Uint8Array ? plain.byteLength : 0);

/** The answer's headers, lower-case names. */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  return out;
}
