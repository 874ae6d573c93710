/**
 * Turns a handler's Reply, or an error, into the HTTP answer: JSON or XML, the failure
 * envelope of gaps.md §1, and the X-TenantAPI-* headers of gaps.md §2.
 */
import { deepFreeze } from '../domain/cache';
import { ANSWER_BODY, slotKind } from '../domain/kept-slot';
import { type BytesFor, jsonTextOrBytes, utf8Bytes } from '../domain/json-text';
import { lendAnswerBytes } from './answer-bytes';
import { ApiError, errorItem } from '../domain/errors';
import type { Reply } from './context';
import type { Outcome } from './outcome';
import { toXml } from './xml';

/** How to shape one request's answer: XML or JSON, and the outcome its headers report. */
export interface Envelope {
  xml: boolean;
  xmlRoot?: string;
  outcome: Outcome;
}

/** The FAILURE body of an ApiError (gaps.md §1). */
export function failureBody(err: ApiError): Record<string, unknown> {
  return { responseStatus: 'FAILURE', ...(err.errorType ? { errorType: err.errorType } : {}), errors: err.errors };
}

/** An unforeseen defect: 500 with UNEXPECTED_ERROR and the execution id, never a stack trace. */
export function unexpectedFailure(executionId: string): ApiError {
  return new ApiError([errorItem('unexpected', executionId)], { status: 500 });
}

/** RFC 6266: a quoted ASCII filename, plus filename* when the name is not plain ASCII. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, (c) => `\\${c}`);
  const plain = /^[\x20-\x7e]*$/.test(filename);
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * ! unencoded, which the grammar does not allow.
  const extended = encodeURIComponent(filename).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment;filename="${ascii}"` + (plain ? '' : `;filename*=UTF-8''${extended}`);
}

/**
 * The body and header record each answer was built with (control plane, issue 16: the journal
 * reads them without cloning the stream or making @hono/node-server build a whole fetch Response).
 */
const PLAIN_BODY = Symbol('dms-sim plain body');
const PLAIN_HEADERS = Symbol('dms-sim plain headers');
type WithPlainBody = Response & { [PLAIN_BODY]?: BodyInit | null; [PLAIN_HEADERS]?: Record<string, string> };

function respond(body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  const response: WithPlainBody = new Response(body, { status, headers });
  response[PLAIN_BODY] = body;
  response[PLAIN_HEADERS] = headers;
  return response;
}

/** The header record an answer was built with (names as written), or undefined when not known. */
export function plainHeadersOf(response: Response): Readonly<Record<string, string>> | undefined {
  return (response as WithPlainBody)[PLAIN_HEADERS];
}

/** The body an answer was built with (a string or bytes), or undefined when not known (control plane's journal). */
export function plainBodyOf(response: Response): BodyInit | null | undefined {
  return (response as WithPlainBody)[PLAIN_BODY];
}

/** The X-TenantAPI-* headers of gaps.md §2, from the request's outcome (which learns the answer's status here). */
function serviceHeaders(env: Envelope, status: string | undefined): Record<string, string> {
  const o = env.outcome;
  o.responseStatus = status;
  const h: Record<string, string> = { 'X-TenantAPI-ExecutionId': o.executionId };
  if (status) h['X-TenantAPI-Status'] = status;
  if (o.tenantId !== undefined) h['X-TenantAPI-TenantId'] = String(o.tenantId);
  if (o.userId !== undefined) h['X-TenantAPI-UserId'] = String(o.userId);
  if (o.truncatedSessionId !== undefined) h['X-TenantAPI-TruncatedSessionId'] = o.truncatedSessionId;
  if (o.burstLimit !== undefined) {
    h['X-TenantAPI-BurstLimit'] = String(o.burstLimit);
    h['X-TenantAPI-BurstLimitRemaining'] = String(Math.max(0, o.burstRemaining ?? 0));
  }
  if (o.delayMs > 0) h['X-TenantAPI-ResponseDelay'] = String(o.delayMs);
  if (o.referenceId) h['X-TenantAPI-ReferenceId'] = o.referenceId;
  return h;
}

/**
 * The JSON answer of a body built by `reusableBodyOf`, in a kept slot of the body (kept-slot.ts:
 * not a WeakMap, whose values V8's scavenges keep alive): `null` until its first JSON answer; then
 * its text when short (below JSON_BYTES_FROM characters), or `false` when it was long (that
 * answer was written into lent bytes, answer-bytes.ts); on its second answer the text is encoded,
 * or the long one written again into bytes of its own, kept. Every later answer writes those bytes
 * as they are. So an answer asked for once (varied requests: a kept list or query answer is mostly
 * pushed out of its cache before it is asked for again) leaves no buffer of its own behind.
 */
const BODY_JSON = slotKind<string | Buffer | null | false>('dms-sim JSON of a reusable body');

/**
 * (chosen) From this many characters on, a JSON answer is sent as bytes of its own rather than as
 * its text: the journal keeps what was sent, and 16 MB of answer texts on the heap were copied and
 * promoted by the garbage collector (bytes live outside it); a short answer stays text (a buffer
 * of its own per small answer costs more than the text).
 */
export const JSON_BYTES_FROM = 4096;

