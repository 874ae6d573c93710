/**
 * A small vocabulary for writing the OpenAPI document: each area file lists its operations with
 * `operation()` and its resources as JSON Schemas; `build.ts` assembles them.
 */
import type { OpenAPIV3_1 as O } from 'openapi-types';

export type Schema = O.SchemaObject;
export type Parameter = O.ParameterObject | O.ReferenceObject;
export type Method = 'get' | 'post' | 'put' | 'delete';

export const ref = (name: string): O.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
export const paramRef = (name: string): O.ReferenceObject => ({ $ref: `#/components/parameters/${name}` });

export const str = (extra: Partial<Schema> = {}): Schema => ({ type: 'string', ...extra }) as Schema;
export const int = (extra: Partial<Schema> = {}): Schema => ({ type: 'integer', ...extra }) as Schema;
export const num = (extra: Partial<Schema> = {}): Schema => ({ type: 'number', ...extra }) as Schema;
export const bool = (extra: Partial<Schema> = {}): Schema => ({ type: 'boolean', ...extra }) as Schema;
export const arr = (items: Schema | O.ReferenceObject, extra: Partial<Schema> = {}): Schema =>
  ({ type: 'array', items, ...extra }) as Schema;
/** An object schema; `required` lists the members that must be present. */
export const obj = (
  properties: Record<string, Schema | O.ReferenceObject>,
  required: string[] = [],
  extra: Partial<Schema> = {},
): Schema => ({ type: 'object', properties, ...(required.length ? { required } : {}), ...extra }) as Schema;
/** An absolute address the service hands out (gaps.md §5). */
export const address = (description?: string): Schema => str({ format: 'uri', ...(description ? { description } : {}) });
/** `responseStatus` of a success (WARNING where the spec allows warnings). */
export const okStatus = (): Schema => str({ enum: ['SUCCESS', 'WARNING'] });

/** A parameter. (openapi-types types a 3.1 parameter's schema with the 3.0 schema type: one cast, here.) */
const param = (where: 'path' | 'query' | 'header', name: string, schema: Schema, description: string, required: boolean): O.ParameterObject =>
  ({ name, in: where, required, schema: schema as O.ParameterObject['schema'], description });
export const pathParam = (name: string, schema: Schema, description: string) => param('path', name, schema, description, true);
export const queryParam = (name: string, schema: Schema, description: string, required = false) => param('query', name, schema, description, required);
export const headerParam = (name: string, schema: Schema, description: string, required = false) => param('header', name, schema, description, required);

/** What an operation answers on HTTP 200 (the service answers 200 for failures too: gaps.md §1). */
export type Answer =
  /** A structured body: the success schema or the shared Failure, as JSON and (if `xml`) XML. */
  | { kind: 'structured'; schema: string; xmlRoot?: string }
  /** A file or image body; failures come as a JSON Failure. */
  | { kind: 'binary'; mediaType: string; disposition?: boolean }
  /** Plain text (endpoint 12) or CSV; failures come as a JSON Failure. */
  | { kind: 'text'; mediaType: string }
  /** Plain JSON of another protocol (OAuth 2.0 / OIDC): no responseStatus envelope; errors are HTTP 4xx. */
  | { kind: 'json'; schema: string; orRedirect?: boolean }
  /** An HTTP redirect (the authorization endpoint). */
  | { kind: 'redirect' };

export interface OperationSpec {
  id: string;
  method: Method;
  path: string;
  tag: string;
  summary: string;
  /** The number of the endpoint row in spec/rest-interface.md, when it has one. */
  endpoint?: number;
  description?: string;
  /** `none`: no session needed (authentication, discovery, authorization server); `optional`: a presented session is checked (version list). */
  auth?: 'session' | 'none' | 'optional';
  params?: Parameter[];
  body?: O.RequestBodyObject;
  /** The body is read as raw text whatever its Content-Type (endpoint 8: gaps.md §11). */
  rawBody?: boolean;
  answer: Answer;
}

export type Operation = O.OperationObject<{ 'x-dms-endpoint'?: number; 'x-dms-xml-root'?: string; 'x-dms-auth': string; 'x-dms-raw-body'?: boolean }>;

const commonHeaders = {
  'X-TenantAPI-ExecutionId': { $ref: '#/components/headers/ExecutionId' },
  'X-TenantAPI-Status': { $ref: '#/components/headers/Status' },
};

