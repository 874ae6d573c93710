/**
 * The seam between the HTTP core and the handlers: what a handler receives (`Ctx`, typed per
 * operation by `CtxOf`) and returns (`Reply`). Handlers are thin: read the context, call the
 * domain, return a Reply; the core turns it into HTTP (JSON or XML, headers, failure envelope).
 */
import type { Session } from '../domain/sessions';
import type { Tenant } from '../domain/tenants';
import type { User } from '../domain/users';
import type { World } from '../domain/world';
import type { OperationInfo } from '../openapi/load';
import type { Addresses } from './addresses';
import type { OperationId, Operations } from './operations';
import type { Outcome } from './outcome';

export type { UploadedFile, FormValue } from './uploaded-file';
export type { OperationId } from './operations';

export interface Ctx {
  world: World;
  op: OperationInfo;
  /** The request's method as sent: HEAD runs its GET's handler, which must then change nothing. */
  method: string;
  executionId: string;
  /** The API version of the path, when it has one (checked against the version list). */
  version?: string;
  /** The DNS name a Host header or /tenants/<dns> prefix names (undefined for a plain address). */
  hintedDns?: string;
  /** The tenant named by the Host header or the /tenants/<dns> prefix, if any. */
  hintedTenant?: Tenant;
  /** The tenant of the request: the session's, else the hinted one. */
  tenant?: Tenant;
  session?: Session;
  user?: User;
  /** Path parameters, validated and coerced. */
  params: Record<string, any>;
  /** Query parameters, validated, coerced, with defaults. */
  query: Record<string, any>;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** A form or JSON body, validated and coerced. */
  body?: Record<string, any>;
  /** The raw text of a raw-body operation (endpoint 8). */
  rawBody?: string;
  addresses: Addresses;
  /** client_id query parameter, else X-TenantAPI-ClientID; `unknown` / `invalid_client_id` (gaps.md §2). */
  clientId: string;
  /** What the response headers and the usage row report of this request (one record for both). */
  outcome: Outcome;
}

/** The context of an operation that needs a session (or a delegated request): tenant and user are known. */
export interface SignedIn {
  tenant: Tenant;
  user: User;
}

/** A context whose caller is known (every operation that needs a session). */
export type SignedInCtx = Ctx & SignedIn;
/** A signed-in context of an operation under `/api/{version}/`. */
export type VersionedCtx = SignedInCtx & { version: string };

type Op<K extends OperationId> = Operations[K];

/** What the handler of operation K receives: its own parameter and body types, and a caller when it needs one. */
export type CtxOf<K extends OperationId> = Omit<Ctx, 'params' | 'query' | 'body' | 'version'> & {
  params: Op<K>['path'];
  query: Op<K>['query'];
  body?: Op<K>['body'];
} & (Op<K>['auth'] extends 'session' ? SignedIn : unknown) & (Op<K>['path'] extends { version: string } ? { version: string } : { version?: string });

export type Reply =
  /** A structured body: JSON, or XML when asked for. */
  | { body: Record<string, unknown>; headers?: Record<string, string> }
  /** A file: `application/octet-stream` with a Content-Disposition filename, or an image. */
  | { file: Uint8Array; contentType: string; filename?: string; headers?: Record<string, string> }
  /** Plain text or CSV. */
  | { text: string; contentType: string; headers?: Record<string, string> }
  /** Plain JSON of another protocol (OAuth), with its own status. */
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { redirect: string };

export type Handler<K extends OperationId = OperationId> = (ctx: CtxOf<K>) => Reply | Promise<Reply>;

/** Handlers keyed by operationId: a key the document does not have fails the type check. */
export type Handlers = { [K in OperationId]?: Handler<K> };
