/**
 * Query behaviour the spec leaves open, in one table (gaps.md: keep choices in one place).
 * The engine's own choices (page sizes, FIND, LIKE, the MAXROWS warning) live in src/vql/choices.ts.
 */

/** `q` longer than this answers INVALID_DATA (gaps.md §6). */
export const MAX_QUERY_LENGTH = 50_000;

/** Paging links stay valid this long after the query or the last page call (gaps.md §6). */
export const PAGE_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Result snapshots kept for paging links, per simulator (chosen): beyond this the least recently
 * used snapshot is dropped and its links answer like expired ones.
 */
export const MAX_STORED_RESULTS = 500;

/**
 * The estimated bytes of all result snapshots (chosen): a slot a row, the rows themselves being the
 * target's. A client paging through many large results drops the least recently used sooner.
 */
export const MAX_STORED_RESULT_BYTES = 64 * 1024 * 1024;

/**
 * Whole answers kept per tenant (chosen, issue 10): a query answered on one page (no paging links)
 * is answered again from the kept answer while the documents and the configuration are unchanged;
 * beyond this many distinct queries the least recently used goes. An answer is kept from its second
 * request on (cache/doorkeeper.ts).
 */
export const QUERY_ANSWERS_KEPT = 32;

/** The estimated bytes (about their JSON) of all whole answers kept per tenant (chosen); beyond it the least recently used go. */
export const QUERY_ANSWERS_BYTES = 16 * 1024 * 1024;

/**
 * Parsed query texts kept (chosen, issue 19), for every tenant at once (a text's syntax tree depends
 * on nothing else), from a text's second request on (cache/doorkeeper.ts): a query answered with
 * paging links is executed again for each request, and its parse was ~10–15% of that on the
 * default world's varied queries (~15 µs). Beyond either bound the least recently used goes.
 */
export const PARSED_QUERIES_KEPT = 1024;
export const PARSED_QUERIES_BYTES = 4 * 1024 * 1024;
/**
 * (estimated) The heap of a parsed query: this, and PARSED_QUERY_BYTES_A_CHARACTER a character of
 * its text, the text itself included (measured: 1.7 KB for a usual 117-character query, ~15 a
 * character; 2.28 MB for a 49,838-character `IN (1, 2, …)`, ~46 a character: the estimate is the
 * denser case's).
 */
export const PARSED_QUERY_BYTES = 512;
export const PARSED_QUERY_BYTES_A_CHARACTER = 48;
/**
 * (chosen) Longer query texts are neither remembered nor kept as parsed trees (the cache door's
 * `maxKeyLength`): they are parsed each time, which is small beside their execution. The whole
 * answers' keys are bounded the same way at this plus ANSWER_KEY_PREFIX (service.ts: the user id
 * and options before the text, under 40 characters in fact), so a text a little longer than this
 * may still have its whole answer kept; a bound on memory, not an exact cut. Without it the parsed trees' doorkeeper held up to 2 × 1,024 texts
 * of up to MAX_QUERY_LENGTH characters, ~50–100 MB outside the byte bound (measured by a review),
 * and V8 hashes strings beyond 16,383 characters by their length alone (every lookup compared them
 * one by one: 20 ms a request for 2,000 texts of 50,000 characters). With it the parsed trees'
 * remembered texts are at most 2 × 1,024 × 2,048 characters (4 MB, 8 MB of two-byte text).
 */
export const QUERY_TEXT_KEPT_MAX_LENGTH = 2048;

/** Header that turns queryDescribe on; only the value `true` does (gaps.md §11). */
export const DESCRIBE_HEADER = 'x-tenantapi-describequery';

/** Header asking for `record_properties` beside the rows (gaps.md §12): `all`, `hidden`, `redacted` or `weblink`. */
export const RECORD_PROPERTIES_HEADER = 'x-tenantapi-recordproperties';
