/**
 * Stored query results behind the paging links (gaps.md §6). A result is kept as the ordered rows
 * the query found (after WHERE, FIND, ORDER BY, SKIP, MAXROWS), so that `next_page` and
 * `previous_page` are exactly the adjacent slices of the same result, whatever changes later.
 * A link lives 72 hours (or `--page-link-ttl`) after the query or the last page call, on the simulator clock.
 */
import { randomFillSync } from 'node:crypto';
import type { Clock } from '../clock';
import type { From, SelectItem, RowList, QueryWarning } from '../../vql';
import { BoundedCache, SLOT_BYTES } from '../cache';
import { MAX_STORED_RESULT_BYTES, MAX_STORED_RESULTS, PAGE_LINK_TTL_MS } from './choices';

export interface StoredResult {
  id: string;
  tenantId: number;
  userId: number;
  select: SelectItem[];
  from: From;
  /** Owned by the stored result once saved: given back (`release`) when the store lets go of it. */
  rows: RowList;
  /** The page size of the query (default page size of its links). */
  limit: number;
  maxPageSize: number;
  warnings?: QueryWarning[];
  expiresAt: number;
}

/**
 * The estimated bytes of a stored result: a slot a row for a plain array; for a compact view over
 * a table (RowList), its bitset and the ORDER BY permutation it reads (counted whole, though the
 * results of one table share it: a create patches the table's permutation, and results found
 * before it read the new one, skipping the rows created since: vql/sorted.ts KeptOrder). The rows themselves are the table's, shared (a table replaces its rows
 * array only when a row changes in place, which no API call does yet: not counted).
 */
/** Random bytes drawn a block at a time (a query with paging links needs 16; the system's generator each time cost ~2% of a query's CPU). */
const RANDOM_BLOCK = Buffer.alloc(4096);
let randomAt = RANDOM_BLOCK.length;

/** An unguessable id of a stored result: 16 bytes of the system's generator, in hex, never drawn twice. */
function resultId(): string {
  if (randomAt + 16 > RANDOM_BLOCK.length) {
    randomFillSync(RANDOM_BLOCK);
    randomAt = 0;
  }
  randomAt += 16;
  return RANDOM_BLOCK.toString('hex', randomAt - 16, randomAt);
}

const resultBytes = (r: StoredResult): number => 256 + (Array.isArray(r.rows) ? SLOT_BYTES * r.rows.length : r.rows.bytes ?? Math.ceil(r.rows.length / 8));

export class QueryResultStore {
  /** Through the one cache door: least recently used out beyond the entry or byte bound. */
  private readonly results: BoundedCache<string, StoredResult>;

  constructor(private readonly clock: Clock, capacity = MAX_STORED_RESULTS, bytes = MAX_STORED_RESULT_BYTES, private readonly ttlMs = PAGE_LINK_TTL_MS) {
    // A result's rows are its own (each execution finds its list anew): their pool memory is given
    // back when the result goes, for the next stored result (vql/kept-rows.ts says why).
    this.results = new BoundedCache({ entries: capacity, bytes, sizeOf: resultBytes, forgotten: (r) => r.rows.release?.() });
  }

  save(entry: Omit<StoredResult, 'id' | 'expiresAt'>): StoredResult {
    this.sweep();
    const stored: StoredResult = { ...entry, id: resultId(), expiresAt: this.clock.now() + this.ttlMs };
    this.results.set(stored.id, stored);
    return stored;
  }

  /** The result for a page call by this user of this tenant, renewed for the link lifetime; undefined when unknown or expired. */
  take(id: string, tenantId: number, userId: number): StoredResult | undefined {
    const r = this.results.peek(id);
    if (!r) return undefined;
    if (r.expiresAt <= this.clock.now()) {
      this.results.delete(id);
      return undefined;
    }
    if (r.tenantId !== tenantId || r.userId !== userId) return undefined;
    this.results.get(id); // the most recently used now
    r.expiresAt = this.clock.now() + this.ttlMs;
    return r;
  }

  get size(): number {
    return this.results.size;
  }

  /**
   * Drops the expired results at the least recently used end. Each save and take sets a result's
   * expiry a link lifetime from now and makes it the most recent, so results expire in that order;
   * only a clock set back can leave an expired result behind a live one, where `take` refuses it
   * until it reaches the end. (Walking all 500 at each save cost ~4% of a query's CPU.)
   */
  private sweep(): void {
    const now = this.clock.now();
    this.results.pruneOldest((r) => r.expiresAt <= now);
  }
}
