/** Document metadata: endpoints 15–20, the documents-metadata alias and the lock metadata (gaps.md §9). */
import { num, type Area, address, arr, bool, int, obj, okStatus, operation, paramRef, ref, str, formBody, pathParam } from '../dsl';

const tag = 'Document metadata';
const labelValue = obj({ name: str(), label: str(), value: address() }, ['name', 'label', 'value']);
const typeStructured = (schema: string) => ({ kind: 'structured' as const, schema, xmlRoot: 'ApiRestResult' });

/** Members every level of the type hierarchy shares (spec: "Document type, subtype, classification metadata"). */
const levelMembers = {
  responseStatus: okStatus(),
  name: str(),
  label: str(),
  renditions: arr(str()),
  relationshipTypes: arr(obj({ label: str(), value: address() }, ['label', 'value'])),
  properties: arr(ref('DocumentField')),
  availableLifecycles: arr(obj({ name: str(), label: str() }, ['name', 'label'])),
  templates: arr(obj({ label: str(), name: str(), kind: str(), definedIn: str(), definedInType: str() }, ['label', 'name', 'kind', 'definedIn', 'definedInType'])),
};

export const metadata: Area = {
  tag: { name: tag, description: 'Document fields, types, subtypes, classifications, lock metadata' },
  schemas: {
    DocumentField: obj(
      {
        name: str(), scope: str(), type: str(), required: bool(), maxLength: int(), minValue: num(),
        maxValue: num({ description: 'A JSON number, written exactly: the id field has 9223372036854775807 (beyond a double\'s precision; parse with a big-integer-aware reader)' }),
        repeating: bool(), systemAttribute: bool(), editable: bool(), setOnCreateOnly: bool(), disabled: bool(),
        hidden: bool(), queryable: bool(), facetable: bool(), noCopy: bool(), shared: bool(),
        usedIn: arr(obj({ key: str(), type: str() }, ['key', 'type'])),
        label: str(), section: str(), sectionPosition: int(), helpContent: str(), definedInType: str(), definedIn: str(),
        objectType: str(), relationshipType: str(), relationshipName: str(), picklist: str(),
        entries: arr(obj({ name: str(), label: str() }, ['name', 'label'])),
      },
      ['name', 'type', 'required', 'systemAttribute', 'editable', 'disabled', 'hidden', 'queryable', 'facetable'],
    ),
    DocumentFieldList: obj({ responseStatus: okStatus(), properties: arr(ref('DocumentField')) }, ['responseStatus', 'properties']),
    DocumentTypeList: obj({ responseStatus: okStatus(), types: arr(labelValue), lock: address() }, ['responseStatus', 'types', 'lock']),
    DocumentType: obj(
      {
        ...levelMembers,
        processes: arr(str()), etmfDepartment: arr({}), referenceModels: arr({}), defaultWorkflows: arr(str()),
        subtypes: arr(labelValue),
      },
      ['responseStatus', 'name', 'label', 'availableLifecycles'],
    ),
    DocumentSubtype: obj({ ...levelMembers, classifications: arr(labelValue) }, ['responseStatus', 'name', 'label', 'properties', 'availableLifecycles']),
    DocumentRelationshipType: obj(
      { responseStatus: okStatus(), name: str(), label: str(), description: str(), singleUse: bool() },
      ['responseStatus', 'name', 'label', 'singleUse'],
    ),
    DocumentClassification: obj(levelMembers, ['responseStatus', 'name', 'label', 'properties', 'availableLifecycles'], { not: { required: ['classifications'] } }),
  },
  operations: [
    operation({
      id: 'listDocumentFields', method: 'get', path: '/api/{version}/metadata/objects/documents/properties', tag, endpoint: 15,
      summary: 'All standard and custom document field metadata', params: [paramRef('Version')],
      answer: typeStructured('DocumentFieldList'),
    }),
    operation({
      id: 'findCommonDocumentFields', method: 'post', path: '/api/{version}/metadata/objects/documents/properties/find_common', tag, endpoint: 16,
      summary: 'Field metadata shared by all listed documents', params: [paramRef('Version')],
      body: formBody(obj({ docIds: str({ pattern: '^\\s*\\d+\\s*(,\\s*\\d+\\s*)*$' }) }, ['docIds'])),
      answer: typeStructured('DocumentFieldList'),
    }),
    operation({
      id: 'listDocumentTypes', method: 'get', path: '/api/{version}/metadata/objects/documents/types', tag, endpoint: 17,
      summary: 'The document types and the lock metadata address', params: [paramRef('Version')],
      answer: typeStructured('DocumentTypeList'),
    }),
    operation({
      id: 'listDocumentTypesAlias', method: 'get', path: '/api/{version}/metadata/objects/documents', tag,
      summary: 'The same list as endpoint 17', params: [paramRef('Version')],
      answer: typeStructured('DocumentTypeList'),
    }),
    operation({
      id: 'getDocumentType', method: 'get', path: '/api/{version}/metadata/objects/documents/types/{type}', tag, endpoint: 18,
      summary: 'Metadata of a document type', params: [paramRef('Version'), paramRef('DocType')],
      answer: typeStructured('DocumentType'),
    }),
    operation({
      id: 'getDocumentSubtype', method: 'get', path: '/api/{version}/metadata/objects/documents/types/{type}/subtypes/{subtype}', tag, endpoint: 19,
      summary: 'Metadata of a document subtype', params: [paramRef('Version'), paramRef('DocType'), paramRef('DocSubtype')],
      answer: typeStructured('DocumentSubtype'),
    }),
    operation({
      id: 'getDocumentClassification', method: 'get',
      path: '/api/{version}/metadata/objects/documents/types/{type}/subtypes/{subtype}/classifications/{classification}', tag, endpoint: 20,
      summary: 'Metadata of a document classification',
      params: [paramRef('Version'), paramRef('DocType'), paramRef('DocSubtype'), pathParam('classification', str({ pattern: '^[A-Za-z0-9_]+$' }), 'Document classification name')],
      answer: typeStructured('DocumentClassification'),
    }),
    operation({
      id: 'getDocumentRelationshipType', method: 'get', path: '/api/{version}/metadata/objects/documents/types/{type}/relationships/{relationship}', tag,
      summary: 'A relationship type of documents of a type: the `value` of a `relationshipTypes` entry of endpoints 18–20',
      params: [paramRef('Version'), paramRef('DocType'), pathParam('relationship', str({ pattern: '^[A-Za-z0-9_]+$' }), 'Relationship type name')],
      answer: typeStructured('DocumentRelationshipType'),
    }),
    operation({
      id: 'getDocumentLockMetadata', method: 'get', path: '/api/{version}/metadata/objects/documents/lock', tag,
      summary: 'Metadata of the document lock (check-out) fields: the `lock` address of endpoint 17', params: [paramRef('Version')],
      answer: typeStructured('DocumentFieldList'),
    }),
  ],
};
