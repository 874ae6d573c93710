/**
 * The suite's HTTP client: plain `fetch` over the network, like any client of the service.
 * Every answer is matched to its operation in spec/openapi.yaml (method + path template, with
 * dms-sim's own router shapes) and validated with `createResponseValidator` (status, headers,
 * Content-Type, JSON body); every exchange is recorded for the coverage table. An answer that
 * carries dms-sim's not-implemented header becomes a `NotImplemented` error, which the check
 * wrapper turns into a skip.
 */
import { appendFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020';
import { NOT_IMPLEMENTED_HEADER } from '../../src/http/app';
import { routeShape } from '../../src/http/router';
import { newAjv } from '../../src/http/validate';
import { type ResponseValidator, createResponseValidator } from '../../src/http/validate-response';
import { type OperationInfo, loadOpenApi } from '../../src/openapi/load';

/** The operation answered "not implemented" (dms-sim only): the check is skipped, never passed. */
export class NotImplemented extends Error {
  constructor(readonly operationId: string) {
    super(`the target does not implement ${operationId}`);
    this.name = 'NotImplemented';
  }
}

/** The target holds no data a check needs (e.g. no document visible): the check is skipped. */
export class NoData extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoData';
  }
}

/** The target broke the contract. */
export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  /** Media type without parameters, lower case. */
  contentType: string;
  op?: OperationInfo;
  bytes: Buffer;
  // biome-ignore lint: the JSON answer is checked by the schema, then read freely
  json?: any;
  text(): string;
}

export interface CallOptions {
  /** Session to send; `null` sends no Authorization header. Default: the client's session. */
  session?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  form?: Record<string, string>;
  multipart?: FormData;
  body?: string;
  /** The operation the address must belong to (links handed out by the target). */
  expectOp?: string;
  /** The path matches no operation on purpose (unknown-path checks): validate as a Failure. */
  unmatched?: boolean;
  /** Return not-implemented answers instead of throwing NotImplemented. */
  allowNotImplemented?: boolean;
}

export interface CoverageRecord {
  op: string;
  endpoint?: number;
  outcome: 'ok' | 'not-implemented' | 'violation';
  /** responseStatus of a JSON answer; absent for files and text. */
  status?: string;
}

const openapi = loadOpenApi();
const validator: ResponseValidator = createResponseValidator(openapi.document);
const shapes = openapi.operations.map((op) => ({ op, shape: routeShape(op.path), literal: op.path.replace(/\{[^}]+\}/g, '').length }));
const failureAjv = newAjv(false, openapi.document);
const failureSchema: ValidateFunction<unknown> = failureAjv.compile({ $ref: 'openapi#/components/schemas/Failure' });