const failureJson = { schema: ref('Failure') };

function responses(answer: Answer): O.ResponsesObject {
  if (answer.kind === 'structured') {
    const schema = { anyOf: [ref(answer.schema), ref('Failure')] };
    const content: Record<string, O.MediaTypeObject> = { 'application/json': { schema } };
    if (answer.xmlRoot) content['application/xml'] = { schema: { type: 'string', description: `XML, root <${answer.xmlRoot}>` } };
    return { '200': { description: 'The answer (failures too are HTTP 200, with responseStatus FAILURE)', headers: commonHeaders, content } };
  }
  if (answer.kind === 'json') {
    return {
      '200': { description: 'Success', content: { 'application/json': { schema: ref(answer.schema) } } },
      ...(answer.orRedirect ? { '302': { description: 'Redirect to a registered address', headers: { Location: { required: true, schema: { type: 'string' } } } } } : {}),
      '400': { description: 'OAuth error', content: { 'application/json': { schema: ref('OAuthError') } } },
      '401': { description: 'OAuth error', content: { 'application/json': { schema: ref('OAuthError') } } },
    };
  }
  if (answer.kind === 'redirect') {
    return {
      '302': { description: 'Redirect', headers: { Location: { required: true, schema: { type: 'string' } } } },
      '400': { description: 'OAuth error', content: { 'application/json': { schema: ref('OAuthError') } } },
    };
  }
  const headers: Record<string, O.ReferenceObject> = { ...commonHeaders };
  if (answer.kind === 'binary' && answer.disposition) headers['Content-Disposition'] = { $ref: '#/components/headers/ContentDisposition' };
  const body = answer.kind === 'binary' ? { type: 'string', format: 'binary' } : { type: 'string' };
  return {
    '200': {
      description: `${answer.mediaType} on success; a JSON Failure otherwise`,
      headers,
      content: { [answer.mediaType]: { schema: body as Schema }, 'application/json': failureJson },
    },
  };
}

/** The delegated-request parameters (Authentication rule 8), accepted by every session operation. */
const delegatedParams = ['DelegatedToken', 'DelegatedHost', 'DelegatedProvider', 'DelegatedHostHeader', 'DelegatedProviderHeader'];

/** Operations of the simulated service (not of the built-in authorization server or platform stand-in). */
const isService = (spec: OperationSpec) => spec.answer.kind !== 'json' && spec.answer.kind !== 'redirect';

/** Declares an operation (identity: keeps the area files readable and typed). */
export const operation = (spec: OperationSpec): OperationSpec => spec;

/** The OpenAPI operation object of a spec. */
export function toOperation(spec: OperationSpec): Operation {
  const op: Operation = {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    parameters: [
      ...(spec.params ?? []),
      ...(isService(spec) ? ['ClientIdHeader', 'ClientIdQuery', 'ReferenceId'].map(paramRef) : []),
      ...(isService(spec) && (spec.auth ?? 'session') === 'session' ? delegatedParams.map(paramRef) : []),
    ],
    ...(spec.body ? { requestBody: spec.body } : {}),
    responses: responses(spec.answer),
    'x-dms-auth': spec.auth ?? 'session',
    ...(spec.endpoint ? { 'x-dms-endpoint': spec.endpoint } : {}),
    ...(spec.rawBody ? { 'x-dms-raw-body': true } : {}),
    ...(spec.answer.kind === 'structured' && spec.answer.xmlRoot ? { 'x-dms-xml-root': spec.answer.xmlRoot } : {}),
  };
  if (spec.auth === 'none') op.security = [];
  if (spec.auth === 'optional') op.security = [{}, { sessionId: [] }];
  return op;
}

/** A form body (form-urlencoded and multipart) with the given fields. */
export function formBody(schema: Schema, opts: { required?: boolean; multipartFirst?: boolean; json?: boolean } = {}): O.RequestBodyObject {
  const content: Record<string, O.MediaTypeObject> = {};
  const order = opts.multipartFirst ? ['multipart/form-data', 'application/x-www-form-urlencoded'] : ['application/x-www-form-urlencoded', 'multipart/form-data'];
  for (const m of order) content[m] = { schema };
  if (opts.json) content['application/json'] = { schema };
  return { required: opts.required ?? true, content };
}

export interface Area {
  tag: { name: string; description: string };
  schemas: Record<string, Schema>;
  operations: OperationSpec[];
}
