/**
 * Request validation compiled once from the OpenAPI document (ajv, JSON Schema 2020-12).
 * Path, query and header parameters and the body are checked against the operation; a
 * violation becomes the service's FAILURE: PARAMETER_REQUIRED for a missing one, INVALID_DATA
 * otherwise. Values are coerced (form fields and query strings are text) and defaults filled.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { ApiError, errorItem } from '../domain/errors';
import { addFormats } from '../formats';
import { ajv2020Module } from '../lazy';
import type { OperationInfo } from '../openapi/load';

export type Location = 'path' | 'query' | 'header';

export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

export interface RequestValidator {
  /** Coerces and checks parameters in place; throws ApiError. */
  params(parts: RequestParts): void;
  /** The media types the body may have (none: the operation takes no body). */
  bodyTypes: string[];
  /** Coerces and checks a parsed form/JSON body in place; throws ApiError. */
  body(mediaType: string, body: Record<string, unknown>): void;
}

/** Replaces `#/components/...` references so that ajv resolves them in the registered document. */
export function rebase<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')) as T;
}

export function newAjv(coerce: boolean, document: O.Document): Ajv2020 {
  // validateSchema: false: the document is checked as OpenAPI 3.1 by a test; meta-schema checks of it cost ~40 ms a start.
  const ajv = new (ajv2020Module().Ajv2020)({ strict: false, allErrors: false, coerceTypes: coerce, useDefaults: coerce, validateFormats: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: rebase(document.components ?? {}) });
  return ajv;
}

/** Binary parts (`format: binary`) hold uploaded files, not text: accept them as they are. */
function withoutBinary(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutBinary);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Record<string, unknown>;
  if (s.format === 'binary') return {};
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, withoutBinary(v)]));
}

/** (chosen) The most characters of a rejected value a FAILURE message quotes. */
export const SHOWN_MAX = 200;

