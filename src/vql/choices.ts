/**
 * Behaviour the spec leaves open, chosen here in one table (gaps.md: "keep such choices in one
 * place") so that each can be corrected in one edit once seen on a real tenant.
 */

/** Default and maximum page size of a query result (gaps.md §6). */
export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;

/** Page size of a relationship sub-select's nested result (gaps.md §6). */
export const SUBQUERY_PAGE_SIZE = 250;

/** Warning reported when MAXROWS cut the result (gaps.md §11). Type and wording (chosen). */
export const MAXROWS_WARNING = {
  type: 'MAXROWS_LIMIT_REACHED',
  message: (maxRows: number, found: number) =>
    `Result limited to MAXROWS ${maxRows}; ${found} records matched the query.`,
} as const;

/**
 * FIND (chosen): the terms are split on whitespace (double-quoted phrases stay whole); the word OR
 * separates alternatives, AND is ignored, `*` is ignored; a row matches when, for some alternative,
 * every term occurs case-insensitively as a substring of the searched text.
 */
export const FIND_OR_WORD = 'OR';

/** Field types searched by FIND ... SCOPE PROPERTIES when a field does not say `searchable`. */
export const SEARCHABLE_BY_DEFAULT: ReadonlySet<string> = new Set(['string', 'picklist']);

/** LIKE compares case-sensitively unless the field is wrapped in CASEINSENSITIVE() (chosen). */
export const LIKE_CASE_INSENSITIVE = false;

/**
 * (chosen, issue 19) Columns of field values a frame keeps for projecting pages (project.ts
 * projectSlice), made on first use: a column is a slot a row (~0.8 MB on a 100,000-document table
 * when its values are shared strings or small numbers; 4–5 MB for values made per row: computed
 * strings, multi-value arrays: measured by a review), kept until the frame starts afresh.
 */
export const VALUE_COLUMNS_KEPT = 8;
