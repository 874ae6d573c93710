/**
 * Endpoint 16: the field metadata shared by every listed document, i.e. the fields a bulk update
 * of them could set (editable, not disabled, on each document's Doctype). Every id must name a
 * document the caller may see; the ones that do not are named together in one INVALID_DATA.
 */
import { apiError, isApiError } from '../errors';
import type { User } from '../users';
import type { FieldMetadata } from './metadata';
import type { StoredDocument } from './model';
import type { DocumentStore } from './store';

export function commonFields(store: DocumentStore, user: User, ids: readonly string[]): FieldMetadata[] {
  const unique = [...new Set(ids.map((s) => s.trim()).filter(Boolean))];
  if (unique.length === 0) throw apiError('parameterRequired', 'docIds');
  const missing: string[] = [];
  const docs: StoredDocument[] = [];
  for (const id of unique) {
    try {
      docs.push(store.get(user, Number(id)));
    } catch (e) {
      if (!isApiError(e)) throw e;
      missing.push(id);
    }
  }
  if (missing.length) throw apiError('documentsNotFound', missing.join(', '));
  const view = store.view();
  const sets = docs.map((d) => new Set(view.fieldsFor(d.doctype).map((f) => f.name)));
  return view.fieldsFor(docs[0].doctype).filter((f) => f.editable && !f.disabled && sets.every((s) => s.has(f.name)));
}
