/** Reserved words (matched case-insensitively); they cannot be used as field or target names. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'SELECT', 'FROM', 'WHERE', 'FIND', 'SCOPE', 'PROPERTIES', 'CONTENT', 'ALL', 'ORDER', 'BY', 'ASC', 'DESC',
  'AND', 'OR', 'IN', 'CONTAINS', 'BETWEEN', 'LIKE', 'MAXROWS', 'SKIP', 'PAGESIZE', 'PAGEOFFSET', 'LIMIT',
  'OFFSET', 'ALLVERSIONS', 'LATESTVERSION', 'CASEINSENSITIVE', 'TONAME', 'STEADYSTATE', 'OBSOLETESTATE',
  'SUPERSEDEDSTATE', 'TRUE', 'FALSE', 'NULL',
]);

export function isKeyword(word: string): boolean {
  return KEYWORDS.has(word.toUpperCase());
}

/** Trailing paging clauses and the AST member each one sets (LIMIT/OFFSET are older synonyms). */
export const TAIL_CLAUSES = {
  MAXROWS: 'maxRows',
  SKIP: 'skip',
  PAGESIZE: 'pageSize',
  PAGEOFFSET: 'pageOffset',
  LIMIT: 'pageSize',
  OFFSET: 'pageOffset',
} as const;
