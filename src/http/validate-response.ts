/**
 * Response validation against the OpenAPI document: used by every HTTP test and, at run time,
 * with `--validate-responses`. Checks the status, the Content-Type, the documented headers and
 * a JSON body against its schema.
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { type OperationInfo, resolveRef } from '../openapi/load';
import { newAjv, rebase } from './validate';

export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  /** The parsed JSON body, when the Content-Type is JSON. */
  json?: unknown;
}

export type ResponseValidator = (op: OperationInfo, res: ResponseLike) => string[];

export function createResponseValidator(document: O.Document): ResponseValidator {
  const ajv: Ajv2020 = newAjv(false, document);
  const cache = new Map<string, ValidateFunction>();
  const compiled = (key: string, schema: unknown) => {
    let v = cache.get(key);
    if (!v) cache.set(key, (v = ajv.compile(rebase(schema) as object)));
    return v;
  };
  return (op, res) => {
    const problems: string[] = [];
    const response = op.responses[String(res.status)];
    if (!response) return [`status ${res.status} is not documented for ${op.id}`];
    const r = resolveRef<O.ResponseObject>(document, response);
    // A FAILURE answer of a file or text operation carries the service headers, not the file's.
    const failed = (res.json as { responseStatus?: string } | undefined)?.responseStatus === 'FAILURE';
    for (const [name, h] of Object.entries(r.headers ?? {})) {
      const header = resolveRef<O.HeaderObject>(document, h);
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required && !(failed && !name.startsWith('X-TenantAPI-'))) problems.push(`header ${name} is missing`);
        continue;
      }
      const v = compiled(`${op.id}:${res.status}:h:${name}`, header.schema ?? {});
      if (!v(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${v.errors?.[0]?.message}`);
    }
    if (!r.content) return problems;
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const media = r.content[contentType];
    if (!media) return [...problems, `Content-Type ${contentType || '(none)'} is not one of ${Object.keys(r.content).join(', ')}`];
    if (contentType === 'application/json') {
      const v = compiled(`${op.id}:${res.status}:${contentType}`, media.schema ?? {});
      if (!v(res.json)) {
        problems.push(...(v.errors ?? []).slice(0, 8).map((e) => `body${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`));
      }
    }
    return problems;
  };
}
