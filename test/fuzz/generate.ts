/**
 * Requests generated from the OpenAPI document (spec/openapi.json) with fast-check: for each
 * operation, valid requests (a real session, real document ids, values of each parameter's schema)
 * and invalid ones (wrong types, missing parts, oversized values, odd encodings, random bytes in
 * bodies and headers), plus unknown paths and methods and raw bytes that are barely HTTP. Seeded:
 * the same seed gives the same requests.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { OpenAPIV3_1 as O } from 'openapi-types';
import type { FuzzRequest } from './client';

const document = JSON.parse(readFileSync(new URL('../../spec/openapi.json', import.meta.url), 'utf8')) as O.Document;

/** Real values of the default world, found at the start of a run (sessions, ids, names). */
export interface Pool {
  sessions: string[];
  /** Path parameter values that name something real, by parameter name. */
  values: Record<string, string[]>;
}

interface Op {
  id: string;
  method: string;
  path: string;
  params: O.ParameterObject[];
  body?: Record<string, O.MediaTypeObject>;
}

const resolve = <T>(v: T | O.ReferenceObject): T => {
  if (!v || typeof v !== 'object' || !('$ref' in v)) return v as T;
  return v.$ref.split('/').slice(1).reduce((o: any, k) => o[k], document) as T;
};

export const operations: Op[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'delete'] as const).filter((m) => item?.[m]).map((m) => {
    const op = item![m]!;
    return {
      id: op.operationId!, method: m.toUpperCase(), path,
      params: (op.parameters ?? []).map((p) => resolve<O.ParameterObject>(p)),
      body: op.requestBody ? resolve<O.RequestBodyObject>(op.requestBody).content : undefined,
    };
  }));

/** Operations that would end the run's own sessions: called with a session of their own only. */
const ENDS_SESSION = new Set(['endSession']);

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', '0', '-1', '1e309', '99999999999999999999', 'NaN', 'null', 'true', '[]', '{}', '..', '../../etc/passwd',
    '<x/>', "' OR 1=1 --", '\u0000', '\uFFFF', '\uD800', '𝔘𝔫𝔦', ' ', 'a b', '%', '%ZZ', '%2e%2e', 'SELECT id FROM documents'),
  fc.integer().map(String),
  fc.double().map(String),
);
/** Now and then a value far over any sensible size (in a URL or header: within Node's 16 KB for the head; bodies take more). */
const oversizedOf = (sizes: number[]) => fc.constantFrom(...sizes).chain((n) => fc.constantFrom('x', 'é', '9').map((c) => c.repeat(n)));
const junk = fc.oneof({ weight: 12, arbitrary: junkText }, { weight: 1, arbitrary: oversizedOf([300, 1_000, 2_500]) });
const bodyJunk = fc.oneof({ weight: 12, arbitrary: junkText }, { weight: 1, arbitrary: oversizedOf([1_000, 50_000, 300_000]) });

/** A value of a JSON schema (the common cases of the document), or near one. */
function valueOf(schemaRef: unknown, name: string, pool: Pool): fc.Arbitrary<string> {
  const s = resolve<O.SchemaObject>((schemaRef ?? {}) as O.SchemaObject);
  const known = pool.values[name];
  const options: fc.Arbitrary<string>[] = [];
  if (known?.length) options.push(fc.constantFrom(...known));
  if (s.enum?.length) options.push(fc.constantFrom(...s.enum.map(String)));
  if (s.type === 'integer' || s.type === 'number') options.push(fc.integer({ min: (s.minimum as number) ?? 0, max: Math.min((s.maximum as number) ?? 1000, 1_000_000) }).map(String));
  if (s.type === 'boolean') options.push(fc.constantFrom('true', 'false'));
  if (s.format === 'date') options.push(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  if (!options.length) options.push(fc.string({ minLength: 1, maxLength: 30 }).filter((v) => v.trim() !== ''));
  return fc.oneof(...options);
}

/** A value for a named input: mostly valid, sometimes not. */
const mostlyValid = (valid: fc.Arbitrary<string>, invalid = junk) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/** A header value node:http will write (latin1 without control characters). */
const headerSafe = (v: string) => v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

const sessionHeader = (pool: Pool) => fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...pool.sessions) },
  { weight: 1, arbitrary: fc.constantFrom(...pool.sessions).map((s) => `Bearer ${s}`) },
  { weight: 2, arbitrary: junkText.map(headerSafe) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const accept = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('application/json', 'application/xml', 'text/xml', '*/*', 'text/xml;q=1, application/json;q=0.5', 'application/json;q=0, application/xml', 'text/csv') },
  { weight: 1, arbitrary: junkText.map(headerSafe) },
);

