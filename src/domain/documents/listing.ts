/**
 * Endpoint 21: the documents a user may access, filtered by named filter, keyword search over
 * searchable fields and/or file content, sorted and paged (at most 200 per page).
 */
import { apiError } from '../errors';
import type { User } from '../users';
import { cachedList } from './list-cache';
import { compareKeyed } from './list-order';
import type { MetadataView } from './metadata';
import type { NamedList } from './named-lists';
import { type DocumentVersion, type StoredDocument, latestVersion } from './model';
import { recordField } from './record-field';
import { type IndexedSearch, fieldText, searchTerms } from './search-text';
import type { DocumentStore, RecordRow } from './store';

export const MAX_PAGE = 200;

/** The named filters of the spec, by the value a client sends. */
export const NAMED_FILTERS: ReadonlyMap<string, NamedList | 'mine'> = new Map([
  ['My Documents', 'mine'],
  ['Favorites', 'favorites'],
  ['Recent Documents', 'recent'],
  ['Cart', 'cart'],
]);

export interface ListParams {
  namedFilter?: string;
  scope?: 'contents' | 'all';
  versionscope?: 'all';
  search?: string;
  sort?: string;
  start?: number;
  limit?: number;
}

/** A list answer; shared between callers while valid (list-cache.ts): frozen, never to be modified. */
export interface ListResult {
  readonly size: number;
  readonly start: number;
  readonly limit: number;
  /** The page's rows, each with its record. */
  readonly rows: readonly RecordRow[];
  readonly total: number;
}

/** A version a list may show (its record made for the page only). */
interface Candidate {
  readonly doc: StoredDocument;
  readonly version: DocumentVersion;
}

/** Parses `<field> ASC|DESC` against the sortable fields (non-repeating fields and id). */
export function parseSort(view: MetadataView, sort: string | undefined): { field: string; desc: boolean } {
  const m = /^\s*([A-Za-z0-9_]+)(?:\s+(ASC|DESC))?\s*$/i.exec(sort ?? 'id ASC');
  const field = m?.[1];
  const meta = field === undefined ? undefined : view.fieldByName.get(field);
  if (!m || !field || (field !== 'version_id' && (!meta || meta.repeating))) throw apiError('invalidValue', sort ?? '', 'sort');
  return { field, desc: m[2]?.toUpperCase() === 'DESC' };
}

/**
 * The page of documents a user asks for. Repeated requests get the very same (frozen) answer object
 * while nothing it depends on changed (list-cache.ts).
 */
export function listDocuments(store: DocumentStore, user: User, p: ListParams, indexed?: IndexedSearch): ListResult {
  return cachedList(store, user, p, () => computeList(store, user, p, indexed));
}

function computeList(store: DocumentStore, user: User, p: ListParams, indexed: IndexedSearch | undefined): ListResult {
  const view = store.view();
  const start = p.start ?? 0;
  const limit = p.limit ?? MAX_PAGE;
  if (!Number.isInteger(start) || start < 0) throw apiError('invalidValue', String(p.start), 'start');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw apiError('invalidValue', String(p.limit), 'limit');
  const { field, desc } = parseSort(view, p.sort);
  if (p.scope !== undefined && !p.search?.trim()) throw apiError('parameterRequired', 'search');

  const filter = p.namedFilter === undefined ? undefined : NAMED_FILTERS.get(p.namedFilter);
  if (p.namedFilter !== undefined && !filter) throw apiError('invalidFilter', p.namedFilter);
  const searched = !!p.search?.trim();
  const allVersions = p.versionscope === 'all';

  // The plain list (latest versions or every version, or My Documents): a page of a kept sorted order (list-index.ts), no scan.
  if ((!filter || filter === 'mine') && !searched) {
    const { entries, total } = store.sortedPage(user, { field, desc, mine: filter === 'mine', allVersions, start, limit });
    const page = entries.map((e) => store.recordRow(e.doc, e.version));
    return { size: page.length, start, limit, rows: page, total };
  }

  const mine = (d: StoredDocument) => store.isOwner(user, d) || d.lock?.by === user.id;
  const wanted = searched ? searchTerms(p.search!) : [];
  const scope = p.scope ?? 'properties';
  // A search of every visible document: through kept indexes when the caller hands them in (query/list-search.ts).
  let rows: Candidate[] | undefined = searched && (!filter || filter === 'mine') ? indexed?.(store, user, { terms: wanted, scope, allVersions }) : undefined;
  if (rows && filter === 'mine') rows = rows.filter((r) => mine(r.doc));
  if (!rows) {
    // Favorites, Recent Documents, Cart: the user's few ids, not every visible document. No records
    // but the page's: search and sort read single fields (search-text.ts, record-field.ts).
    let docs: readonly StoredDocument[];
    if (filter && filter !== 'mine') docs = listedDocs(store, user, store.namedList(user, filter));
    else docs = store.visibleTo(user);
    if (filter === 'mine') docs = docs.filter(mine);
    // Only the versions searched for are listed (a fresh search reads every visible version's fields once).
    let matches = (_doc: StoredDocument, _version: DocumentVersion) => true;
    if (searched) {
      matches = (doc, version) => {
        const content = scope === 'properties' || !version.file ? '' : store.searchText(version.file);
        const fields = scope === 'contents' ? '' : fieldText(view, doc, version);
        return wanted.every((t) => content.includes(t) || fields.includes(t));
      };
    }
    rows = [];
    for (const doc of docs) {
      for (const version of allVersions ? doc.versions : [latestVersion(doc)]) if (matches(doc, version)) rows.push({ doc, version });
    }
  }
  // Rows come ascending by (id, major, minor): the default order needs no sort.
  if (field !== 'id' || desc) {
    const keyed = rows.map((r) => ({ row: r, key: recordField(view, r.doc, r.version, field), id: r.doc.id, major: r.version.major, minor: r.version.minor }));
    keyed.sort((a, b) => compareKeyed(desc, a, b));
    rows = keyed.map((k) => k.row);
  }
  const page = rows.slice(start, start + limit).map((r) => store.recordRow(r.doc, r.version));
  return { size: page.length, start, limit, rows: page, total: rows.length };
}

/** The documents of these ids the user may access, ascending by id; others skipped. */
function listedDocs(store: DocumentStore, user: User, ids: readonly number[]): StoredDocument[] {
  const docs: StoredDocument[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      docs.push(store.get(user, id));
    } catch {
      /* gone from the user's view: skipped */
    }
  }
  return docs;
}
