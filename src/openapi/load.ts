/**
 * Reads the committed, generated document (spec/openapi.json, the JSON twin of spec/openapi.yaml)
 * and lists its operations in the form the HTTP core needs. Done once at start.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { specJsonPath } from './paths';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface OperationInfo {
  id: string;
  method: HttpMethod;
  /** The path template as the document writes it, e.g. `/api/{version}/objects/documents/{doc_id}`. */
  path: string;
  auth: 'session' | 'none' | 'optional';
  xmlRoot?: string;
  rawBody: boolean;
  endpoint?: number;
  parameters: O.ParameterObject[];
  requestBody?: O.RequestBodyObject;
  responses: O.ResponsesObject;
}

export interface LoadedOpenApi {
  document: O.Document;
  operations: OperationInfo[];
}

let cached: LoadedOpenApi | undefined;

export function loadOpenApi(path: string = specJsonPath): LoadedOpenApi {
  if (cached && path === specJsonPath) return cached;
  const document = JSON.parse(readFileSync(path, 'utf8')) as O.Document;
  const loaded = { document, operations: listOperations(document) };
  if (path === specJsonPath) cached = loaded;
  return loaded;
}

/** Follows a local `#/components/...` reference. */
export function resolveRef<T>(document: O.Document, value: T | O.ReferenceObject): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const parts = value.$ref.replace(/^#\//, '').split('/');
    let node: unknown = document;
    for (const p of parts) node = (node as Record<string, unknown>)[p];
    if (node === undefined) throw new Error(`unresolved reference ${value.$ref}`);
    return node as T;
  }
  return value as T;
}

export function listOperations(document: O.Document): OperationInfo[] {
  const ops: OperationInfo[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const op = item?.[method] as (O.OperationObject & Record<string, unknown>) | undefined;
      if (!op) continue;
      ops.push({
        id: op.operationId!,
        method,
        path,
        auth: op['x-dms-auth'] === 'none' || op['x-dms-auth'] === 'optional' ? op['x-dms-auth'] : 'session',
        xmlRoot: op['x-dms-xml-root'] as string | undefined,
        rawBody: op['x-dms-raw-body'] === true,
        endpoint: op['x-dms-endpoint'] as number | undefined,
        parameters: (op.parameters ?? []).map((p) => resolveRef<O.ParameterObject>(document, p)),
        requestBody: op.requestBody ? resolveRef<O.RequestBodyObject>(document, op.requestBody) : undefined,
        responses: op.responses ?? {},
      });
    }
  }
  return ops;
}
