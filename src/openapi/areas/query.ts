/** Query: endpoint 7 and the paging addresses it hands out (gaps.md §6). */
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { type Area, type OperationSpec, address, arr, bool, formBody, headerParam, int, obj, okStatus, operation, paramRef, queryParam, ref, str, pathParam } from '../dsl';

const tag = 'Query';
const describeHeader = headerParam('X-TenantAPI-DescribeQuery', str(), 'true adds queryDescribe; any other value leaves it out');

const pageParams: O.ParameterObject[] = [
  pathParam('query_id', str(), 'Id of the query result, from next_page/previous_page'),
  queryParam('pagesize', int({ minimum: 1, maximum: 1000 }), 'Records per page'),
  queryParam('pageoffset', int({ minimum: 0 }), 'Offset of the page'),
  describeHeader,
];

const pageOp = (method: 'get' | 'post'): OperationSpec => ({
  id: method === 'post' ? 'getQueryPage' : 'getQueryPageGet', method, path: '/api/{version}/query/{query_id}', tag,
  summary: 'Another page of a query result (next_page / previous_page)',
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
            required: bool(), unique: bool(), status: str({ enum: ['active', 'inactive'] }), picklist: str(),
          }, ['name', 'type']),
        ),
      },
      ['object', 'fields'],
    ),
    ResponseDetails: obj(
      { limit: int(), offset: int(), size: int(), total: int(), previous_page: address(), next_page: address() },
      ['limit', 'offset', 'size', 'total'],
    ),
    QueryResponse: obj(
      {
        responseStatus: okStatus(),
        responseMessage: str(),
        warnings: arr(obj({ type: str(), message: str() }, ['type', 'message']), { minItems: 1 }),
        responseDetails: ref('ResponseDetails'),
        data: arr(obj({}, [], { additionalProperties: true })),
        queryDescribe: ref('QueryDescribe'),
      },
      ['responseStatus', 'responseDetails', 'data'],
    ),
  },
  operations: [
    operation({
      id: 'runQuery', method: 'post', path: '/api/{version}/query', tag, endpoint: 7,
      summary: 'Run a query (q in the form body or the query string)',
      params: [paramRef('Version'), queryParam('q', str({ maxLength: 50000 }), 'The statement'), describeHeader],
      body: formBody(obj({ q: str({ maxLength: 50000 }) }), { required: false }),
      answer: { kind: 'structured', schema: 'QueryResponse', xmlRoot: 'ApiRestResult' },
    }),
    operation(pageOp('post')),
    operation(pageOp('get')),
  ],
};
