/** Query: endpoint 7 and the paging addresses it hands out (gaps.md §6). */
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { type Area, type OperationSpec, address, arr, bool, formBody, headerParam, int, obj, okStatus, operation, paramRef, queryParam, ref, str, pathParam } from '../dsl';

const tag = 'Query';
const describeHeader = headerParam('X-TenantAPI-DescribeQuery', str(), 'true adds queryDescribe; any other value leaves it out');
const recordPropertiesHeader = headerParam('X-TenantAPI-RecordProperties', str(),
  'all, hidden, redacted or weblink (any letter case) adds record_properties, one entry per row; any other value leaves it out');
const fieldList = () => arr(str());

/** The 50,000-character limit is checked by the handler (INVALID_DATA naming the length, not echoing the text). */
const qText = 'The statement (form body wins over the query string); at most 50,000 characters, else INVALID_DATA';

const pageParams: O.ParameterObject[] = [
  pathParam('query_id', str(), 'Id of the query result, from next_page/previous_page'),
  queryParam('pagesize', int({ minimum: 1, maximum: 1000 }), 'Records per page'),
  queryParam('pageoffset', int({ minimum: 0 }), 'Offset of the page'),
  describeHeader,
  recordPropertiesHeader,
];

const pageOp = (method: 'get' | 'post'): OperationSpec => ({
  id: method === 'post' ? 'getQueryPage' : 'getQueryPageGet', method, path: '/api/{version}/query/{query_id}', tag,
  summary: 'Another page of a query result (next_page / previous_page)',
  description: 'Follow the absolute next_page / previous_page address of a query response with the same session (POST; GET accepted). '
    + 'The address is valid 72 hours after the query or the last page call; afterwards, or for another user, it answers INVALID_DATA.',
  params: [paramRef('Version'), ...pageParams],
  answer: { kind: 'structured', schema: 'QueryResponse', xmlRoot: 'ApiRestResult' },
});

export const query: Area = {
  tag: { name: tag, description: 'The query language' },
  schemas: {
    QueryDescribe: obj(
      {
        object: obj({ name: str(), label: str(), label_plural: str() }, ['name', 'label', 'label_plural']),
        fields: arr(
          obj({
            name: str(), label: str(), type: str(), max_length: int(), max_value: {}, min_value: {}, scale: int(),
            required: bool(), unique: bool(), status: arr(str({ enum: ['active__v', 'inactive__v'] }), { minItems: 1 }), picklist: str(),
          }, ['name', 'type']),
        ),
      },
      ['object', 'fields'],
    ),
    RecordProperty: obj(
      {
        id: { description: 'Id of the row (a number for documents, a string for object records)' },
        field_properties: obj({ hidden: fieldList(), redacted: fieldList(), weblink: fieldList() }),
        field_additional_data: obj({}, [], { additionalProperties: true }),
        hidden_fields: fieldList(),
      },
      ['id', 'field_properties', 'field_additional_data'],
    ),
    ResponseDetails: obj(
      { pagesize: int(), pageoffset: int(), limit: int(), offset: int(), size: int(), total: int(), previous_page: address(), next_page: address() },
      ['pagesize', 'pageoffset', 'limit', 'offset', 'size', 'total'],
    ),
    QueryResponse: obj(
      {
        responseStatus: okStatus(),
        responseMessage: str(),
        warnings: arr(obj({ type: str(), message: str() }, ['type', 'message']), { minItems: 1 }),
        responseDetails: ref('ResponseDetails'),
        data: arr(obj({}, [], { additionalProperties: true })),
        queryDescribe: ref('QueryDescribe'),
        record_properties: arr(ref('RecordProperty')),
      },
      ['responseStatus', 'responseDetails', 'data'],
    ),
  },
  operations: [
    operation({
      id: 'runQuery', method: 'post', path: '/api/{version}/query', tag, endpoint: 7,
      summary: 'Run a query (q in the form body or the query string)',
      params: [paramRef('Version'), queryParam('q', str(), qText), describeHeader, recordPropertiesHeader],
      body: formBody(obj({ q: str({ description: qText }) }), { required: false }),
      answer: { kind: 'structured', schema: 'QueryResponse', xmlRoot: 'ApiRestResult' },
    }),
    operation(pageOp('post')),
    operation(pageOp('get')),
  ],
};
