import type { StateKind } from './ast';

/** A record as the simulator holds it; read through QueryTarget.get, or `row[field]` by default. */
export type Row = object;

export type FieldType = 'id' | 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'picklist' | 'reference';

export interface FieldInfo {
  name: string;
  type: FieldType;
  /** Values are arrays; `=`, IN, CONTAINS, LIKE and ranges match when any element matches. */
  multiValue?: boolean;
  /** Default true. A false field is rejected with VqlError 'not_queryable' wherever it is named. */
  queryable?: boolean;
  /** Searched by FIND ... SCOPE PROPERTIES. Default: true for string and picklist fields. */
  searchable?: boolean;
  /** For TONAME(field): the value a row holds (e.g. a label) → its API name. Unmapped values pass through. */
  names?: Readonly<Record<string, string>>;
  /**
   * The value can change in place for the same row object (e.g. a check-out flag read live). Never
   * cached across evaluations, even on a `stableRows` target.
   */
  volatile?: boolean;
}

/** A relationship usable as a dot path (`product__vr.name__v`) or a sub-select (`FROM document_product__vr`). */
export interface RelationshipInfo {
  name: string;
  /** Name of the related target in the same catalog (looked up with allVersions = false). */
  target: string;
}

/**
 * A table of rows shared by every caller of a target (e.g. every user of one document store), kept
 * up to date in place so that the engine keeps its per-row work (keys, encodings, sort orders,
 * search indexes) across changes and patches it for the changed rows only:
 * - a row is addressed by its slot, its index in `rows`; slots are in the target's stable order
 *   (ascending id), the tie-break order of results;
 * - a change appends rows at the end, or replaces the row of a slot by another row object;
 *   anything else (a row inserted between others, removed) is a new table object;
 * - `rows` is never modified in place where a replaced slot is concerned: a replacement gives a new
 *   array (appends may extend the same array), so a kept result keeps reading the rows it found;
 * - `revision` rises with every change; `changedSince(r)` tells the slots appended or replaced since
 *   revision r (any order, repeats allowed), or undefined when it no longer knows (then the engine
 *   starts afresh).
 * Promise (as `stableRows`): while `revision` is unchanged, the rows, their values (except
 * `volatile` fields) and content() are unchanged, for as long as the target's `fields` is the
 * same array.
 */
export interface QueryTable {
  readonly rows: readonly Row[];
  readonly revision: number;
  changedSince(revision: number): ArrayLike<number> | undefined;
}

/**
 * One queryable set of rows. The caller applies access control: rows() yields only what the
 * caller may see, and so must byId() and related(); on a target with a `table`, `visible` says
 * which rows of the table the caller may see.
 */
export interface QueryTarget {
  readonly name: string;
  readonly fields: readonly FieldInfo[];
  readonly relationships?: readonly RelationshipInfo[];
  /** All rows, in a stable order (ascending id is expected; it is the tie-break order of results). */
  rows(): Iterable<Row>;
  /**
   * Optional promise that lets the engine keep per-row work (keys, search text, sort orders) across
   * evaluations: while rows() returns the same array object, that array, its rows, their field
   * values (except `volatile` fields) and content() are unchanged, for as long as `fields` is the
   * same array too. Return a new array when anything changes. The cache is keyed by the array
   * (a WeakMap), so it goes with it.
   */
  readonly stableRows?: boolean;
  /**
   * The shared table the rows come from (see QueryTable); when set, the engine reads `table.rows`
   * filtered by `visible` and does not call rows().
   */
  readonly table?: QueryTable;
  /**
   * With `table`: the slots the caller may see, a bit per slot (bit `i & 31` of word `i >>> 5`);
   * slots beyond its words are not visible. Undefined: every row of the table.
   */
  readonly visible?: Uint32Array;
  /** Fast path for `WHERE id = n` / `id IN (...)`; for version targets it may return several rows. */
  byId?(id: number | string): Row | readonly Row[] | undefined;
  /** Reads a field; default `(row as any)[field]`. */
  get?(row: Row, field: string): unknown;
  /** Text of the row's file, for FIND ... SCOPE CONTENT / ALL. */
  content?(row: Row): string | undefined;
  /** Rows of the relationship `relationship` (rows of the target that relationship names). */
  related?(row: Row, relationship: string): Row | readonly Row[] | undefined;
  /**
   * For ALLVERSIONS targets: the row's document and its version's place among the document's
   * versions, oldest first (`SELECT LATESTVERSION ...` keeps, of each document, its matching row of
   * the highest place).
   */
  versionOf?(row: Row): { document: unknown; place: number };
  /** Class of the row's lifecycle state, for `status__v = STEADYSTATE()` and friends. */
  stateKind?(row: Row): StateKind | undefined;
}

export interface QueryCatalog {
  /** The target named in FROM (`documents`, `users`, `product__v`, ...); undefined when unknown. */
  target(name: string, allVersions: boolean): QueryTarget | undefined;
}

export interface EvaluateOptions {
  /** Overrides the query's PAGESIZE/LIMIT (paging links). Clamped to [0, maxPageSize]. */
  pageSize?: number;
  /** Overrides the query's PAGEOFFSET/OFFSET. */
  pageOffset?: number;
  /** Default MAX_PAGE_SIZE; pass Infinity for targets answered on one page (`users`). */
  maxPageSize?: number;
}

export interface QueryWarning {
  type: string;
  message: string;
}

export interface QueryResult {
  /** The page: projected rows, keys in SELECT order. */
  rows: Record<string, unknown>[];
  /** Rows found after WHERE, FIND, SKIP and MAXROWS. */
  total: number;
  /** Page size and offset actually applied (responseDetails.limit / offset). */
  limit: number;
  offset: number;
  /** Present only when non-empty (e.g. the result was cut by MAXROWS). */
  warnings?: QueryWarning[];
}
