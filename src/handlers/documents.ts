/** Documents: endpoints 21–28, renditions, attachments and the check-out (lock) resource (gaps.md §9). */
import { isoMillis } from '../domain/clock';
import { apiError } from '../domain/errors';
import {
  type CreateInput, type DocumentStore, type DocumentVersion, type ListResult, type StoredDocument, type StoredFile,
  createDocument, latestVersion, listDocuments, retrieveAnswer, versionNumber,
} from '../domain/documents';
import { indexedListSearch } from '../domain/query';
import { partsJsonBytes } from '../domain/parts-json-bytes';
import { type JsonWriter, reusableBodyOf, writtenBy } from '../http/respond';
import type { Handlers, Reply, VersionedCtx as Ctx } from '../http/context';

const storeOf = (ctx: Ctx): DocumentStore => ctx.world.documents.store(ctx.tenant.id);
const docAddress = (ctx: Ctx, id: number, ...segments: (string | number)[]) => ctx.addresses.api(ctx.tenant, ctx.version, 'objects', 'documents', id, ...segments);
const ok = (body: Record<string, unknown>): Reply => ({ body: { responseStatus: 'SUCCESS', ...body } });
/** The user viewed the document (Recent Documents); a HEAD, which only asks what the answer would be, views nothing. */
const viewed = (ctx: Ctx, store: DocumentStore, doc: StoredDocument) => {
  if (ctx.method !== 'HEAD') store.viewed(ctx.user, doc);
};

/** gaps.md §9: downloads are octet-stream with a Content-Disposition filename. */
const download = (file: StoredFile): Reply => ({ file: file.bytes, contentType: 'application/octet-stream;charset=UTF-8', filename: file.filename });

function renditionMap(ctx: Ctx, store: DocumentStore, doc: StoredDocument, version: DocumentVersion, versioned: boolean): Record<string, string> {
  const latest = version === latestVersion(doc);
  return Object.fromEntries(store.renditionTypes(doc, version).map((t) => [
    t,
    versioned || !latest ? docAddress(ctx, doc.id, 'versions', version.major, version.minor, 'renditions', t) : docAddress(ctx, doc.id, 'renditions', t),
  ]));
}

const versionEntry = (ctx: Ctx, doc: StoredDocument, v: DocumentVersion) => ({ number: versionNumber(v), value: docAddress(ctx, doc.id, 'versions', v.major, v.minor) });
const attachments = (ctx: Ctx, doc: StoredDocument) => doc.attachments.map((a) => ({ id: a.id, url: docAddress(ctx, doc.id, 'attachments', a.id, 'file') }));

function versionOf(ctx: Ctx): { store: DocumentStore; doc: StoredDocument; version: DocumentVersion } {
  const store = storeOf(ctx);
  const { doc, version } = store.getVersion(ctx.user, ctx.params.doc_id, ctx.params.major_version, ctx.params.minor_version);
  return { store, doc, version };
}

/**
 * A list body's JSON: its other fields' text, then its records' kept bytes (the bytes JSON.stringify
 * of the body gives; `documents` must be its last field, else jsonTextOrBytes writes it).
 */
export const listJson: JsonWriter = (body, bytesFrom, bytesFor) => {
  let open = '{';
  let documents: unknown;
  for (const k in body) {
    if (documents !== undefined) return undefined;
    if (k === 'documents') documents = body[k];
    else {
      const value = JSON.stringify(body[k]);
      if (value !== undefined) open += `${JSON.stringify(k)}:${value},`; // (a field JSON leaves out, as JSON.stringify does)
    }
  }
  return Array.isArray(documents) ? partsJsonBytes(`${open}"documents":[`, documents as object[], 'document', ']}', bytesFrom, bytesFor) : undefined;
};

/** The answer body of a list result (the domain hands out the same result while valid: list-cache.ts). */
const listBody = (result: ListResult): Record<string, unknown> => reusableBodyOf(result, () => writtenBy({
  responseStatus: 'SUCCESS', size: result.size, start: result.start, limit: result.limit, documents: result.rows.map((r) => ({ document: r.record })),
}, listJson));

/**
 * Endpoint 22's answer of a document: its record, renditions (the configuration's types, the
 * file), versions and attachments, with links under the document's address. The domain keeps it
 * per document address while the store's record of the document is the same (retrieve-cache.ts);
 * its body and bytes are built once from the kept answer (reusableBodyOf).
 */