/** A rejected value as a FAILURE message quotes it: at most SHOWN_MAX characters, then its length (a 10 MB value is not echoed back, nor logged). */
export const shownValue = (text: string): string => (text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}… (${text.length} characters)` : text);

function explain(e: ErrorObject, where: string, data: Record<string, unknown>): ApiError {
  if (e.keyword === 'required') {
    return new ApiError([errorItem('parameterRequired', (e.params as { missingProperty: string }).missingProperty)]);
  }
  const name = e.instancePath.split('/')[1] ?? where;
  const value = data[name];
  const text = typeof value === 'object' && value !== null && 'bytes' in value ? '<file>' : String(value);
  return new ApiError([errorItem('invalidValue', shownValue(text), name)]);
}

/** Compiled validators by schema text, per ajv instance: operations share most of their parameters. */
const compiled = new WeakMap<Ajv2020, Map<string, ValidateFunction>>();

function compileOnce(ajvOf: () => Ajv2020, schema: object): ValidateFunction {
  const ajv = ajvOf();
  let byText = compiled.get(ajv);
  if (!byText) compiled.set(ajv, (byText = new Map()));
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (!validate) byText.set(text, (validate = ajv.compile(schema)));
  return validate;
}

const MAX_LONG = 2n ** 63n - 1n;

/**
 * Integers beyond JavaScript's exact range cannot be coerced faithfully: above the service's
 * maximum (2^63−1) they are invalid; below it, a path id that large names no record there is.
 */
function checkBigIntegers(ints: [Location, string][], parts: RequestParts): void {
  for (const [where, name] of ints) {
    const v = parts[where][name];
    if (typeof v !== 'string' || !/^\s*-?\d+\s*$/.test(v) || Number.isSafeInteger(Number(v))) continue;
    const n = BigInt(v.trim());
    if (n < 0n || n > MAX_LONG || where !== 'path') throw new ApiError([errorItem('invalidValue', v, name)]);
    throw new ApiError([errorItem('resourceNotFound', v.trim())]);
  }
}

/** A validator compiled on first use, or by `compile()` (the warm-up after listening), once. */
export interface LazyRequestValidator extends RequestValidator {
  compile(): void;
  readonly compiled: boolean;
}

/**
 * Compiling every operation's validators took ~90 ms of each start; most runs use a handful of
 * operations. The validator compiles when first needed (1–3 ms, once), and a listening simulator
 * compiles the rest in the background right after it starts (`warmValidators` in app.ts).
 */
export function lazyRequestValidator(ajv: () => Ajv2020, op: OperationInfo): LazyRequestValidator {
  let v: RequestValidator | undefined;
  const get = () => (v ??= compileRequestValidator(ajv, op));
  return {
    compile: () => void get(),
    get compiled() {
      return v !== undefined;
    },
    params: (parts) => get().params(parts),
    get bodyTypes() {
      return get().bodyTypes;
    },
    body: (mediaType, body) => get().body(mediaType, body),
  };
}

/**
 * The check of one location's record: `passes` (when there is one) accepts a record as it is
 * without ajv; anything it does not accept goes to the schema, compiled when first needed.
 */
interface Check {
  passes?: (data: Record<string, unknown>) => boolean;
  schema: () => ValidateFunction;
}

/**
 * For a location whose parameters are all optional plain strings (the client id and reference id
 * headers, `client_id`): a record whose values for them are strings or absent passes unchanged,
 * exactly as under ajv (nothing to coerce, no default). Such operations (GET /api/ among them)
 * never load ajv for valid calls.
 */
const plainStrings = (names: string[]) => (data: Record<string, unknown>) =>
  names.every((n) => data[n] === undefined || typeof data[n] === 'string');

/** `ajv` is called only when the operation has something to check (the ajv package loads then). */
export function compileRequestValidator(ajv: () => Ajv2020, op: OperationInfo): RequestValidator {
  const ints: [Location, string][] = op.parameters
    .filter((p) => (p.schema as { type?: string } | undefined)?.type === 'integer')
    .map((p) => [p.in as Location, p.in === 'header' ? p.name.toLowerCase() : p.name]);
  // gaps.md §12: boolean query parameters take `true`/`false` in any letter case (`True`, `FALSE`).
  const bools = op.parameters.filter((p) => p.in === 'query' && (p.schema as { type?: string } | undefined)?.type === 'boolean').map((p) => p.name);
  // Only the locations that declare parameters are checked: for the others the schema is an
  // object with no constraint, which any request's record satisfies.
  const byLocation: [Location, Check][] = [];
  for (const where of ['path', 'query', 'header'] as const) {
    const ps = op.parameters.filter((p) => p.in === where);
    if (ps.length === 0) continue;
    const key = (n: string) => (where === 'header' ? n.toLowerCase() : n);
    let compiled: ValidateFunction | undefined;
    const schema = () => (compiled ??= compileOnce(ajv, {
      type: 'object',
      properties: Object.fromEntries(ps.map((p) => [key(p.name), rebase(p.schema ?? {})])),
      required: ps.filter((p) => p.required).map((p) => key(p.name)),
    }));
    const plain = ps.every((p) => !p.required && JSON.stringify(p.schema) === '{"type":"string"}');
    if (!plain) schema();
    byLocation.push([where, { passes: plain ? plainStrings(ps.map((p) => key(p.name))) : undefined, schema }]);
  }
  const bodies = new Map<string, ValidateFunction>();
  for (const [media, content] of Object.entries(op.requestBody?.content ?? {})) {
    bodies.set(media, compileOnce(ajv, rebase(withoutBinary(content.schema ?? {})) as object));
  }
  return {
    params(parts) {
      checkBigIntegers(ints, parts);
      for (const name of bools) {
        const v = parts.query[name];
        if (typeof v === 'string' && /^(true|false)$/i.test(v)) parts.query[name] = v.toLowerCase();
      }
      for (const [where, check] of byLocation) {
        const data = parts[where];
        if (check.passes?.(data)) continue;
        // Messages echo what the client sent, not the coerced value (ajv coerces in place).
        const raw = { ...data };
        const validate = check.schema();
        if (!validate(data)) throw explain(validate.errors![0], where, raw);
      }
    },
    bodyTypes: [...bodies.keys()],
    body(mediaType, body) {
      const validate = bodies.get(mediaType);
      const raw = { ...body };
      if (validate && !validate(body)) throw explain(validate.errors![0], 'body', raw);
    },
  };
}