/**
 * A writer of a kind of body's JSON bytes (`writtenBy`), used before jsonTextOrBytes: the bytes of
 * exactly the body's JSON text, in a buffer `bytesFor` gives, or undefined when it leaves the body
 * to jsonTextOrBytes (e.g. a short one). One function per kind of body, not a closure per body: a
 * kept answer's body lives long enough to be promoted, and a closure per body (with what it holds)
 * was measured adding ~20 MB of old space on a 100,000-document world's `list varied`.
 */
export type JsonWriter = (body: Record<string, unknown>, bytesFrom: number, bytesFor?: BytesFor) => Buffer | undefined;
const BODY_WRITER = Symbol('dms-sim JSON writer of a body');
type Written = Record<string, unknown> & { [BODY_WRITER]?: JsonWriter };

/** Gives a fresh body (not yet frozen) its writer (a list page's: parts-json-bytes.ts); returns the body. */
export function writtenBy<T extends object>(body: T, writer: JsonWriter): T {
  return Object.defineProperty(body, BODY_WRITER, { value: writer, enumerable: false });
}

const jsonAnswer = (body: Written, bytesFor?: BytesFor): string | Buffer =>
  body[BODY_WRITER]?.(body, JSON_BYTES_FROM, bytesFor) ?? jsonTextOrBytes(body, JSON_BYTES_FROM, bytesFor);
/** What a JSON answer keeps of a body it has sent before: its text when short, else bytes of its own. */
const kept = (body: Record<string, unknown>): string | Buffer => jsonAnswer(body);
/** What a JSON answer sends of a body nothing keeps: its text when short, else lent bytes (answer-bytes.ts). */
const sent = (body: Record<string, unknown>): string | Buffer => jsonAnswer(body, lendAnswerBytes);

/**
 * The body of a kept domain answer: built by `build` the first time, the same body for that answer
 * object afterwards, held in the answer's body slot (domain/kept-slot.ts: every answer the domain
 * keeps for this, a list, query, retrieve or version-list answer, is given one). The domain hands
 * out the same answer while it is valid, so a repeated request answers the same body, whose JSON
 * is serialised once, on first use (a short one encoded once, on the second), its text or bytes
 * reused by every later JSON answer of it (identical to what JSON.stringify would give each time).
 * XML answers are built per answer as for any body. The body must be a fresh object, not yet
 * frozen. It is deep-frozen when it is handed out again, the moment it is shared (issue 19: most
 * answers of varied requests are asked for once, and freezing each cost ~4% of a list request);
 * the request that built it is the only one to hold it before.
 */
export function reusableBodyOf<T extends object>(answer: object, build: () => T): T {
  const slot = ANSWER_BODY.of(answer);
  if (!slot) throw new Error('reusableBodyOf: the answer has no body slot (give it one with withKeptSlot before freezing it)');
  if (slot.value !== undefined) return Object.isFrozen(slot.value) ? (slot.value as T) : deepFreeze(slot.value as T);
  return (slot.value = BODY_JSON.give(build(), null));
}

function jsonOf(body: Record<string, unknown>): string | Buffer {
  const slot = BODY_JSON.of(body);
  if (slot === undefined) return sent(body);
  if (slot.value === null) {
    const first = sent(body);
    slot.value = typeof first === 'string' ? first : false;
    return first;
  }
  if (slot.value === false) slot.value = kept(body);
  else if (typeof slot.value === 'string') slot.value = utf8Bytes(slot.value);
  return slot.value;
}

export function structured(env: Envelope, body: Record<string, unknown>, status = 200, extra?: Record<string, string>): Response {
  const responseStatus = typeof body.responseStatus === 'string' ? body.responseStatus : undefined;
  const headers = extra ? { ...serviceHeaders(env, responseStatus), ...extra } : serviceHeaders(env, responseStatus);
  if (env.xml) {
    headers['Content-Type'] = 'application/xml;charset=UTF-8';
    return respond(toXml(env.xmlRoot ?? 'ApiRestResult', body), status, headers);
  }
  headers['Content-Type'] = 'application/json;charset=UTF-8';
  return respond(jsonOf(body) as BodyInit, status, headers);
}

/** `extra`: headers of the answer beyond the service's own (written with them, so that the answer's header record holds them). */
export function failure(env: Envelope, err: ApiError, extra?: Record<string, string>): Response {
  return structured(env, failureBody(err), err.status, extra);
}

export function reply(env: Envelope, r: Reply): Response {
  if ('body' in r) return structured(env, r.body, 200, r.headers);
  if ('file' in r) {
    const headers: Record<string, string> = {
      ...serviceHeaders(env, 'SUCCESS'),
      'Content-Type': r.contentType,
      'Content-Length': String(r.file.byteLength),
      ...(r.filename !== undefined ? { 'Content-Disposition': contentDisposition(r.filename) } : {}),
      ...r.headers,
    };
    return respond(r.file as Uint8Array<ArrayBuffer>, 200, headers);
  }
  if ('text' in r) {
    return respond(r.text, 200, { ...serviceHeaders(env, 'SUCCESS'), 'Content-Type': r.contentType, ...r.headers });
  }
  if ('json' in r) {
    env.outcome.responseStatus = String(r.status ?? 200);
    return respond(JSON.stringify(r.json), r.status ?? 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...r.headers });
  }
  env.outcome.responseStatus = '302';
  return respond(null, 302, { Location: r.redirect, 'Cache-Control': 'no-store' });
}