function retrieveBody(ctx: Ctx, store: DocumentStore, doc: StoredDocument): Record<string, unknown> {
  const answer = retrieveAnswer(store, doc, docAddress(ctx, doc.id), (record) => ({
    document: record,
    renditions: renditionMap(ctx, store, doc, latestVersion(doc), false),
    versions: doc.versions.map((v) => versionEntry(ctx, doc, v)),
    attachments: attachments(ctx, doc),
  }));
  return reusableBodyOf(answer, () => ({ responseStatus: 'SUCCESS', ...answer }));
}

const lockBody = (lock: { by: number; at: number } | undefined) => (lock ? { lock: { locked_by__v: lock.by, locked_date__v: isoMillis(lock.at) } } : {});

export const documentHandlers: Handlers = {
  listDocuments: (ctx) => {
    const q = ctx.query;
    const result = listDocuments(storeOf(ctx), ctx.user, {
      namedFilter: q.named_filter, scope: q.scope, versionscope: q.versionscope, search: q.search, sort: q.sort, start: q.start, limit: q.limit,
    }, indexedListSearch(ctx.world.documents.background.signal));
    return { body: listBody(result) };
  },

  getDocument: (ctx) => {
    const store = storeOf(ctx);
    const doc = store.get(ctx.user, ctx.params.doc_id);
    viewed(ctx, store, doc);
    return { body: retrieveBody(ctx, store, doc) };
  },

  listDocumentVersions: (ctx) => {
    const store = storeOf(ctx);
    const doc = store.get(ctx.user, ctx.params.doc_id);
    return ok({ versions: doc.versions.map((v) => versionEntry(ctx, doc, v)), renditions: renditionMap(ctx, store, doc, latestVersion(doc), false) });
  },

  getDocumentVersion: (ctx) => {
    const { store, doc, version } = versionOf(ctx);
    viewed(ctx, store, doc);
    return ok({
      document: store.record(doc, version),
      // An object, as in 22 and 23: the spec's "array" is not what the service answers (gaps.md §9, §12).
      renditions: renditionMap(ctx, store, doc, version, true),
      versions: [versionEntry(ctx, doc, version)],
      attachments: attachments(ctx, doc),
    });
  },

  downloadDocumentFile: (ctx) => {
    const store = storeOf(ctx);
    const doc = store.get(ctx.user, ctx.params.doc_id);
    const file = store.fileOf(doc, latestVersion(doc));
    // A HEAD asks what the download would be: refused as the GET would be, it checks nothing out.
    if (ctx.query.lockDocument === true) {
      if (ctx.method === 'HEAD') store.lockable(ctx.user, doc.id);
      else store.lock(ctx.user, doc.id);
    }
    viewed(ctx, store, doc);
    return download(file);
  },

  downloadDocumentVersionFile: (ctx) => {
    const { store, doc, version } = versionOf(ctx);
    return download(store.fileOf(doc, version));
  },

  downloadDocumentVersionThumbnail: (ctx) => {
    const { store, version } = versionOf(ctx);
    return { file: store.thumbnail(version), contentType: 'image/png' };
  },

  downloadDocumentRendition: (ctx) => {
    const store = storeOf(ctx);
    const doc = store.get(ctx.user, ctx.params.doc_id);
    return download(store.rendition(doc, latestVersion(doc), ctx.params.rendition_type));
  },

  downloadDocumentVersionRendition: (ctx) => {
    const { store, doc, version } = versionOf(ctx);
    return download(store.rendition(doc, version, ctx.params.rendition_type));
  },

  downloadDocumentAttachment: (ctx) => {
    const doc = storeOf(ctx).get(ctx.user, ctx.params.doc_id);
    const attachment = doc.attachments.find((a) => a.id === ctx.params.attachment_id);
    if (!attachment) throw apiError('resourceNotFound', `${doc.id} attachment ${ctx.params.attachment_id}`);
    return download(attachment.file);
  },

  lockDocument: (ctx) => ok({ responseMessage: 'Document successfully checked out.', ...lockBody(storeOf(ctx).lock(ctx.user, ctx.params.doc_id)) }),
  getDocumentLock: (ctx) => ok(lockBody(storeOf(ctx).lockOf(ctx.user, ctx.params.doc_id))),
  unlockDocument: (ctx) => {
    storeOf(ctx).unlock(ctx.user, ctx.params.doc_id);
    return ok({ responseMessage: 'Undo check out successful.' });
  },

  createDocument: (ctx) => {
    const records = ctx.world.queries.records;
    const references = records ? (object: string, id: string) => records.has(ctx.tenant.id, object, id) : undefined;
    const id = createDocument(storeOf(ctx), ctx.user, (ctx.body ?? {}) as CreateInput, ctx.world.settings.uploadMaxBytes, references);
    return ok({ responseMessage: 'successfully created document', id });
  },
};
