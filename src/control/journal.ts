/**
 * The request journal (issue 16): the last service requests, newest last, bounded (JOURNAL_MAX
 * requests, oldest out), each with its request and answer, their bodies copied into a ring of
 * JOURNAL_BODY_BUDGET bytes (body-ring.ts: the newest overwrite the oldest, whose entries stay)
 * (headers and bodies bounded and masked: journal-body.ts, mask.ts). Queried with the match fields of a fault rule (match.ts) plus
 * `since` and `limit`; `verify` counts the matching requests.
 */
import { BodyRing } from './body-ring';
import { BODY_MAX, type KeptBody, showBody } from './journal-body';
import { type Matcher, compileMatcher } from './match';

/** (chosen) How many requests the journal keeps. */
export const JOURNAL_MAX = 10_000;
/**
 * (chosen) The bytes of the ring the journal copies bodies into (16 MB: the last 256 answers of
 * 64 KB at least, thousands of usual ones; issue 19 holds a 100,000-document world to 450 MB). An
 * entry whose bodies were written over stays, its bodies described by their size.
 */
export const JOURNAL_BODY_BUDGET = 16 * 1024 * 1024;
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

export class Journal {
  /**
   * Oldest first from `first` on. The slots before it are dropped entries, emptied at once (a
   * dropped entry must not hold its bodies until the next compaction: up to a thousand answers'
   * texts kept alive, copied by every scavenge) and compacted now and then.
   */
  private items: (Stored | undefined)[] = [];
  private first = 0;
  private next = 1;

  /** Where the entries' bodies are kept (`bodyBytes` of them, the newest over the oldest). */
  readonly bodies: BodyRing;

  /** `bodyBytes`: at least 4 × BODY_MAX (the ring cuts a body to a quarter of itself, and only BODY_MAX cuts are noted). */
  constructor(readonly capacity = JOURNAL_MAX, bodyBytes = JOURNAL_BODY_BUDGET) {
    if (bodyBytes < 4 * BODY_MAX) throw new RangeError(`the journal's body ring holds at least ${4 * BODY_MAX} bytes, not ${bodyBytes}`);
    this.bodies = new BodyRing(bodyBytes);
  }

  /**
   * Records a request: the facts the matchers read now, the rest of its entry (masking, text of the
   * bodies) rendered at each read of the journal (its bodies from `bodies`), so that recording costs a
   * request next to nothing. `ids`: the tenant's and the user's ids, for matchers naming them by id.
   */
  add(entry: LazyEntry, ids: { tenant?: number; user?: number } = {}): string {
    const id = `r${this.next++}`;
    this.items.push({ id, facts: entry.facts, render: entry.render, tenantId: ids.tenant, userId: ids.user });
    while (this.size > this.capacity) this.items[this.first++] = undefined;
    if (this.first > 1024 && this.first * 2 > this.items.length) {
      this.items = this.items.slice(this.first);
      this.first = 0;
    }
    return id;
  }

  private stored(): Stored[] {
    return this.items.slice(this.first) as Stored[];
  }

  /** Every entry, oldest first. */
  all(): JournalEntry[] {
    return this.stored().map(render);
  }

  get size(): number {
    return this.items.length - this.first;
  }

  clear(): void {
    this.items = [];
    this.first = 0;
    this.bodies.forgetRecent();
  }

  private matching(q: Matcher & { since?: number }): Stored[] {
    const test = compileMatcher(q);
    return this.stored().filter((s) => (q.since === undefined || s.facts.timeMs >= q.since) && test(factsOf(s)));
  }

  /** The last `limit` matching entries (default JOURNAL_DEFAULT_LIMIT), newest last. */
  query(q: JournalQuery): JournalEntry[] {
    const found = this.matching(q);
    return found.slice(Math.max(0, found.length - (q.limit ?? JOURNAL_DEFAULT_LIMIT))).map(render);
  }

  /** `{ok, matched}`: exactly `count` matching requests, or at least `atLeast`. */
  verify(q: Matcher & { since?: number }, expect: { count?: number; atLeast?: number }): { ok: boolean; matched: number } {
    const matched = this.matching(q).length;
    const ok = expect.count !== undefined ? matched === expect.count : matched >= (expect.atLeast ?? 1);
    return { ok, matched };
  }
}

/**
 * An entry as answered, rendered at each read, its bodies read from the ring then (an entry kept
 * rendered would keep its bodies beyond the ring's bound, and show them after the ring wrote over them).
 */
function render(s: Stored): JournalEntry {
  const e: JournalEntry = { id: s.id, ...s.render() };
  return {
    ...e,
    request: { headers: e.request.headers, body: showBody(e.request.body as KeptBody) },
    response: { headers: e.response.headers, body: showBody(e.response.body as KeptBody) },
  };
}

export type EntryDraft = Omit<JournalEntry, 'id'>;

/** What the matchers read of a request, known when it is recorded. */
export interface EntryFacts {
  timeMs: number;
  method: string;
  path: string;
  operationId: string | null;
  tenant: string | null;
  user: string | null;
}

/** A request recorded with its facts, the rest of its entry made at each read. */
export interface LazyEntry {
  facts: EntryFacts;
  render(): EntryDraft;
}

interface Stored {
  id: string;
  facts: EntryFacts;
  /** Makes the entry (at each read). */
  render: () => EntryDraft;
  tenantId?: number;
  userId?: number;
}

/** An entry as the matchers see it. */
function factsOf({ facts, tenantId, userId }: Stored) {
  return {
    operationId: facts.operationId ?? '',
    method: facts.method,
    path: facts.path,
    tenant: facts.tenant !== null ? { id: tenantId ?? NaN, dns: facts.tenant } : undefined,
    user: facts.user !== null ? { id: userId ?? NaN, username: facts.user } : undefined,
  };
}
