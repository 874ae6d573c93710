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
import type { Journal } from './journal';
import { BODY_MAX, isTextual, keepBody, readAnswerBody } from './journal-body';
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
    // Bodies are kept as they are (bounded, shared with the answer when it was built whole); masking
    // and text are made when the journal is read, so that recording costs a request next to nothing.
    const contentType = plainHeaders ? (plainHeaders['Content-Type'] ?? plainHeaders['content-type']) : response.headers.get('content-type') ?? undefined;
    const answer = dropped || streamed ? { size: 0 }
      : plain === undefined ? await readAnswerBody(response, contentType)
        : isTextual(contentType) ? answerBodyOf(plain) : { size: sizeOf(plain) };
    const requestBody = ownBounded(ex.requestBody);
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
          request: { headers: maskHeaders(headers), body: keepBody(headers['content-type'], requestBody.bytes, requestBody.size) },
          response: {
            headers: maskHeaders(responseHeaders),
            body: streamed ? '[truncated by a fault rule]' : keepBody(responseHeaders['content-type'], bytesOf(answer), sizeOfAnswer(answer)),
          },
        };
      },
    }, { tenant: ex.tenant?.id, user: ex.user?.id }, (requestBody.bytes?.byteLength ?? 0) + weightOf(answer));
    return response;
  };
}

/** At most BODY_MAX bytes of a body: the bytes themselves when within it, else a copy of its start (not a view that keeps all of it). */
function bounded(bytes: Uint8Array | undefined): { bytes?: Uint8Array; size: number } {
  if (!bytes) return { size: 0 };
  return { bytes: bytes.byteLength > BODY_MAX ? Uint8Array.prototype.slice.call(bytes, 0, BODY_MAX) : bytes, size: bytes.byteLength };
}

/**
 * A request body as the journal keeps it: `bounded`, in bytes of its own. A small body is read into a
 * slice of Node's shared 8 KB pool, and a grown one into a larger buffer than it fills: kept as a
 * view, each would hold all of that buffer (measured: 383 kept query bodies held 6 MB).
 */
export function ownBounded(bytes: Uint8Array | undefined): { bytes?: Uint8Array; size: number } {
  const kept = bounded(bytes);
  const b = kept.bytes;
  if (b && (b.byteOffset !== 0 || b.buffer.byteLength !== b.byteLength)) kept.bytes = Uint8Array.prototype.slice.call(b);
  return kept;
}

/**
 * The body an answer was built with, bounded as `bounded` does. Text is kept as the string it is
 * (no copy; at most BODY_MAX characters of it) and encoded only when the journal is read.
 */
type KeptAnswer = { bytes?: Uint8Array; text?: string; size: number };
function answerBodyOf(plain: BodyInit | null): KeptAnswer {
  if (plain === null) return { size: 0 };
  // A text within the bound: its byte length is taken when read (-1); a longer one's now (a scan, no copy).
  if (typeof plain === 'string') return plain.length <= BODY_MAX ? { text: plain, size: -1 } : { text: plain.slice(0, BODY_MAX), size: Buffer.byteLength(plain) };
  if (plain instanceof Uint8Array) return bounded(plain);
  return { size: 0 };
}

/** The kept bytes of an answer (text encoded now, at most BODY_MAX bytes). */
function bytesOf(a: KeptAnswer): Uint8Array | undefined {
  if (a.text === undefined) return a.bytes;
  const bytes = Buffer.from(a.text, 'utf8');
  return bytes.byteLength > BODY_MAX ? bytes.subarray(0, BODY_MAX) : bytes;
}

/** The full length of an answer in bytes. */
const sizeOfAnswer = (a: KeptAnswer): number => (a.size === -1 && a.text !== undefined ? Buffer.byteLength(a.text, 'utf8') : a.size);

/** What an answer's kept body weighs in the journal's budget (a string: two bytes a character). */
const weightOf = (a: KeptAnswer): number => (a.text !== undefined ? a.text.length * 2 : a.bytes?.byteLength ?? 0);

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
