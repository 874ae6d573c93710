/**
 * The request journal (issue 16): the last service requests, newest last, bounded (JOURNAL_MAX
 * requests, oldest out), each with its request and answer, their bodies copied into a ring of
 * JOURNAL_BODY_BUDGET bytes (body-ring.ts: the newest overwrite the oldest, whose entries stay)
 * (headers and bodies bounded and masked: journal-body.ts, mask.ts). Queried with the match fields of a fault rule (match.ts) plus
 * `since` and `limit`; `verify` counts the matching requests.
 *
 * An entry holds no object of its own on the heap (issue 19): its numbers are kept in one
 * Float64Array, its shared strings (method, operation, tenant, user, fault rules) in a fixed array,
 * and the rest of its text (path, query, headers: entry-head.ts) in a second ring of
 * JOURNAL_HEAD_BUDGET bytes. Masking and the shown bodies are made at each read.
 */
import { isoMillis } from '../domain/clock';
import { BodyRing, type BodyRef } from './body-ring';
import { decodeHead, decodePath, encodeHead, HEAD_MAX } from './entry-head';
import { BODY_MAX, keepBody, showBody } from './journal-body';
import { maskForm, maskHeaders } from './mask';
import { type Matcher, type RequestFacts, compileMatcher } from './match';

/** (chosen) How many requests the journal keeps. */
export const JOURNAL_MAX = 10_000;
/**
 * (chosen) The bytes of the ring the journal copies bodies into (16 MB: the last 256 answers of
 * 64 KB at least, thousands of usual ones; issue 19 holds a 100,000-document world to 450 MB). An
 * entry whose bodies were written over stays, its bodies described by their size.
 */
export const JOURNAL_BODY_BUDGET = 16 * 1024 * 1024;
/**
 * (chosen) The bytes of the ring of the entries' paths, query strings and headers (8 MB: JOURNAL_MAX
 * entries of 800 bytes; a usual one takes 300–600). An entry whose head is written over goes.
 */
export const JOURNAL_HEAD_BUDGET = 8 * 1024 * 1024;
/** (chosen) How many requests a query answers when it names no `limit`. */
export const JOURNAL_DEFAULT_LIMIT = 100;

export interface JournalEntry {
  id: string;
  /** ISO-8601, on the simulator clock, when the request arrived. */
  time: string;
  method: string;
  path: string;
  /** The query string as sent (secrets masked), '' when none. */
  query: string;
  operationId: string | null;
  tenant: string | null;
  user: string | null;
  /** HTTP status; 0 for a dropped connection. */
  status: number;
  responseStatus: string | null;
  durationMs: number;
  /** The fault rules that fired for the request (ids, comma-separated), if any. */
  fault?: string;
  request: { headers: Record<string, string>; body: unknown };
  response: { headers: Record<string, string>; body: unknown };
}

export interface JournalQuery extends Matcher {
  /** ISO-8601: requests at or after it. */
  since?: number;
  limit?: number;
}

/** A body as recorded: where the body ring keeps (the start of) it, and its full length in bytes. */
export interface RecordedBody {
  ref?: BodyRef;
  size: number;
}

/**
 * A request as the journal stage records it (copied into the journal at once: it keeps none of
 * these objects): the entry's own fields but its id and time (its `query` unmasked), and what the
 * rest of the entry is made from at each read.
 */
export interface JournalRecord extends Pick<JournalEntry, 'method' | 'path' | 'query' | 'operationId' | 'tenant' | 'user' | 'status' | 'durationMs' | 'fault'> {
  timeMs: number;
  tenantId?: number;
  userId?: number;
  requestHeaders: Readonly<Record<string, string>>;
  /** Names as the answer has them (shown lower-case). */
  responseHeaders: Readonly<Record<string, string>>;
  requestBody: RecordedBody;
  /** 'truncated': the answer went out cut by a fault rule, its body not read. */
  responseBody: RecordedBody | 'truncated';
}

// The numbers of an entry: FIELDS of them a slot in `numbers`. A body with no copy has NaN as `at`.
const TIME = 0, DURATION = 1, STATUS = 2, TENANT_ID = 3, USER_ID = 4, HEAD_AT = 5, HEAD_LENGTH = 6;
const REQUEST_AT = 7, REQUEST_LENGTH = 8, REQUEST_SIZE = 9, RESPONSE_AT = 10, RESPONSE_LENGTH = 11, RESPONSE_SIZE = 12, TRUNCATED = 13;
const FIELDS = 14;
// The shared strings of an entry: TEXTS of them a slot in `texts`.
const METHOD = 0, OPERATION = 1, TENANT = 2, USER = 3, FAULT = 4;
const TEXTS = 5;

