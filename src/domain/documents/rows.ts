/** The rows of the query seam and of answers (issue 19: a row carries no record; an answer's row does). */
import type { DocumentVersion, StoredDocument } from './model';
import type { DocumentRecord } from './records';

/**
 * One row of the query seam: a document version. Its API record is made on demand
 * (`store.record`, kept for the most recently used only); one field's value without it:
 * recordField (record-field.ts).
 */
export interface DocumentRow {
  readonly document: StoredDocument;
  readonly version: DocumentVersion;
  readonly latest: boolean;
}

/**
 * A row with its API record: what an answer shows (a page of endpoint 21). In a store of more
 * documents than the record cache holds, the record may be JSON only (row-cache.ts `pageRecord`,
 * json-text.ts `jsonOnlyPart`): no fields of its own; read them with `fieldsOf`.
 */
export interface RecordRow extends DocumentRow {
  readonly record: DocumentRecord;
}
