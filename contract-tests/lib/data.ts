/**
 * Discovering data through the interface: the documents a caller sees (endpoint 21, walked
 * with start/limit), query results (endpoint 7, walked along next_page), document types.
 * Nothing here knows a fixture: every value comes from the target's answers.
 */
import { ContractViolation, type Client, NoData, success } from './client';
import { CREATED_PREFIX } from './context';

// biome-ignore lint: documents are open records
export type Doc = Record<string, any> & { id: number; name__v: string; major_version_number__v: number; minor_version_number__v: number };

export interface DocWalk {
  docs: Doc[];
  /** The walk reached the end of the list (false: stopped at `max`). */
  complete: boolean;
  pages: number;
}

/** Created by a mutating check of some run: ignored by read checks (they may appear at any time). */
export const isCreatedByContract = (d: { name__v?: unknown }) => typeof d.name__v === 'string' && d.name__v.startsWith(CREATED_PREFIX);

/**
 * Walks endpoint 21 with start/limit until a short page (or `max` documents), asserting the
 * paging invariants on each page: size == documents.length <= limit, start and limit echoed,
 * no document twice.
 */
export async function walkDocuments(c: Client, opts: { limit?: number; max: number; query?: Record<string, string> }): Promise<DocWalk> {
  const limit = opts.limit ?? 200;
  const docs: Doc[] = [];
  const seen = new Set<string>();
  let start = 0;
  let pages = 0;
  const maxPages = Math.ceil(opts.max / limit) + 1;
  while (pages < maxPages) {
    const a = success(await c.get(c.v('/objects/documents'), { query: { ...opts.query, start, limit }, expectOp: 'listDocuments' }));
    pages++;
    const j = a.json;
    const where = `document list start=${start} limit=${limit}`;
    if (j.size !== j.documents.length) throw new ContractViolation(`${where}: size ${j.size} but ${j.documents.length} documents`);
    if (j.documents.length > limit) throw new ContractViolation(`${where}: ${j.documents.length} documents, more than limit ${limit}`);
    if (j.start !== start) throw new ContractViolation(`${where}: start echoed as ${j.start}`);
    if (j.limit !== limit) throw new ContractViolation(`${where}: limit echoed as ${j.limit}`);
    for (const { document: d } of j.documents as { document: Doc }[]) {
      const key = opts.query?.versionscope === 'all' ? `${d.id}_${d.major_version_number__v}_${d.minor_version_number__v}` : String(d.id);
      if (seen.has(key)) throw new ContractViolation(`${where}: document ${key} was already on an earlier page (paging repeats documents)`);
      seen.add(key);
      docs.push(d);
    }
    if (j.documents.length < limit) return { docs, complete: true, pages };
    start += limit;
    if (docs.length >= opts.max) return { docs, complete: false, pages };
  }
  return { docs, complete: false, pages };
}

export interface QueryWalk {
  // biome-ignore lint: records are open
  rows: Record<string, any>[];
  total: number;
  complete: boolean;
  pages: number;
  // biome-ignore lint: the first answer, for further checks
  first: any;
}

/**
 * Runs a query (endpoint 7) and follows next_page until there is none (or `max` rows),
 * asserting on each page: size == data.length <= limit, offset advancing by the previous size,
 * total constant, previous_page present after the first page, no row twice (by `key`).
 */
export async function walkQuery(c: Client, q: string, opts: { max: number; key?: string; headers?: Record<string, string> }): Promise<QueryWalk> {
  const key = opts.key ?? 'id';
  const a = success(await c.post(c.v('/query'), { form: { q }, headers: opts.headers, expectOp: 'runQuery' }));
  const first = a.json;
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let page = first;
  let pages = 1;
  let expectedOffset = page.responseDetails.offset;
  const total = page.responseDetails.total;
  const maxPages = opts.max + 2;
  for (;;) {
    const d = page.responseDetails;
    const where = `query "${q}" page ${pages} (offset ${d.offset})`;
    if (d.size !== page.data.length) throw new ContractViolation(`${where}: responseDetails.size ${d.size} but ${page.data.length} rows`);
    if (page.data.length > d.limit) throw new ContractViolation(`${where}: ${page.data.length} rows, more than limit ${d.limit}`);
    if (d.total !== total) throw new ContractViolation(`${where}: total changed from ${total} to ${d.total} while paging`);
    if (d.offset !== expectedOffset) throw new ContractViolation(`${where}: offset ${d.offset}, expected ${expectedOffset} after the previous page`);
    if (pages > 1 && !d.previous_page) throw new ContractViolation(`${where}: no previous_page on a page after the first`);
    for (const r of page.data) {
      const k = JSON.stringify(r[key] ?? r);
      if (seen.has(k)) throw new ContractViolation(`${where}: row ${key}=${k} was already on an earlier page (next_page repeats rows)`);
      seen.add(k);
      rows.push(r);
    }
    expectedOffset = d.offset + d.size;
    if (!d.next_page) {
      if (rows.length !== total - first.responseDetails.offset && page.responseStatus === 'SUCCESS') {
        throw new ContractViolation(`query "${q}": ${rows.length} rows over ${pages} page(s), but total is ${total}`);
      }
      return { rows, total, complete: true, pages, first };
    }
    if (d.size === 0) throw new ContractViolation(`${where}: an empty page with a next_page link`);
    if (rows.length >= opts.max || pages >= maxPages) return { rows, total, complete: false, pages, first };
    page = success(await c.post(d.next_page, { headers: opts.headers, expectOp: 'getQueryPage' })).json;
    pages++;
  }
}

/** Ids of documents in a list walk, created-by-contract documents left out. */
export const idsOf = (docs: Doc[]) => docs.filter((d) => !isCreatedByContract(d)).map((d) => d.id);

export function requireDocs(docs: Doc[], what = 'the caller sees no document'): Doc[] {
  const own = docs.filter((d) => !isCreatedByContract(d));
  if (own.length === 0) throw new NoData(what);
  return own;
}

/** A few documents spread over the list (first, last, and evenly in between). */
export function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.round((i * (items.length - 1)) / (n - 1 || 1))]);
  return [...new Set(out)];
}
