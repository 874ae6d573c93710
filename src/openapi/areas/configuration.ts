/** Configuration: MDL, component metadata and records, staged files (endpoints 8–14). */
import { type Area, arr, bool, int, obj, okStatus, operation, paramRef, ref, str } from '../dsl';

const tag = 'Configuration';

const attribute = obj(
  {
    name: str(), type: str(), requiredness: str(), max_length: int(), max_value: {}, min_value: {}, scale: int(),
    editable: bool(), multi_value: bool(), default_cap: {}, component: str(), enums: arr(str()), ordered: bool(),
  },
  ['name', 'type'],
);
const fileInfo = { name__v: str(), format__v: str(), size__v: int(), sha1_checksum__v: str({ pattern: '^[0-9a-f]{40}$' }) };

export const configuration: Area = {
  tag: { name: tag, description: 'MDL, configuration components, staged files' },
  schemas: {
    MdlExecution: obj(
      {
        responseStatus: str({ enum: ['SUCCESS', 'WARNING', 'FAILURE'] }),
        errors: arr(obj({ type: str(), message: str() }, ['type', 'message']), {
          description: 'On a failing script (responseStatus FAILURE): one INVALID_DATA item naming the failing statement (docs/decisions.md)',
        }),
        script_execution: obj(
          {
            code: str(), message: str(), warnings: int(), failures: int(), exceptions: int(),
            components_affected: int(), execution_time: { type: 'number' },
          },
          ['code', 'message', 'warnings', 'failures', 'exceptions', 'components_affected', 'execution_time'],
        ),
        statement_execution: arr(
          obj(
            {
              tenant: str(), statement: int(), command: str(), component: str(), message: str(), response: str(),
              errors: arr(obj({ line: int(), message: str(), context: str(), code: str() })),
            },
            ['tenant', 'statement', 'command', 'component', 'message', 'response'],
          ),
        ),
      },
      ['responseStatus', 'script_execution', 'statement_execution'],
    ),
    ComponentTypeMetadata: obj(
      {
        responseStatus: okStatus(),
        data: obj(
          {
            name: str(), class: str(), abbreviation: str(), active: bool(), attributes: arr(attribute),
            sub_components: arr(obj({ name: str(), json_collection_name: str(), attributes: arr(attribute) }, ['name', 'attributes'])),
          },
          ['name', 'class', 'abbreviation', 'active', 'attributes'],
        ),
      },
      ['responseStatus', 'data'],
    ),
    ComponentTypeList: obj(
      { responseStatus: okStatus(), data: arr(obj({ name: str(), label: str(), url: str({ format: 'uri' }) }, ['name', 'label', 'url'])) },
      ['responseStatus', 'data'],
    ),
    ComponentRecord: obj({ name: str(), label: {} }, ['name'], { additionalProperties: true }),
    ComponentRecordList: obj({ responseStatus: okStatus(), data: arr(ref('ComponentRecord')) }, ['responseStatus', 'data']),
    ComponentRecordResponse: obj({ responseStatus: okStatus(), data: ref('ComponentRecord') }, ['responseStatus', 'data']),
    StagedFile: obj({ responseStatus: okStatus(), data: obj(fileInfo, Object.keys(fileInfo)) }, ['responseStatus', 'data']),
    ComponentFiles: obj(
      {
        responseStatus: okStatus(),
        links: arr(obj({ rel: str(), href: str(), method: str(), accept: str() }, ['rel', 'href', 'method', 'accept'])),
        data: arr(obj({ ...fileInfo, original_name__v: str() }, [...Object.keys(fileInfo), 'original_name__v'])),
      },
      ['responseStatus', 'data'],
    ),
  },
  operations: [
    operation({
      id: 'executeMdl', method: 'post', path: '/api/mdl/execute', tag, endpoint: 8,
      summary: 'Execute an MDL script (raw body, whatever Content-Type says: gaps.md §11)', rawBody: true,
      body: { required: true, content: { 'text/plain': { schema: str() }, 'application/json': { schema: str() }, 'application/xml': { schema: str() } } },
      answer: { kind: 'structured', schema: 'MdlExecution', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'listComponentTypes', method: 'get', path: '/api/{version}/metadata/components', tag,
      summary: 'Every component type dms-sim simulates, with the address of its metadata (clients call it at start-up: gaps.md §12)',
      params: [paramRef('Version')],
      answer: { kind: 'structured', schema: 'ComponentTypeList', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'getComponentTypeMetadata', method: 'get', path: '/api/{version}/metadata/components/{component_type}', tag, endpoint: 9,
      summary: 'Metadata of a component type', params: [paramRef('Version'), paramRef('ComponentType')],
      answer: { kind: 'structured', schema: 'ComponentTypeMetadata', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'listComponentRecords', method: 'get', path: '/api/{version}/configuration/{component_type}', tag, endpoint: 10,
      summary: 'The records of a component type', params: [paramRef('Version'), paramRef('ComponentType')],
      answer: { kind: 'structured', schema: 'ComponentRecordList', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'getComponentRecord', method: 'get', path: '/api/{version}/configuration/{component_type}.{record_name}', tag, endpoint: 11,
      summary: 'One component record', params: [paramRef('Version'), paramRef('ComponentType'), paramRef('RecordName')],
      answer: { kind: 'structured', schema: 'ComponentRecordResponse', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'getComponentMdl', method: 'get', path: '/api/mdl/components/{component_type}.{record_name}', tag, endpoint: 12,
      summary: 'The RECREATE statement of a component record', params: [paramRef('ComponentType'), paramRef('RecordName')],
      answer: { kind: 'text', mediaType: 'text/plain' },
    }),
    operation({
      id: 'stageFile', method: 'post', path: '/api/mdl/files', tag, endpoint: 13,
      summary: 'Upload a file to the staging area',
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: obj({ file: str({ format: 'binary' }) }, ['file']) },
          'application/x-www-form-urlencoded': {
            schema: obj({ file: str({ description: 'The file content as text' }), filename: str({ description: 'Its file name (default file.txt)' }) }, ['file']),
          },
        },
      },
      answer: { kind: 'structured', schema: 'StagedFile', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'listComponentFiles', method: 'get', path: '/api/mdl/components/{component_type}.{record_name}/files', tag, endpoint: 14,
      summary: 'The files of a component record', params: [paramRef('ComponentType'), paramRef('RecordName')],
      answer: { kind: 'structured', schema: 'ComponentFiles', xmlRoot: 'ApiRestResult' },
    }),
  ],
};
