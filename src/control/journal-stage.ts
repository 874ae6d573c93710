/**
 * The journal stage: around everything else of a service request (failures included), it records
 * the request and its answer in the journal (journal.ts) once the answer is there. `/_sim/`
 * requests never reach it (the simulator sends them to the control app).
 */
import type { Clock } from '../domain/clock';
import { isoMillis } from '../domain/clock';
import { plainBodyOf, plainHeadersOf } from '../http/respond';
import type { Exchange, Stage } from '../http/stage';
import { isDropped, isTruncated } from './fault-answers';
import type { BodyRing, BodyRef } from './body-ring';
import type { Journal } from './journal';
import { BODY_MAX, isTextual, type KeptBody, keepBody, readAnswerBody } from './journal-body';
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
    const dropped = isDropped(response);
    // A truncated answer went to the client as it was cut: its body is not read again.
    const streamed = isTruncated(response);
    const plain = plainBodyOf(response);
    const plainHeaders = plainHeadersOf(response);
    // Bodies are copied into the journal's ring (at most BODY_MAX bytes each; a kept answer's body once
    // while its copy is whole); masking and text are made when the journal is read.
    const contentType = plainHeaders ? (plainHeaders['Content-Type'] ?? plainHeaders['content-type']) : response.headers.get('content-type') ?? undefined;
    const ring = plane.journal.bodies;
    const answer: KeptBodyRef = dropped || streamed ? { size: 0 }
      : plain === undefined ? await readAnswerBody(response, contentType).then((a) => keptBytes(ring, a.bytes, a.size))
        : isTextual(contentType) ? keptPlain(ring, plain) : { size: sizeOf(plain) };
    // A request body that is not text is shown by its size only (journal-body.ts): none of it is copied.
    const requestBody: KeptBodyRef = isTextual(ex.headers['content-type']) ? keptBytes(ring, ex.requestBody) : { size: ex.requestBody?.byteLength ?? 0 };
    const fault = plane.faultOf(ex);
    const status = dropped ? 0 : response.status;
    // The entry is made later from these alone: the closure holds neither the exchange nor the answer.
    const { method, path, headers } = ex;
    const url = ex.request.url;
    const operationId = ex.operationId || null;
    const tenant = ex.tenant?.dns ?? null;
    const user = ex.user?.username ?? null;
    const answerHeaders: Readonly<Record<string, string>> = plainHeaders ?? headersOf(response);
    plane.journal.add({
      facts: { timeMs: time, method, path, operationId, tenant, user },
      render: () => {
        const responseHeaders = lowerCased(answerHeaders);
        const search = url.indexOf('?');
        return {
          time: isoMillis(time),
          method,
          path,
          query: search < 0 ? '' : maskForm(url.slice(search + 1).split('#')[0]),
          operationId,
          tenant,
          user,
          status,
          responseStatus: responseHeaders['x-tenantapi-status'] ?? null,
          durationMs,
          ...(fault ? { fault } : {}),
          request: { headers: maskHeaders(headers), body: shownBody(ring, headers['content-type'], requestBody) },
          response: {
            headers: maskHeaders(responseHeaders),
            body: streamed ? '[truncated by a fault rule]' : shownBody(ring, responseHeaders['content-type'], answer),
          },
        };
      },
    }, { tenant: ex.tenant?.id, user: ex.user?.id });
    return response;
  };
}

/** A body as an entry holds it: where the ring keeps (the start of) it, and its full length in bytes. */
interface KeptBodyRef {
  ref?: BodyRef;
  size: number;
}

/** At most BODY_MAX bytes of a body, copied into the journal's ring (none of a body the journal only describes). */
function keptBytes(ring: BodyRing, bytes: Uint8Array | undefined, size = bytes?.byteLength ?? 0): KeptBodyRef {
  return bytes && bytes.byteLength > 0 ? { ref: ring.put(bytes, BODY_MAX), size } : { size };
}

/** The body an answer was built with (text or bytes), at most BODY_MAX bytes of it copied into the ring (a kept answer's once while its copy is young). */
function keptPlain(ring: BodyRing, plain: BodyInit | null): KeptBodyRef {
  if (typeof plain === 'string') {
    if (plain === '') return { size: 0 };
    const ref = ring.putText(plain, BODY_MAX, true);
    // A text of at most BODY_MAX / 3 characters is written whole (3 bytes a character at most): its size is the copy's, no scan.
    return { ref, size: plain.length * 3 <= BODY_MAX ? ref.length : Buffer.byteLength(plain, 'utf8') };
  }
  return plain instanceof Uint8Array && plain.byteLength > 0 ? { ref: ring.put(plain, BODY_MAX, true), size: plain.byteLength } : { size: 0 };
}

/** The body as the entry shows it: read back from the ring, or described once the ring wrote over it. */
function shownBody(ring: BodyRing, contentType: string | undefined, kept: KeptBodyRef): KeptBody {
  if (!kept.ref) return keepBody(contentType, undefined, kept.size);
  const bytes = ring.read(kept.ref);
  return bytes ? keepBody(contentType, bytes, kept.size) : `[${kept.size} bytes, no longer kept: the journal keeps its bodies in a ring of ${+(ring.capacity / MiB).toFixed(2)} MB]`;
}

const MiB = 1024 * 1024;

const sizeOf = (plain: BodyInit | null): number => (plain === null ? 0 : typeof plain === 'string' ? Buffer.byteLength(plain) : plain instanceof Uint8Array ? plain.byteLength : 0);

const lowerCased = (record: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of Object.keys(record)) out[k.toLowerCase()] = record[k];
  return out;
};

/** The answer's headers, lower-case names. */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  return out;
}
