/**
 * What a handler receives and returns. Handlers are thin: read `ctx`, call the domain, return a
 * Reply; the core turns it into HTTP (JSON or XML, headers, failure envelope).
 */
import type { Addresses } from '../http/addresses';
import type { Session } from '../domain/sessions';
import type { Tenant } from '../domain/tenants';
import type { User } from '../domain/users';
import type { World } from '../domain/world';
import type { OperationInfo } from '../openapi/load';

/** An uploaded multipart file part. */
export interface UploadedFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export type FormValue = string | UploadedFile;

export interface Ctx {
  world: World;
  op: OperationInfo;
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
  /** Delay and burst figures for the response headers. */
  meta: { delayMs: number; burstLimit?: number; burstRemaining?: number };
}

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

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;
export type Handlers = Record<string, Handler>;
