/**
 * Stored query results behind the paging links (gaps.md §6). A result is kept as the ordered rows
 * the query found (after WHERE, FIND, ORDER BY, SKIP, MAXROWS), so that `next_page` and
 * `previous_page` are exactly the adjacent slices of the same result, whatever changes later.
 * A link lives 72 hours after the query or the last page call, on the simulator clock.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { From, SelectItem, RowList, QueryWarning } from '../../vql';
import { MAX_STORED_RESULTS, PAGE_LINK_TTL_MS } from './choices';

export interface StoredResult {
  id: string;
  tenantId: number;
  userId: number;
  select: SelectItem[];
  from: From;
  rows: RowList;
  /** The page size of the query (default page size of its links). */
  limit: number;
  maxPageSize: number;
  warnings?: QueryWarning[];
  expiresAt: number;
}

export class QueryResultStore {
  /** Insertion order is recency order (a touched entry is re-inserted). */
  private readonly results = new Map<string, StoredResult>();

  constructor(private readonly clock: Clock, private readonly capacity = MAX_STORED_RESULTS) {}

  save(entry: Omit<StoredResult, 'id' | 'expiresAt'>): StoredResult {
    this.sweep();
    const stored: StoredResult = { ...entry, id: randomBytes(16).toString('hex'), expiresAt: this.clock.now() + PAGE_LINK_TTL_MS };
    this.results.set(stored.id, stored);
    while (this.results.size > this.capacity) this.results.delete(this.results.keys().next().value!);
    return stored;
  }

  /** The result for a page call by this user of this tenant, renewed for 72 h; undefined when unknown or expired. */
  take(id: string, tenantId: number, userId: number): StoredResult | undefined {
    const r = this.results.get(id);
    if (!r) return undefined;
    if (r.expiresAt <= this.clock.now()) {
      this.results.delete(id);
      return undefined;
    }
    if (r.tenantId !== tenantId || r.userId !== userId) return undefined;
    this.results.delete(id);
    r.expiresAt = this.clock.now() + PAGE_LINK_TTL_MS;
    this.results.set(id, r);
    return r;
  }

  get size(): number {
    return this.results.size;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, r] of this.results) if (r.expiresAt <= now) this.results.delete(id);
  }
}
