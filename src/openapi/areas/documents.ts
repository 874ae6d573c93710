/** Documents: endpoints 21–28, check-out (lock), renditions and attachments (gaps.md §9). */
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { MAX_VERSION_NUMBER } from '../../domain/documents/model';
import { type Area, type Schema, address, arr, bool, int, obj, okStatus, operation, paramRef, queryParam, ref, str, pathParam } from '../dsl';

const tag = 'Documents';
const structured = (schema: string) => ({ kind: 'structured' as const, schema, xmlRoot: 'ApiRestResult' });
const file = { kind: 'binary' as const, mediaType: 'application/octet-stream', disposition: true };
const doc: O.ReferenceObject = paramRef('DocId');
const versionPath: O.ReferenceObject[] = [paramRef('Version'), doc, paramRef('MajorVersion'), paramRef('MinorVersion')];
const renditionType = pathParam('rendition_type', str(), 'Rendition type name');

const role = obj({ users: arr(int()), groups: arr(int()) }, ['users', 'groups']);
const timestamp = str({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' });
const strings = arr(str());

/** A major or minor version number: an integer 0…999999 (docs/decisions.md). */
const versionNumber = () => int({ minimum: 0, maximum: MAX_VERSION_NUMBER });

const documentFields: Record<string, Schema> = {
  id: int({ minimum: 0 }),
  version_id: str({ pattern: '^\\d+_\\d+_\\d+$' }),
  binder__v: bool(), crosslink__v: bool(),
  coordinator__v: role, owner__v: role, approver__v: role, reviewer__v: role, viewer__v: role, editor__v: role,
  consumer__v: role, distribution_contacts__v: role,
  name__v: str({ maxLength: 100 }), document_number__v: str(),
  type__v: str(), subtype__v: str(), classification__v: str(), lifecycle__v: str(), status__v: str(),
  format__v: str(), filename__v: str(), export_filename__v: str(), description__v: str(),
  size__v: int({ minimum: 0 }), md5checksum__v: str({ pattern: '^[0-9a-f]{32}$' }), pages__v: int(),
  language__v: strings, country__v: strings, product__v: strings, allow_pdf_download__v: strings,
  allow_download_embedded_viewer__v: bool(), restrict_fragments_by_product__v: bool(), locked__v: bool(),
  suppress_rendition__v: str(),
  major_version_number__v: versionNumber(), minor_version_number__v: versionNumber(),
  version_creation_date__v: timestamp, version_modified_date__v: timestamp, document_creation_date__v: timestamp,
  created_by__v: int(), version_created_by__v: int(), last_modified_by__v: int(),
  annotations_all__v: int(), annotations_links__v: int(), annotations_anchors__v: int(), annotations_notes__v: int(),
  annotations_lines__v: int(), annotations_resolved__v: int(), annotations_unresolved__v: int(),
};

/**
 * Standard fields every document record carries, empty or not (gaps.md §13; text fields such as
 * description__v and the file's filename__v may be absent where the service omits them).
 */
const ALWAYS_PRESENT = [
  'binder__v', 'crosslink__v', 'language__v', 'country__v', 'product__v', 'suppress_rendition__v', 'allow_download_embedded_viewer__v',
  'allow_pdf_download__v', 'restrict_fragments_by_product__v', 'size__v', 'pages__v',
  'annotations_all__v', 'annotations_links__v', 'annotations_anchors__v', 'annotations_notes__v', 'annotations_lines__v', 'annotations_resolved__v', 'annotations_unresolved__v',
  'owner__v', 'coordinator__v', 'approver__v', 'reviewer__v', 'viewer__v', 'editor__v', 'consumer__v', 'distribution_contacts__v',
];

const versions = arr(obj({ number: str({ pattern: '^\\d+\\.\\d+$' }), value: address() }, ['number', 'value']));
const renditionMap = obj({}, [], { additionalProperties: address() });
const attachments = arr(obj({ id: int(), url: address() }, ['id', 'url']));

export const documents: Area = {
  tag: { name: tag, description: 'Documents, versions, files, thumbnails, check-out, creation' },
  schemas: {
    Document: obj(documentFields, ['id', 'name__v', 'type__v', 'lifecycle__v', 'status__v', 'major_version_number__v', 'minor_version_number__v', ...ALWAYS_PRESENT], { additionalProperties: true }),
    DocumentList: obj(
      {
        responseStatus: okStatus(), responseMessage: str(),
        size: int({ minimum: 0 }), start: int({ minimum: 0 }), limit: int({ minimum: 1, maximum: 200 }),
        documents: arr(obj({ document: { allOf: [ref('Document'), { required: ['version_id'] }] } }, ['document']), { maxItems: 200 }),
      },
      ['responseStatus', 'size', 'start', 'limit', 'documents'],
    ),
    DocumentResponse: obj(
      { responseStatus: okStatus(), document: ref('Document'), renditions: renditionMap, versions, attachments },
      ['responseStatus', 'document', 'renditions', 'versions', 'attachments'],
    ),
    DocumentVersions: obj({ responseStatus: okStatus(), versions, renditions: renditionMap }, ['responseStatus', 'versions', 'renditions']),
    DocumentVersionResponse: obj(
      { responseStatus: okStatus(), document: ref('Document'), renditions: renditionMap, versions: { ...versions, maxItems: 1 } as Schema, attachments },
      ['responseStatus', 'document', 'renditions', 'versions', 'attachments'],
    ),
    DocumentLock: obj(
      { responseStatus: okStatus(), responseMessage: str(), lock: obj({ locked_by__v: int(), locked_date__v: timestamp }, ['locked_by__v', 'locked_date__v']) },
      ['responseStatus'],
    ),
    DocumentCreated: obj({ responseStatus: okStatus(), responseMessage: str(), id: int() }, ['responseStatus', 'responseMessage', 'id']),
  },
  operations: [
    operation({
      id: 'listDocuments', method: 'get', path: '/api/{version}/objects/documents', tag, endpoint: 21,
      summary: 'The documents the caller may access',
      params: [
        paramRef('Version'),
        queryParam('named_filter', str(), 'My Documents, Favorites, Recent Documents or Cart'),
        queryParam('scope', str({ enum: ['contents', 'all'] }), 'contents: file content only; all: content and searchable fields'),
        queryParam('versionscope', str({ enum: ['all'] }), 'all: every version'),
        queryParam('search', str(), 'Keyword over searchable fields'),
        queryParam('limit', int({ minimum: 1, maximum: 200, default: 200 }), 'Documents per page'),
        queryParam('sort', str({ pattern: '^\\s*[A-Za-z0-9_]+(\\s+(ASC|DESC|asc|desc))?\\s*$', default: 'id ASC' }), '<field> ASC|DESC'),
        queryParam('start', int({ minimum: 0, default: 0 }), 'Offset'),
      ],
      answer: structured('DocumentList'),
    }),
    operation({
      id: 'createDocument', method: 'post', path: '/api/{version}/objects/documents', tag, endpoint: 28,
      summary: 'Create a document (multipart with the file; form-urlencoded for placeholders)',
      params: [paramRef('Version')],
      body: {
        required: true,
        content: Object.fromEntries(['multipart/form-data', 'application/x-www-form-urlencoded'].map((m) => [m, {
          schema: obj({
            file: str({ format: 'binary' }), name__v: str(), type__v: str(), subtype__v: str(), classification__v: str(), lifecycle__v: str(),
            major_version_number__v: versionNumber(), minor_version_number__v: versionNumber(), product__v: str(), external_id__v: str(),
          }, [], { additionalProperties: true }),
        }])),
      },
      answer: structured('DocumentCreated'),
    }),
    operation({ id: 'getDocument', method: 'get', path: '/api/{version}/objects/documents/{doc_id}', tag, endpoint: 22,
      summary: 'A document (latest version)', params: [paramRef('Version'), doc], answer: structured('DocumentResponse') }),
    operation({ id: 'listDocumentVersions', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/versions', tag, endpoint: 23,
      summary: 'The versions of a document', params: [paramRef('Version'), doc], answer: structured('DocumentVersions') }),
    operation({ id: 'getDocumentVersion', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/versions/{major_version}/{minor_version}', tag, endpoint: 24,
      summary: 'One version of a document', params: versionPath, answer: structured('DocumentVersionResponse') }),
    operation({ id: 'downloadDocumentFile', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/file', tag, endpoint: 25,
      summary: 'The latest source file', answer: file,
      params: [paramRef('Version'), doc, queryParam('lockDocument', bool({ default: false }), 'true checks the document out first')] }),
    operation({ id: 'downloadDocumentVersionFile', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/versions/{major_version}/{minor_version}/file', tag, endpoint: 26,
      summary: 'The source file of a version', params: versionPath, answer: file }),
    operation({ id: 'downloadDocumentVersionThumbnail', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/versions/{major_version}/{minor_version}/thumbnail', tag, endpoint: 27,
      summary: 'The thumbnail of a version', params: versionPath, answer: { kind: 'binary', mediaType: 'image/png' } }),
    operation({ id: 'downloadDocumentRendition', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/renditions/{rendition_type}', tag,
      summary: 'A rendition of the latest version (the renditions address)', params: [paramRef('Version'), doc, renditionType], answer: file }),
    operation({ id: 'downloadDocumentVersionRendition', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/versions/{major_version}/{minor_version}/renditions/{rendition_type}', tag,
      summary: 'A rendition of a version', params: [...versionPath, renditionType], answer: file }),
    operation({ id: 'downloadDocumentAttachment', method: 'get', path: '/api/{version}/objects/documents/{doc_id}/attachments/{attachment_id}/file', tag,
      summary: 'An attachment of a document (the attachments[].url address)',
      params: [paramRef('Version'), doc, pathParam('attachment_id', int({ minimum: 0 }), 'Attachment id')], answer: file }),
    ...(['post', 'get', 'delete'] as const).map((method) => operation({
      id: { post: 'lockDocument', get: 'getDocumentLock', delete: 'unlockDocument' }[method], method,
      path: '/api/{version}/objects/documents/{doc_id}/lock', tag,
      summary: { post: 'Check the document out', get: 'The check-out of the document', delete: 'Undo the check-out' }[method],
      params: [paramRef('Version'), doc], answer: structured('DocumentLock'),
    })),
  ],
};
