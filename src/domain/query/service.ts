/**
 * Endpoint 7 and its paging addresses, without HTTP: parse, evaluate over the caller's catalog,
 * keep the result for `next_page`/`previous_page`, describe on request.
 * Failures are ApiErrors from the one table (domain/errors.ts).
 */
import { isVqlError, parse, MAX_PAGE_SIZE, type Query, type QueryWarning } from '../../vql';
import type { Clock } from '../clock';
import { apiError } from '../errors';
import { BoundedCache, deepFreeze, jsonSize, NO_STAMP, type Stamp } from '../cache';
import { withKeptSlot } from '../kept-slot';
import type { Caller } from './caller';
import { queryCatalog, type TenantQueryData } from './catalog';
import {
  MAX_QUERY_LENGTH, PARSED_QUERIES_BYTES, PARSED_QUERIES_KEPT, PARSED_QUERY_BYTES, PARSED_QUERY_BYTES_A_CHARACTER, QUERY_ANSWERS_BYTES, QUERY_ANSWERS_KEPT, QUERY_TEXT_KEPT_MAX_LENGTH,
} from './choices';
import { QueryResultStore, type StoredResult } from './results';
import type { ObjectRecords } from './records';
import { describeQuery, find, page } from './run';
import { recordProperties, type RecordProperty, type RecordPropertyKind } from './record-properties';
import type { DescribeField, DescribeObject, SimCatalog } from './types';

export interface QueryAnswer {
  data: Record<string, unknown>[];
  limit: number;
  offset: number;
  size: number;
  total: number;
  /** Id of the stored result when there is a next or previous page. */
  queryId?: string;
  next?: { pagesize: number; pageoffset: number };
  previous?: { pagesize: number; pageoffset: number };
  warnings?: QueryWarning[];
  queryDescribe?: { object: DescribeObject; fields: DescribeField[] };
  /** One entry per row of `data` when asked for (`X-TenantAPI-RecordProperties`, gaps.md §12). */
  recordProperties?: RecordProperty[];
}

/** What a query or page call asks for besides the rows. */
export interface AnswerOptions {
  describe?: boolean;
  recordProperties?: RecordPropertyKind;
}

/** VqlError → INCORRECT_QUERY_SYNTAX_ERROR naming the token and position; anything else is a defect. */
function asApiError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (isVqlError(e)) throw apiError('querySyntax', e.message);
    throw e;
  }
}

/**
 * What every query of a tenant reads that can change at run time: the documents (the store's
 * revision: documents added or changed, check-outs) and the configuration (registry revision, and
 * the metadata view of the documents). Users, groups and object records come from the fixtures and
 * do not change at run time. Named lists (Favorites, Recent Documents, Cart) are not queryable, so
 * their revisions (`store.listsRevision`) are left out: a retrieve keeps every kept query answer.
 */
function stampOf(data: TenantQueryData): Stamp {
  const registry = data.registry ?? data.documents?.metadata.registry;
  return [data.documents?.revision, data.documents?.view(), registry?.revision];
}

/**
 * A deep copy of a JSON value, frozen throughout: a kept answer is shared, so nobody may change any
 * part of it, and it must freeze nothing it was read from (document records, object records and
 * the fixture set share arrays with a query's rows). The kept answer itself is copied by `run`,
 * which gives it a kept slot for its body (kept-slot.ts) before freezing it.
 */
function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  return Object.freeze(copyOf(value as object)) as T;
}

/** The entries of an object, each a frozen copy, in a new object (not yet frozen). */
const copyOf = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frozenCopy(v)])) as T;

/** (at most) The characters of a kept answer's key before its query text: the user id and the options. */
const ANSWER_KEY_PREFIX = 64;

/** A syntax tree is frozen throughout when the cache door keeps it (and only then: most texts are parsed once). */
const KEEP_FROZEN = {
  keep: (tree: Query): boolean => {
    deepFreeze(tree);
    return true;
  },
};

export class QueryService {
  readonly results: QueryResultStore;
  /** Answers without paging links, per tenant id (tenants come from the fixtures; see QUERY_ANSWERS_KEPT). */
  private readonly answers = new Map<number, BoundedCache<string, QueryAnswer>>();
  /** Syntax trees by query text, frozen throughout (shared by every execution of the text; see PARSED_QUERIES_KEPT). */
  private readonly parsed = new BoundedCache<string, Query>({
    entries: PARSED_QUERIES_KEPT, bytes: PARSED_QUERIES_BYTES, sizeOf: (_, text) => PARSED_QUERY_BYTES + PARSED_QUERY_BYTES_A_CHARACTER * text.length,
    admit: 'second use', maxKeyLength: QUERY_TEXT_KEPT_MAX_LENGTH,
  });

  constructor(clock: Clock, readonly records?: ObjectRecords, linkTtlMs?: number) {
    this.results = new QueryResultStore(clock, undefined, undefined, linkTtlMs);
  }

  /** Checks `q` as the HTTP layer received it (missing → PARAMETER_REQUIRED, too long → INVALID_DATA). */
  static checkText(q: unknown): string {
    if (typeof q !== 'string' || q.trim() === '') throw apiError('parameterRequired', 'q');
    if (q.length > MAX_QUERY_LENGTH) {
      throw apiError('invalidValue', `${q.slice(0, 40)}... (${q.length} characters; at most ${MAX_QUERY_LENGTH})`, 'q');
    }
    return q;
  }

