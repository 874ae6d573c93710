/**
 * Tests only: every version of every document of every tenant of a world, with its store's
 * metadata view; returns how many versions it visited.
 */
import type { World } from '../world';
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';

export function forEachVersion(world: World, visit: (view: MetadataView, doc: StoredDocument, version: DocumentVersion) => void): number {
  let n = 0;
  for (const tenant of world.tenants.all()) {
    const store = world.documents.store(tenant.id);
    if (!store) continue;
    const view = store.view();
    for (const doc of store.all()) {
      for (const version of doc.versions) {
        visit(view, doc, version);
        n++;
      }
    }
  }
  return n;
}
