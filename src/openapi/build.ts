/**
 * Assembles the OpenAPI 3.1 description of the simulated service from the area files.
 * The document is the single source of truth: the router, request and response validation all read it.
 */
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { ErrorType } from '../domain/errors';
import { type Area, toOperation, arr, headerParam, obj, pathParam, queryParam, str, int } from './dsl';
import { authServer, platformTagObject } from './areas/authserver';
import { configuration } from './areas/configuration';
import { documents } from './areas/documents';
import { domains } from './areas/domains';
import { metadata } from './areas/metadata';
import { query } from './areas/query';
import { session } from './areas/session';
import { users } from './areas/users';

export const areas: Area[] = [session, domains, users, query, configuration, metadata, documents, authServer];

const name = (description: string) => str({ pattern: '^[A-Za-z0-9_]+$', description });

const parameters: Record<string, O.ParameterObject> = {
  Version: pathParam('version', str({ pattern: '^v\\d+\\.\\d+$' }), 'API version label v<major>.<minor> (one the version list holds)'),
  DocId: pathParam('doc_id', int({ minimum: 0, maximum: 9223372036854775807 }), 'Document id'),
  MajorVersion: pathParam('major_version', int({ minimum: 0 }), 'major_version_number__v'),
  MinorVersion: pathParam('minor_version', int({ minimum: 0 }), 'minor_version_number__v'),
  ComponentType: pathParam('component_type', name('Component type name, e.g. Picklist, Docfield, Doctype'), 'Component type'),
  RecordName: pathParam('record_name', str({ minLength: 1 }), 'Component record name'),
  DocType: pathParam('type', name('Document type name'), 'Document type name'),
  DocSubtype: pathParam('subtype', name('Document subtype name'), 'Document subtype name'),
  ClientIdHeader: headerParam('X-TenantAPI-ClientID', str(), 'Client id (the client_id query parameter wins); [A-Za-z0-9._-]{1,100}'),
  ClientIdQuery: queryParam('client_id', str(), 'Client id; wins over X-TenantAPI-ClientID'),
  ReferenceId: headerParam('X-TenantAPI-ReferenceId', str(), 'Echoed back in the response'),
  DelegatedToken: queryParam('auth', str(), "Delegated request: the CRM platform's session token"),
  DelegatedHost: queryParam('ext_url', str(), 'Delegated request: the platform address that validates the token'),
  DelegatedProvider: queryParam('ext_ns', str({ enum: ['sfdc'] }), 'Delegated request: the provider, sfdc'),
  DelegatedHostHeader: headerParam('X-Auth-Host', str(), 'Delegated request: the platform address (header form)'),
  DelegatedProviderHeader: headerParam('X-Auth-Provider', str({ enum: ['sfdc'] }), 'Delegated request: the provider (header form)'),
};

/** (openapi-types types a 3.1 header's schema with the 3.0 schema type: one cast, here.) */
const header = (schema: object, description: string, required = false): O.HeaderObject =>
  ({ schema: schema as O.HeaderObject['schema'], description, ...(required ? { required } : {}) });
const intHeader = (description: string) => header({ type: 'string', pattern: '^\\d+$' }, description);
const headers: Record<string, O.HeaderObject> = {
  ExecutionId: header(str(), 'Unique per request', true),
  Status: header(str({ enum: ['SUCCESS', 'WARNING', 'FAILURE'] }), 'Echoes responseStatus'),
  BurstLimit: intHeader('The burst limit of the window'),
  BurstLimitRemaining: intHeader('Calls left in the window'),
  ResponseDelay: intHeader('Milliseconds the call was delayed'),
  ContentDisposition: header(str({ pattern: '^attachment;\\s*filename="' }), 'attachment;filename="<name>"', true),
};

const failure = obj(
  {
    responseStatus: str({ const: 'FAILURE' }),
    responseMessage: str(),
    errorType: str({ const: 'AUTHENTICATION_FAILED' }),
    errors: arr(obj({ type: str({ enum: Object.values(ErrorType) }), message: str() }, ['type', 'message']), { minItems: 1 }),
  },
  ['responseStatus', 'errors'],
);

export function buildOpenApi(): O.Document {
  const paths: O.PathsObject = {};
  for (const area of areas) {
    for (const spec of area.operations) {
      paths[spec.path] = { ...(paths[spec.path] ?? {}), [spec.method]: toOperation(spec) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Document Management Service REST interface (dms-sim)',
      version: '1.0.0',
      description:
        'Generated from spec/rest-interface.md by src/openapi (npm run spec). Do not edit by hand.\n\n' +
        'The service answers HTTP 200 for every request it processed, failures included: clients branch on ' +
        'responseStatus and errors[].type (see the Failure schema).',
    },
    servers: [{ url: 'http://localhost:8080', description: 'dms-sim on its default port (tenants by Host or /tenants/<tenantDNS>)' }],
    tags: [...areas.map((a) => a.tag), platformTagObject],
    security: [{ sessionId: [] }, { delegatedToken: [] }],
    paths,
    components: {
      schemas: { Failure: failure, ...Object.assign({}, ...areas.map((a) => a.schemas)) },
      parameters,
      headers,
      securitySchemes: {
        sessionId: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: <sessionId> or Bearer <sessionId>' },
        delegatedToken: { type: 'apiKey', in: 'query', name: 'auth', description: 'Delegated request (with ext_url and ext_ns, or the X-Auth-* headers)' },
      },
    },
  };
}