  /**
   * Runs a query. An answer on one page (no paging links: those name a stored result made per
   * execution) is kept as a frozen copy (rows, values and queryDescribe included) and handed out
   * again for the same user, text and describe flag while the tenant's documents and configuration
   * are unchanged (`stampOf`).
   */
  run(caller: Caller, text: string, opts: AnswerOptions = {}): QueryAnswer {
    const describe = opts.describe === true;
    const props = opts.recordProperties;
    let cache = this.answers.get(caller.tenant.id);
    if (!cache) {
      cache = new BoundedCache<string, QueryAnswer>({
        entries: QUERY_ANSWERS_KEPT, bytes: QUERY_ANSWERS_BYTES, sizeOf: jsonSize, admit: 'second use', maxKeyLength: ANSWER_KEY_PREFIX + QUERY_TEXT_KEPT_MAX_LENGTH,
      });
      this.answers.set(caller.tenant.id, cache);
    }
    const key = `${caller.user.id}\u0000${describe ? 'describe' : ''}\u0000${props ?? ''}\u0000${text}`;
    return cache.answer(key, stampOf(caller.data), () => {
      const a = this.execute(caller, text, describe, props);
      return a.queryId === undefined ? Object.freeze(withKeptSlot(copyOf(a))) : a;
    }, { keep: (a) => a.queryId === undefined });
  }

  /** How many answers are kept for the tenant now (tests). */
  keptCount(tenantId: number): number {
    return this.answers.get(tenantId)?.size ?? 0;
  }

  /** How many parsed query texts are kept now (tests). */
  get parsedCount(): number {
    return this.parsed.size;
  }

  private execute(caller: Caller, text: string, describe: boolean, props: RecordPropertyKind | undefined): QueryAnswer {
    const checked = QueryService.checkText(text);
    const parsed = () => asApiError(() => parse(checked));
    // A text that fails to parse keeps nothing (the cache door keeps no failing compute).
    const q = this.parsed.answer(checked, NO_STAMP, parsed, KEEP_FROZEN);
    const catalog = queryCatalog(caller.data, caller.tenant, caller.user);
    const found = asApiError(() => find(q, catalog));
    const maxPageSize = found.target.onePage ? Number.MAX_SAFE_INTEGER : MAX_PAGE_SIZE;
    const limit = found.target.onePage ? found.rows.length : Math.min(Math.max(0, q.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
    const offset = found.target.onePage ? 0 : Math.max(0, q.pageOffset ?? 0);
    const stored: Omit<StoredResult, 'id' | 'expiresAt'> = {
      tenantId: caller.tenant.id, userId: caller.user.id, select: q.select, from: q.from, rows: found.rows, limit, maxPageSize, warnings: found.warnings,
    };
    const out = this.answer(catalog, stored, limit, offset, { describe, recordProperties: props }, true);
    // An answer on one page stores no result: nothing reads its rows any more (its page is projected).
    if (out.queryId === undefined) found.rows.release?.();
    return out;
  }

  /** A page call: `/query/{id}?pagesize=N&pageoffset=M`; unknown, foreign or expired ids answer INVALID_DATA. */
  page(caller: Caller, queryId: string, opts: { pagesize?: number; pageoffset?: number } & AnswerOptions): QueryAnswer {
    const stored = this.results.take(queryId, caller.tenant.id, caller.user.id);
    if (!stored) throw apiError('queryResultExpired', queryId);
    const limit = Math.min(opts.pagesize ?? stored.limit, stored.maxPageSize);
    const catalog = queryCatalog(caller.data, caller.tenant, caller.user);
    return this.answer(catalog, stored, limit, opts.pageoffset ?? 0, opts, false, stored.id);
  }

  private answer(catalog: SimCatalog, stored: Omit<StoredResult, 'id' | 'expiresAt'>, limit: number, offset: number, opts: AnswerOptions, save: boolean, id?: string): QueryAnswer {
    const p = asApiError(() => page(stored.select, stored.from, stored.rows, catalog, limit, offset, stored.maxPageSize));
    const total = stored.rows.length;
    const hasNext = limit > 0 && offset + limit < total;
    // Never a link past the last row or before the first (issue 20): past the end, previous_page
    // is the page that ends at the last row; nothing to page back to in an empty result.
    const hasPrevious = offset > 0 && limit > 0 && total > 0;
    const out: QueryAnswer = { data: p.rows, limit, offset, size: p.rows.length, total };
    if (hasNext || hasPrevious) {
      out.queryId = id ?? (save ? this.results.save(stored).id : undefined);
      if (hasNext) out.next = { pagesize: limit, pageoffset: offset + limit };
      if (hasPrevious) out.previous = { pagesize: limit, pageoffset: Math.max(0, Math.min(offset, total) - limit) };
    }
    if (stored.warnings) out.warnings = stored.warnings;
    if (opts.describe === true) {
      const q: Query = { select: stored.select, from: stored.from, orderBy: [] };
      out.queryDescribe = describeQuery(q, catalog);
    }
    if (opts.recordProperties) {
      const target = catalog.target(stored.from.name, stored.from.allVersions)!;
      out.recordProperties = recordProperties(opts.recordProperties, target, stored.select, limit > 0 ? stored.rows.slice(offset, offset + limit) : []);
    }
    return out;
  }
}
