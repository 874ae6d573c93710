/**
 * Endpoint 21: the documents a user may access, filtered by named filter, keyword search over
 * searchable fields and/or file content, sorted and paged (at most 200 per page).
 */
import { apiError } from '../errors';
import type { User } from '../users';
import { cachedList } from './list-cache';
import { compareKeyed, valueOf } from './list-order';
import type { MetadataView } from './metadata';
import type { NamedList } from './named-lists';
import { type StoredDocument, latestVersion } from './model';
import type { DocumentRow, DocumentStore } from './store';

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
  readonly rows: readonly DocumentRow[];
  readonly total: number;
}

const SEARCHABLE_TYPES = new Set(['String', 'LongText', 'RichText', 'Picklist']);

/** Field names searched by `search` (string-like, visible fields) and the texts of one record. */
function fieldText(view: MetadataView, row: DocumentRow): string {
  // Records are cached per version and metadata view (store.rowsVisibleTo), so their text is too.
  const cached = fieldTexts.get(row.record);
  if (cached?.view === view) return cached.text;
  const parts: string[] = [];
  for (const f of view.fields) {
    if (!SEARCHABLE_TYPES.has(f.type) || f.hidden) continue;
    const v = valueOf(row.record, f.name);
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
      parts.push(String(x));
      const entry = f.entries?.find((e) => e.name === x);
      if (entry) parts.push(entry.label);
    }
  }
  const text = parts.join('\n').toLowerCase();
  fieldTexts.set(row.record, { view, text });
  return text;
}

/** The search text of a record, attached to it (it goes with the record: one per version and metadata view). */
const fieldTexts = new WeakMap<object, { view: MetadataView; text: string }>();

const terms = (search: string) => search.toLowerCase().split(/\s+/).filter(Boolean);

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
export function listDocuments(store: DocumentStore, user: User, p: ListParams): ListResult {
  return cachedList(store, user, p, () => computeList(store, user, p));
}

function computeList(store: DocumentStore, user: User, p: ListParams): ListResult {
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

  // The plain list of latest versions (or My Documents): a page of a kept sorted order (list-index.ts), no scan.
  if ((!filter || filter === 'mine') && !searched && !allVersions) {
    const order = store.sortedFor(user, field, desc, filter === 'mine');
    const page = order.slice(start, start + limit).map((e) => store.rowOf(e.doc, latestVersion(e.doc)));
    return { size: page.length, start, limit, rows: page, total: order.length };
  }

  // Favorites, Recent Documents, Cart: the user's few ids, not every visible document.
  let rows: DocumentRow[];
  if (filter && filter !== 'mine') rows = listedRows(store, user, store.namedList(user, filter), allVersions);
  else rows = store.rowsVisibleTo(user, { allVersions });
  if (filter === 'mine') rows = rows.filter((r) => store.isOwner(user, r.document) || r.document.lock?.by === user.id);
  if (p.search?.trim()) {
    const wanted = terms(p.search);
    const scope = p.scope ?? 'properties';
    rows = rows.filter((r) => {
      const content = scope === 'properties' || !r.version.file ? '' : store.searchText(r.version.file);
      const fields = scope === 'contents' ? '' : fieldText(view, r);
      return wanted.every((t) => content.includes(t) || fields.includes(t));
    });
  }
  // Rows come ascending by (id, major, minor): the default order needs no sort.
  if (field !== 'id' || desc) {
    const keyed = rows.map((r) => ({ row: r, key: valueOf(r.record, field), id: r.document.id, major: r.version.major, minor: r.version.minor }));
    keyed.sort((a, b) => compareKeyed(desc, a, b));
    rows = keyed.map((k) => k.row);
  }
  const page = rows.slice(start, start + limit);
  return { size: page.length, start, limit, rows: page, total: rows.length };
}

/** The rows of these document ids the user may access (latest versions, or every version), ascending by id; others skipped. */
function listedRows(store: DocumentStore, user: User, ids: readonly number[], allVersions: boolean): DocumentRow[] {
  const docs: StoredDocument[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      docs.push(store.get(user, id));
    } catch {
      /* gone from the user's view: skipped */
    }
  }
  const out: DocumentRow[] = [];
  for (const doc of docs) {
    const latest = latestVersion(doc);
    if (!allVersions) out.push(store.rowOf(doc, latest));
    else for (const v of doc.versions) out.push(store.rowOf(doc, v));
  }
  return out;
}