export function operationById(id: string): OperationInfo {
  const op = openapi.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id} in spec/openapi.yaml`);
  return op;
}

/** The operation of `method` + `path` (a routing path: no tenant prefix, no trailing slash). */
export function matchOperation(method: string, path: string): OperationInfo | undefined {
  const m = method.toLowerCase();
  const hits = shapes.filter((s) => s.op.method === m && s.shape.matches(path));
  // Prefer the most literal template: `{type}.{name}` over `{type}` alone.
  hits.sort((a, b) => b.literal - a.literal);
  return hits[0]?.op;
}

export interface ClientOptions {
  baseUrl: string;
  authUrl: string;
  version: string;
  session?: string;
  coverageFile?: string;
  timeoutMs: number;
}

export class Client {
  constructor(readonly o: ClientOptions) {}

  get session(): string | undefined {
    return this.o.session;
  }

  withSession(session: string | undefined): Client {
    return new Client({ ...this.o, session });
  }

  /** `{base_url}/api/{version}` + path. */
  v(path: string): string {
    return `${this.o.baseUrl}/api/${this.o.version}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** The routing path of an absolute URL: prefixes of the base/auth URL (or `/tenants/<dns>`) removed. */
  routingPath(u: URL): string {
    let p = u.pathname.replace(/\/{2,}/g, '/');
    for (const base of [this.o.baseUrl, this.o.authUrl]) {
      const b = new URL(base);
      const prefix = b.pathname.replace(/\/+$/, '');
      if (b.origin === u.origin && prefix && (p === prefix || p.startsWith(`${prefix}/`))) {
        p = p.slice(prefix.length) || '/';
        break;
      }
    }
    p = p.replace(/^\/tenants\/[^/]+(?=\/|$)/, '');
    if (p.length > 1) p = p.replace(/\/+$/, '');
    return p || '/';
  }

  async call(method: string, address: string, opts: CallOptions = {}): Promise<Answer> {
    const u = new URL(/^https?:\/\//.test(address) ? address : `${this.o.baseUrl}${address}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const session = opts.session === undefined ? this.o.session : opts.session;
    if (session && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) headers.Authorization = session;
    let body: BodyInit | undefined;
    if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (opts.multipart) body = opts.multipart;
    else if (opts.body !== undefined) body = opts.body;
    const where = `${method} ${u.href}`;
    let res: Response;
    try {
      res = await fetch(u, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(this.o.timeoutMs) });
    } catch (e) {
      throw new ContractViolation(`${where}: no answer (${(e as Error).message}${(e as { cause?: Error }).cause ? `: ${(e as { cause: Error }).cause.message}` : ''})`);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const answer: Answer = { method, url: u.href, status: res.status, headers: res.headers, contentType, bytes, text: () => bytes.toString('utf8') };
    const excerpt = () => {
      const t = bytes.toString('utf8');
      return /^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(t.slice(0, 400)) ? t.slice(0, 600) : `<${bytes.length} bytes>`;
    };
    if (contentType === 'application/json' || contentType.endsWith('+json')) {
      try {
        answer.json = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new ContractViolation(`${where}: Content-Type ${contentType} but the body is not JSON: ${excerpt()}`);
      }
    }
    const path = this.routingPath(u);
    const op = matchOperation(method, path);
    answer.op = op;

    if (!op) {
      if (!opts.unmatched) throw new ContractViolation(`${where}: the address matches no operation of spec/openapi.yaml (path ${path})`);
      // An address outside the document: it must still answer the structured Failure.
      if (answer.json === undefined || !failureSchema(answer.json)) {
        throw new ContractViolation(`${where}: expected a JSON Failure body, got ${contentType || '(no Content-Type)'}: ${excerpt()}${failureSchema.errors ? ` (${failureSchema.errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')})` : ''}`);
      }
      return answer;
    }
    if (opts.expectOp && op.id !== opts.expectOp) {
      this.record({ op: op.id, endpoint: op.endpoint, outcome: 'violation' });
      throw new ContractViolation(`${where}: expected an address of ${opts.expectOp}, it is one of ${op.id}`);
    }
    if (res.headers.get(NOT_IMPLEMENTED_HEADER) !== null) {
      this.record({ op: op.id, endpoint: op.endpoint, outcome: 'not-implemented' });
      if (opts.allowNotImplemented) return answer;
      throw new NotImplemented(op.id);
    }
    let problems = validator(op, { status: res.status, headers: res.headers, json: answer.json });
    // The document lists Content-Disposition as required for binary answers; their JSON Failure
    // alternative cannot carry it.
    if (answer.json?.responseStatus === 'FAILURE') problems = problems.filter((p) => p !== 'header Content-Disposition is missing');
    const status = res.headers.get('x-tenantapi-status');
    if (status !== null && answer.json && typeof answer.json.responseStatus === 'string' && status !== answer.json.responseStatus) {
      problems.push(`header X-TenantAPI-Status ${status} does not echo responseStatus ${answer.json.responseStatus}`);
    }
    if (problems.length > 0) {
      this.record({ op: op.id, endpoint: op.endpoint, outcome: 'violation' });
      throw new ContractViolation(`${where} (${op.id}) breaks spec/openapi.yaml:\n  ${problems.join('\n  ')}\nbody: ${excerpt()}`);
    }
    this.record({ op: op.id, endpoint: op.endpoint, outcome: 'ok', status: answer.json?.responseStatus });
    return answer;
  }

  get(address: string, opts?: CallOptions): Promise<Answer> {
    return this.call('GET', address, opts);
  }

  post(address: string, opts?: CallOptions): Promise<Answer> {
    return this.call('POST', address, opts);
  }

  private record(r: CoverageRecord): void {
    if (!this.o.coverageFile) return;
    try {
      appendFileSync(this.o.coverageFile, `${JSON.stringify(r)}\n`);
    } catch {
      /* coverage is a report, never a reason to fail a check */
    }
  }
}

/** `responseStatus` must be SUCCESS (or WARNING); otherwise a violation that names the errors. */
export function success(a: Answer, what = `${a.method} ${a.url}`): Answer {
  const s = a.json?.responseStatus;
  if (s !== 'SUCCESS' && s !== 'WARNING') {
    throw new ContractViolation(`${what}: expected SUCCESS, got ${s ?? `no JSON body (${a.contentType || 'no Content-Type'})`}${a.json?.errors ? `: ${JSON.stringify(a.json.errors)}` : ''}`);
  }
  return a;
}

/** A FAILURE answer with the error shape; with `type`, the first error must have it. */
export function failure(a: Answer, type?: string | string[], what = `${a.method} ${a.url}`): Answer {
  // biome-ignore lint: checked below
  const j: any = a.json;
  if (!j || j.responseStatus !== 'FAILURE') throw new ContractViolation(`${what}: expected a FAILURE, got ${j?.responseStatus ?? `no JSON body (${a.contentType || 'no Content-Type'})`}`);
  if (!failureSchema({ ...j })) throw new ContractViolation(`${what}: FAILURE body does not have the error shape: ${JSON.stringify(j)}`);
  const types = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  if (types && !types.includes(j.errors[0].type)) {
    throw new ContractViolation(`${what}: expected error type ${types.join(' or ')}, got ${JSON.stringify(j.errors)}`);
  }
  return a;
}

/** A binary answer (not a JSON FAILURE). */
export function binary(a: Answer, what = `${a.method} ${a.url}`): Answer {
  if (a.json !== undefined) throw new ContractViolation(`${what}: expected a file, got JSON ${JSON.stringify(a.json).slice(0, 400)}`);
  return a;
}