const extraHeaders = fc.dictionary(
  fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), fc.constantFrom('X-TenantAPI-ReferenceId', 'X-TenantAPI-ClientId', 'X-TenantAPI-DescribeQuery', 'Cookie', 'Origin', 'Range', 'If-None-Match', 'Content-Encoding', 'Expect', 'X-Forwarded-For')),
  fc.oneof(junk, fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1'))).map(headerSafe),
  { maxKeys: 3 },
).map((h) => Object.fromEntries(Object.entries(h).filter(([k]) => !['host', 'content-length', 'transfer-encoding', 'connection', 'expect', 'upgrade', 'te', 'trailer', 'keep-alive'].includes(k.toLowerCase()))));

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(fields: [string, string | { filename: string; type: string; bytes: Buffer }][]): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of fields) {
    if (typeof v === 'string') parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    else {
      parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"; filename="${v.filename}"\r\nContent-Type: ${v.type}\r\n\r\n`), v.bytes, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** A body for the operation: its own media types with schema-like fields, or something else. */
function bodyOf(op: Op, pool: Pool): fc.Arbitrary<{ type?: string; body?: Buffer }> {
  const media = Object.keys(op.body ?? {});
  const random = fc.record({
    type: fc.constantFrom(undefined, 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`, 'text/plain', 'application/octet-stream', 'application/xml', 'bogus', 'application/json; charset=utf-16'),
    body: fc.oneof(fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)), fc.json({ maxDepth: 6 }).map((j) => Buffer.from(j)), fc.constant(undefined)),
  });
  if (!media.length) return fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: random });
  const schema = resolve<O.SchemaObject>((op.body![media[0]].schema ?? {}) as O.SchemaObject);
  const props = Object.entries(schema.properties ?? {}) as [string, unknown][];
  const fields = fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...(props.length ? props : [['name', {}] as [string, unknown]])).chain(([k, s]) => mostlyValid(valueOf(s, k, pool), bodyJunk).map((v) => [k, v] as [string, string])) },
      { weight: 1, arbitrary: fc.tuple(junkText, bodyJunk) },
    ),
    { maxLength: Math.max(3, props.length + 2) },
  );
  const withRequired = fields.map((f) => f);
  const form = withRequired.map((f) => ({ type: 'application/x-www-form-urlencoded', body: Buffer.from(new URLSearchParams(f).toString()) }));
  const json = fc.oneof(
    withRequired.map((f) => ({ type: 'application/json', body: Buffer.from(JSON.stringify(Object.fromEntries(f))) })),
    fc.json({ maxDepth: 8 }).map((j) => ({ type: 'application/json', body: Buffer.from(j) })),
  );
  const file = fc.record({ filename: fc.oneof(fc.constantFrom('a.pdf', 'report.txt', 'x', ''), junkText.map((s) => s.replace(/["\r\n]/g, '_'))), type: fc.constantFrom('application/pdf', 'text/plain', 'image/png', 'application/octet-stream'), bytes: fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)) });
  const multi = fc.tuple(withRequired, fc.option(file, { freq: 2 })).map(([f, file]) => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart([...f, ...(file ? [['file', file] as [string, typeof file]] : [])]),
  }));
  const text = fc.oneof(fc.constantFrom('RECREATE Picklist fuzz__c (label(\'Fuzz\'));', 'CREATE Picklist fuzz2__c (label(\'x\'), Picklistentry a__c(value(\'A\')));', 'DROP Picklist nothing__c;', ''), junkText)
    .map((t) => ({ type: 'text/plain', body: Buffer.from(t) }));
  const own = media.map((m) => (m === 'application/json' ? json : m.startsWith('multipart/') ? multi : m === 'text/plain' ? text : form));
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...own) }, { weight: 1, arbitrary: random }, { weight: 1, arbitrary: fc.constant({}) });
}

/** Percent-encoded for a path segment (a lone surrogate as U+FFFD, as UTF-8 would carry it); dots too, so that `..` stays a segment. */
const encodePath = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')).replace(/\./g, '%2E');

/** A request for one operation of the document. */
function requestFor(op: Op, pool: Pool): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'authorization');
  const pathArb = fc.tuple(...pathParams.map((p) => mostlyValid(valueOf(p.schema, p.name, pool))))
    .map((values) => pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, encodePath(values[i]) || 'x'), op.path));
  const queryArb = fc.tuple(...queryParams.map((p) => fc.option(mostlyValid(valueOf(p.schema, p.name, pool)), { freq: 2 })))
    .map((values) => new URLSearchParams(queryParams.flatMap((p, i) => (values[i] === null ? [] : [[p.name, values[i]!]]))).toString());
  const headerArb = fc.tuple(...headerParams.map((p) => fc.option(mostlyValid(valueOf(p.schema, p.name, pool)).map(headerSafe), { freq: 2 })))
    .map((values) => Object.fromEntries(headerParams.flatMap((p, i) => (values[i] === null ? [] : [[p.name, values[i]!]]))));
  const prefix = fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/tenants/promo.acme.example', '/tenants/quality.acme.example', '/tenants/nowhere.example', '/tenants/%ZZ') });
  const session = ENDS_SESSION.has(op.id) ? junkText.map(headerSafe) : sessionHeader(pool);
  return fc.record({ path: pathArb, query: queryArb, headers: headerArb, session, accept, extra: extraHeaders, body: bodyOf(op, pool), prefix })
    .map(({ path, query, headers, session, accept, extra, body, prefix }) => {
      const h: Record<string, string> = { ...extra, ...headers };
      if (session !== undefined) h.Authorization = session;
      if (accept !== undefined) h.Accept = accept;
      if (body.type !== undefined) h['Content-Type'] = body.type;
      const tenantPrefix = op.path.startsWith('/api/') ? prefix : '';
      return asRawIfLarge({ kind: 'http', method: op.method, path: `${tenantPrefix}${path}${query ? `?${query}` : ''}`, headers: h, body: body.body, opId: op.id, note: `operation ${op.id}` });
    });
}

/**
 * A request whose head is over Node's 16 KB limit is answered 431 while it is still being sent:
 * such a request is sent raw (the answer read whatever happens to the writing side).
 */
function asRawIfLarge(r: FuzzRequest): FuzzRequest {
  const head = `${r.method} ${r.path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(r.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}`
    + `${r.body ? `Content-Length: ${r.body.length}\r\n` : ''}Connection: close\r\n\r\n`;
  if (Buffer.byteLength(head, 'latin1') < 15_000) return r;
  return { ...r, kind: 'raw', raw: Buffer.concat([Buffer.from(head, 'latin1'), r.body ?? Buffer.alloc(0)]), note: `${r.note}, head over 15 KB, sent raw` };
}

/** Paths and methods the document does not have. */
const unknownRequest: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'FOO'),
  path: fc.oneof(
    fc.array(fc.oneof(fc.constantFrom('api', 'v25.3', 'objects', 'documents', 'auth', 'oauth2', 'tenants', 'promo.acme.example', '..', '.', '', 'mdl'), junkText.map(encodePath)), { minLength: 1, maxLength: 8 }).map((segs) => `/${segs.join('/')}`),
    fc.constantFrom(...operations.map((o) => o.path)).map((p) => p.replace(/\{[^}]+\}/g, '1')),
  ),
  query: fc.oneof(fc.constant(''), fc.webQueryParameters().map((q) => `?${q}`)),
  accept,
}).map(({ method, path, query, accept }) => ({ kind: 'http', method, path: path + query, headers: (accept ? { Accept: accept } : {}) as Record<string, string>, note: 'unknown path or method' }) satisfies FuzzRequest);

/** Bytes that are barely HTTP (or not at all): sent raw. */
const rawRequest = (pool: Pool): fc.Arbitrary<FuzzRequest> => {
  const line = fc.oneof(
    fc.constantFrom('GET /api/ HTTP/1.1', 'GET * HTTP/1.1', 'OPTIONS * HTTP/1.1', 'GET /api/%ZZ HTTP/1.1', 'GET /api/\\v25.3 HTTP/1.1', 'GET http://x/api/ HTTP/1.1',
      'GET //api//v25.3// HTTP/1.1', 'GET /api/ HTTP/1.0', 'GET /api/ HTTP/2.0', 'GET /api/ HTTP/9.9', 'get /api/ HTTP/1.1', 'GET /api/ HTTP/1.1 extra', 'G\u00c9T /api/ HTTP/1.1',
      'POST /api/v25.3/auth HTTP/1.1', 'POST /api/v25.3/objects/documents HTTP/1.1', 'POST /api/mdl/execute HTTP/1.1', 'POST /oauth2/register HTTP/1.1'),
    fc.constantFrom(...operations.map((o) => o.path)).chain((p) => junkText.map((j) => `GET ${p.replace(/\{[^}]+\}/g, j.replace(/[\s]/g, '') || '1')} HTTP/1.1`)),
    fc.integer({ min: 8_000, max: 40_000 }).map((n) => `GET /api/${'a'.repeat(n)} HTTP/1.1`),
  );
  const hostHeader = fc.oneof(fc.constantFrom('Host: localhost', 'Host: PROMO.ACME.EXAMPLE', 'Host: a@b', 'Host: x:abc', 'Host: [::1]', 'Host: ', 'Host: promo.acme.example:99999', 'Host: localhost\r\nHost: other'), fc.constant(''));
  const headerLines = fc.array(fc.oneof(
    fc.constantFrom('Authorization: ' + pool.sessions[0], 'Content-Type: application/x-www-form-urlencoded', 'Content-Type: multipart/form-data; boundary=b', 'Transfer-Encoding: chunked', 'Content-Length: 5', 'Content-Length: -1',
      'Content-Length: 5\r\nContent-Length: 6', 'Transfer-Encoding: chunked\r\nContent-Length: 3', 'Expect: 100-continue', 'Connection: keep-alive', ' folded: header', 'No-Colon', 'X: \u0000', 'X: \u0007bell', 'Accept: application/xml'),
    fc.tuple(fc.stringMatching(/^[!-9;-~]{1,12}$/), fc.uint8Array({ maxLength: 40 })).map(([k, v]) => `${k}: ${Buffer.from(v).toString('latin1').replace(/[\r\n]/g, '')}`),
  ), { maxLength: 4 });
  const body = fc.oneof(fc.constant(''), fc.constantFrom('username=a&password=b', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\nbad chunk\r\n', '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n'),
    fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b).toString('latin1')));
  const structured = fc.tuple(line, hostHeader, headerLines, body).map(([l, h, hs, b]) => Buffer.from(`${[l, h, ...hs].filter(Boolean).join('\r\n')}\r\n\r\n${b}`, 'latin1'));
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 1024 }).map((b) => Buffer.from(b));
  return fc.oneof({ weight: 5, arbitrary: structured }, { weight: 1, arbitrary: bytes })
    .map((raw) => ({ kind: 'raw', method: '', path: '', headers: {}, raw, note: 'raw bytes' }) satisfies FuzzRequest);
};

/** `count` requests for the seed: most for the document's operations, the rest unknown or raw. */
export function generateRequests(seed: number, count: number, pool: Pool): FuzzRequest[] {
  const arb = fc.oneof(
    { weight: 85, arbitrary: fc.constantFrom(...operations).chain((op) => requestFor(op, pool)) },
    { weight: 8, arbitrary: unknownRequest },
    { weight: 7, arbitrary: rawRequest(pool) },
  );
  return fc.sample(arb, { seed, numRuns: count });
}