export class Journal {
  /** Where the entries' bodies are kept (`bodyBytes` of them, the newest over the oldest). */
  readonly bodies: BodyRing;
  private readonly heads: BodyRing;
  private readonly numbers: Float64Array;
  private readonly texts: (string | null | undefined)[];
  /** The entries kept are those numbered first ..< next (an entry's slot: its number modulo the capacity). */
  private first = 1;
  private next = 1;

  /** `bodyBytes`: at least 4 × BODY_MAX (the ring cuts a body to a quarter of itself, and only BODY_MAX cuts are noted); `headBytes`: at least 4 × HEAD_MAX. */
  constructor(readonly capacity = JOURNAL_MAX, bodyBytes = JOURNAL_BODY_BUDGET, headBytes = JOURNAL_HEAD_BUDGET) {
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > 10 * JOURNAL_MAX) throw new RangeError(`the journal keeps 0 to ${10 * JOURNAL_MAX} requests, not ${capacity}`);
    if (bodyBytes < 4 * BODY_MAX) throw new RangeError(`the journal's body ring holds at least ${4 * BODY_MAX} bytes, not ${bodyBytes}`);
    if (headBytes < 4 * HEAD_MAX) throw new RangeError(`the journal's head ring holds at least ${4 * HEAD_MAX} bytes, not ${headBytes}`);
    this.bodies = new BodyRing(bodyBytes);
    this.heads = new BodyRing(headBytes);
    this.numbers = new Float64Array(capacity * FIELDS);
    this.texts = new Array<string | null | undefined>(capacity * TEXTS).fill(undefined);
  }

  /** Records a request (its masking and shown bodies are made at each read of the journal). */
  add(r: JournalRecord): void {
    if (this.capacity === 0) return; // a journal of no request keeps none
    if (this.size === this.capacity) this.drop(); // before its slot is written over
    const head = this.heads.put(encodeHead(r.path, r.query, r.requestHeaders, r.responseHeaders));
    const k = this.next++ % this.capacity;
    const n = k * FIELDS;
    const t = k * TEXTS;
    const x = this.numbers;
    x[n + TIME] = r.timeMs;
    x[n + DURATION] = r.durationMs;
    x[n + STATUS] = r.status;
    x[n + TENANT_ID] = r.tenantId ?? NaN;
    x[n + USER_ID] = r.userId ?? NaN;
    x[n + HEAD_AT] = head.at;
    x[n + HEAD_LENGTH] = head.length;
    setBody(x, n + REQUEST_AT, r.requestBody);
    const truncated = r.responseBody === 'truncated';
    setBody(x, n + RESPONSE_AT, truncated ? NO_BODY : (r.responseBody as RecordedBody));
    x[n + TRUNCATED] = truncated ? 1 : 0;
    this.texts[t + METHOD] = r.method;
    this.texts[t + OPERATION] = r.operationId;
    this.texts[t + TENANT] = r.tenant;
    this.texts[t + USER] = r.user;
    this.texts[t + FAULT] = r.fault;
    // the oldest go when the head ring has written over their heads
    while (!this.heads.has(x[this.numbersAt(this.first) + HEAD_AT])) this.drop();
  }

  get size(): number {
    return this.next - this.first;
  }

  /** Every entry, oldest first. */
  all(): JournalEntry[] {
    return this.numbersFrom(this.first).map((i) => this.render(i));
  }

  clear(): void {
    this.first = this.next;
    this.texts.fill(undefined);
    this.bodies.forgetRecent();
  }

  /** The last `limit` matching entries (default JOURNAL_DEFAULT_LIMIT), newest last. */
  query(q: JournalQuery): JournalEntry[] {
    const found = this.matching(q);
    return found.slice(Math.max(0, found.length - (q.limit ?? JOURNAL_DEFAULT_LIMIT))).map((i) => this.render(i));
  }

  /** `{ok, matched}`: exactly `count` matching requests, or at least `atLeast`. */
  verify(q: Matcher & { since?: number }, expect: { count?: number; atLeast?: number }): { ok: boolean; matched: number } {
    const matched = this.matching(q).length;
    const ok = expect.count !== undefined ? matched === expect.count : matched >= (expect.atLeast ?? 1);
    return { ok, matched };
  }

  /** Where entry `i`'s numbers start in `numbers`. */
  private numbersAt(i: number): number {
    return (i % this.capacity) * FIELDS;
  }

  /** Where entry `i`'s shared strings start in `texts`. */
  private textsAt(i: number): number {
    return (i % this.capacity) * TEXTS;
  }

  /** Drops the oldest entry (its shared strings stay in its slot until the slot is written again). */
  private drop(): void {
    this.first++;
  }

  private numbersFrom(from: number): number[] {
    const out: number[] = [];
    for (let i = from; i < this.next; i++) out.push(i);
    return out;
  }

  private matching(q: Matcher & { since?: number }): number[] {
    const test = compileMatcher(q);
    return this.numbersFrom(this.first).filter((i) => (q.since === undefined || this.numbers[this.numbersAt(i) + TIME] >= q.since) && test(this.factsOf(i)));
  }

  private headBytes(i: number): Buffer {
    const n = this.numbersAt(i);
    // a kept entry's head is always whole: the entries whose heads were written over are dropped
    return this.heads.read({ at: this.numbers[n + HEAD_AT], length: this.numbers[n + HEAD_LENGTH] })!;
  }

  /** An entry as the matchers see it. */
  private factsOf(i: number): RequestFacts {
    const x = this.numbers, n = this.numbersAt(i), t = this.textsAt(i);
    const tenant = this.texts[t + TENANT], user = this.texts[t + USER];
    return {
      operationId: this.texts[t + OPERATION] ?? '',
      method: this.texts[t + METHOD]!,
      path: decodePath(this.headBytes(i)),
      tenant: tenant != null ? { id: x[n + TENANT_ID], dns: tenant } : undefined,
      user: user != null ? { id: x[n + USER_ID], username: user } : undefined,
    };
  }

  /** An entry as answered, made at each read, its bodies read from the ring then (or described once written over). */
  private render(i: number): JournalEntry {
    const x = this.numbers, n = this.numbersAt(i), t = this.textsAt(i);
    const head = decodeHead(this.headBytes(i));
    const responseHeaders = lowerCased(head.responseHeaders);
    const fault = this.texts[t + FAULT];
    return {
      id: `r${i}`,
      time: isoMillis(x[n + TIME]),
      method: this.texts[t + METHOD]!,
      path: head.path,
      query: head.query === '' ? '' : maskForm(head.query),
      operationId: this.texts[t + OPERATION] ?? null,
      tenant: this.texts[t + TENANT] ?? null,
      user: this.texts[t + USER] ?? null,
      status: x[n + STATUS],
      responseStatus: responseHeaders['x-tenantapi-status'] ?? null,
      durationMs: x[n + DURATION],
      ...(fault ? { fault } : {}),
      request: { headers: maskHeaders(head.requestHeaders), body: this.shownBody(head.requestHeaders['content-type'], x, n + REQUEST_AT) },
      response: {
        headers: maskHeaders(responseHeaders),
        body: x[n + TRUNCATED] === 1 ? '[truncated by a fault rule]' : this.shownBody(responseHeaders['content-type'], x, n + RESPONSE_AT),
      },
    };
  }

  /** The body as the entry shows it: read back from the ring, or described once the ring wrote over it. */
  private shownBody(contentType: string | undefined, x: Float64Array, at: number): unknown {
    const size = x[at + 2];
    if (Number.isNaN(x[at])) return showBody(keepBody(contentType, undefined, size));
    const bytes = this.bodies.read({ at: x[at], length: x[at + 1] });
    return bytes ? showBody(keepBody(contentType, bytes, size)) : `[${size} bytes, no longer kept: the journal keeps its bodies in a ring of ${+(this.bodies.capacity / MiB).toFixed(2)} MB]`;
  }
}

const NO_BODY: RecordedBody = { size: 0 };
const MiB = 1024 * 1024;

/** A body's at, length and size, from `at` on (NaN as `at` when the ring holds no copy). */
function setBody(x: Float64Array, at: number, body: RecordedBody): void {
  x[at] = body.ref ? body.ref.at : NaN;
  x[at + 1] = body.ref ? body.ref.length : 0;
  x[at + 2] = body.size;
}

const lowerCased = (record: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of Object.keys(record)) out[k.toLowerCase()] = record[k];
  return out;
};
