/**
 * The Hono app, built from the OpenAPI document: every operation is registered from its method
 * and path template and dispatched by operationId. The path of a request:
 * tenancy → version check → authentication → parameter and body validation → API burst →
 * handler → JSON/XML answer with X-TenantAPI-* headers → usage log (→ response validation).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ApiError, apiError, errorItem, isApiError } from '../domain/errors';
import type { World } from '../domain/world';
import type { Ctx, Handler, Handlers } from '../handlers/types';
import type { LoadedOpenApi, OperationInfo } from '../openapi/load';
import { Addresses } from './addresses';
import { authenticate } from './authenticate';
import { mediaTypeOf, parseForm, parseJson, parseUrlEncoded } from './body';
import { headersOf, nodeRequestOf, pathnameOf, readGetBody, readRequestBody, searchOf } from './node-request';
import { type Envelope, failure, headerOf, headersChanged, reply, unexpectedFailure } from './respond';
import { type RouteShape, routeShape } from './router';
import { routingPath, tenancyOf } from './tenancy';
import { type LazyRequestValidator, lazyRequestValidator, newAjv } from './validate';
import { createResponseValidator } from './validate-response';
import type { Exchange, Stage } from './stage';
import { wantsXml } from './xml';

export interface AppOptions {
  world: World;
  openapi: LoadedOpenApi;
  handlers: Handlers;
  /** The public base (`--public-url`, else the listening address); read per request. */
  publicUrl: () => string | undefined;
  /** Validate every answer against the document; a breach answers 500 and is reported. */
  validateResponses?: boolean;
  onInvalidResponse?: (op: OperationInfo, problems: string[]) => void;
  /** Control plane (issue 16): the journal and faults stages, and which answers the faults made (not validated). */
  control?: { journal: Stage; faults: Stage; isInjected(response: Response): boolean };
}

/** Control plane (issue 16): the exchange the pipeline stages share about one request. */
function newExchange(c: Context, operationId: string): Exchange {
  const req = c.req.raw;
  return { request: req, method: req.method, path: pathnameOf(req.url), operationId, executionId: randomUUID(), headers: headersOf(c, req), incoming: nodeRequestOf(c) };
}
const passThrough: Stage = (_ex, next) => next();

interface Route {
  op: OperationInfo;
  shape: RouteShape;
  validator: LazyRequestValidator;
  /** Undefined: the operation has no handler yet (answered "not implemented" before anything else). */
  handler?: Handler;
  /** The body may carry files (multipart with a binary part): bounded by the upload maximum. */
  takesFiles: boolean;
  /** Another protocol's operation (OAuth): input errors answer `{error, error_description}` with 400. */
  oauthStyle: boolean;
}

/** Bodies beyond uploads (forms, JSON, MDL scripts) are bounded too. */
const FORM_BODY_MAX = 10 * 1024 * 1024;
const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;

export const NOT_IMPLEMENTED_HEADER = 'X-DmsSim-Not-Implemented';

/** The routes of each app, for `warmValidators`. */
const routesOf = new WeakMap<Hono, Route[]>();

/**
 * Compiles the request validators not compiled yet, one operation per turn of the event loop, so
 * that requests arriving meanwhile are served between two; it begins `delayMs` after the call, so
 * that the first requests after start-up do not wait for it. A listening simulator calls it once
 * bound, and stops it when it closes (`signal`); resolves, once every validator is compiled or the
 * signal aborted, to how many it compiled.
 */
export function warmValidators(app: Hono, delayMs = 0, signal?: AbortSignal): Promise<number> {
  const pending = (routesOf.get(app) ?? []).filter((r) => !r.validator.compiled);
  let compiled = 0;
  return new Promise((resolve) => {
    const next = () => {
      const route = pending.shift();
      if (!route || signal?.aborted) return resolve(compiled);
      if (!route.validator.compiled) {
        try {
          route.validator.compile();
          compiled++;
        } catch (e) {
          // The operation's first call compiles (and fails) again, answering UNEXPECTED_ERROR; the server lives on.
          console.error(`[dms-sim] the request validator of ${route.op.id} does not compile:`, e);
        }
      }
      setImmediate(next);
    };
    setTimeout(next, delayMs).unref();
  });
}

export function createApp(options: AppOptions): Hono {
  const { world, openapi, handlers } = options;
  // One ajv for the app's validators, made (and ajv loaded) when the first one compiles.
  let ajvInstance: ReturnType<typeof newAjv> | undefined;
  const ajv = () => (ajvInstance ??= newAjv(true, openapi.document));
  const routes: Route[] = openapi.operations.map((op) => ({
    op,
    shape: routeShape(op.path),
    validator: lazyRequestValidator(ajv, op),
    handler: handlers[op.id],
    takesFiles: JSON.stringify(op.requestBody ?? {}).includes('"format":"binary"'),
    oauthStyle: !op.xmlRoot && op.responses['400'] !== undefined,
  }));
  const validateResponse = options.validateResponses ? createResponseValidator(openapi.document) : undefined;
  const isTenantDns = (dns: string) => world.tenants.byDnsName(dns) !== undefined;
  const stages = options.control ?? { journal: passThrough, faults: passThrough, isInjected: () => false };

  const app = new Hono({ getPath: (req) => routingPath(pathnameOf(req.url)) });
  /** The public base, without trailing slashes; recomputed only when the configured one changes. */
  let lastPublic: string | undefined;
  let lastPublicTrimmed = '';
  const trimmedPublicUrl = (configured: string): string => {
    if (configured !== lastPublic) {
      lastPublic = configured;
      lastPublicTrimmed = configured.replace(/\/+$/, '');
    }
    return lastPublicTrimmed;
  };

  // Control plane (issue 16): the journal stage around everything of a service request.
  const handle = (c: Context, route: Route): Promise<Response> => {
    const ex = newExchange(c, route.op.id);
    return stages.journal(ex, () => handleRequest(c, route, ex));
  };

  async function handleRequest(c: Context, route: Route, ex: Exchange): Promise<Response> {
    const started = performance.now();
    const { op } = route;
    const req = c.req.raw;
    const href = req.url;
    const pathname = ex.path;
    const headers = ex.headers;
    const tenancy = tenancyOf(pathname, headers.host, isTenantDns);
    const configured = options.publicUrl();
    const publicUrl =
      configured !== undefined ? trimmedPublicUrl(configured) : (tenancy.reachedBy === 'host' ? 'http://localhost' : new URL(href).origin).replace(/\/+$/, '');
    // The first of repeated query parameters wins (as for client_id); no inherited keys.
    const query: Record<string, string> = Object.create(null);
    const search = searchOf(href);
    const searchParams = search ? new URLSearchParams(search) : undefined;
    searchParams?.forEach((v, k) => {
      if (!Object.hasOwn(query, k)) query[k] = v;
    });
    const rawClientId = searchParams?.get('client_id') ?? headers['x-tenantapi-clientid'];
    const hintedTenant = tenancy.reachedBy === 'plain' ? undefined : world.tenants.byDnsName(tenancy.dns);
    const ctx: Ctx = {
      world, op, executionId: ex.executionId, hintedDns: tenancy.reachedBy === 'plain' ? undefined : tenancy.dns,
      hintedTenant, tenant: hintedTenant, params: {}, query, headers,
      addresses: new Addresses(publicUrl, tenancy.reachedBy, tenancy.hostPort, tenancy.dns),
      clientId: rawClientId === undefined ? 'unknown' : CLIENT_ID.test(rawClientId) ? rawClientId : 'invalid_client_id',
      meta: { delayMs: 0 },
    };
    const env: Envelope = { executionId: ctx.executionId, xml: wantsXml(headers.accept), xmlRoot: op.xmlRoot, ctx, referenceId: headers['x-tenantapi-referenceid'] };
    const answerError = (e: unknown): Response => {
      let response: Response;
      if (isApiError(e) && route.oauthStyle) response = oauthFailure(e);
      else if (isApiError(e)) response = failure(env, e);
      else {
        console.error(`[dms-sim] ${ctx.executionId} ${op.id}:`, e);
        response = failure(env, unexpectedFailure(ctx.executionId));
      }
      if (!route.handler) {
        response.headers.set(NOT_IMPLEMENTED_HEADER, op.id);
        headersChanged(response);
      }
      return response;
    };
    // Control plane (issue 16): who is calling, for the faults and journal stages.
    const identify = () => Object.assign(ex, { tenant: ctx.tenant && { id: ctx.tenant.id, dns: ctx.tenant.dns }, user: ctx.user && { id: ctx.user.id, username: ctx.user.username } });
    const afterAuthentication = async (): Promise<Response> => {
      route.validator.params({ path: ctx.params, query: ctx.query, header: ctx.headers });
      await readBody(ctx, route, req, c, ex);
      // client_id: the query parameter wins, then a form body's (endpoint 6: gaps.md §11), then the header.
      if (searchParams?.get('client_id') == null && typeof ctx.body?.client_id === 'string') {
        ctx.clientId = CLIENT_ID.test(ctx.body.client_id) ? ctx.body.client_id : 'invalid_client_id';
      }
      return reply(env, await route.handler!(ctx));
    };
    let response: Response;
    try {
      ctx.params = route.shape.splitParams(c.req.param() as Record<string, string>);
      if (ctx.params.version !== undefined) {
        if (!world.versions.includes(ctx.params.version)) throw apiError('versionNotSupported', ctx.params.version);
        ctx.version = ctx.params.version;
      }
      // A /tenants/<dns> prefix must name a tenant; only a login falls back to rule 5.2.
      if (tenancy.reachedBy === 'prefix' && !hintedTenant && op.id !== 'createSession') throw apiError('unknownPath', pathname);
      if (!route.handler) throw apiError('notImplemented', op.id);
      if (op.auth === 'session') {
        await authenticate(ctx);
        // Every API call of a tenant counts against its burst, rejected ones too (gaps.md §2, §4).
        if (ctx.tenant) await apiBurst(ctx);
      }
      // Control plane (issue 16): the faults stage, once authenticated, around the rest of the request.
      identify();
      response = await stages.faults(ex, () => afterAuthentication().catch(answerError));
    } catch (e) {
      response = answerError(e);
    }
    identify();
    if (ctx.session) world.sessions.touch(ctx.session);
    if (validateResponse && !stages.isInjected(response)) response = await checkResponse(op, response, env);
    if (ctx.tenant) {
      world.usage.record(ctx.tenant.id, {
        time: world.clock.now(), executionId: ctx.executionId, userId: ctx.user?.id,
        truncatedSessionId: headerOf(response, 'X-TenantAPI-TruncatedSessionId'),
        method: req.method, endpoint: routingPath(pathname), version: ctx.version,
        responseStatus: headerOf(response, 'X-TenantAPI-Status') ?? String(response.status),
        clientId: ctx.clientId, referenceId: headers['x-tenantapi-referenceid'],
        burstRemaining: ctx.meta.burstRemaining, delayMs: ctx.meta.delayMs, durationMs: Math.round(performance.now() - started),
      });
    }
    return response;
  }

  async function readBody(ctx: Ctx, route: Route, req: Request, c: Context, ex: Exchange): Promise<void> {
    const spec = route.op.requestBody;
    if (!spec || req.method === 'HEAD') return;
    const contentType = ctx.headers['content-type'] ?? '';
    const media = mediaTypeOf(contentType);
    const declared = Number(ctx.headers['content-length'] ?? NaN);
    // A body is there when a length or chunking says so, or (in-process requests) a stream comes without either.
    // (Over HTTP/1.1, Node's request without either has no body: `req.body` is not touched, which would build a fetch Request.)
    const present = declared > 0 || ctx.headers['transfer-encoding'] !== undefined || (Number.isNaN(declared) && !nodeRequestOf(c) && req.body !== null);
    const accepted = route.validator.bodyTypes;
    // The media type is checked before a byte is read; only file-taking operations get the upload maximum.
    if (!route.op.rawBody && present && !accepted.includes(media)) throw apiError('invalidValue', media || '(none)', 'Content-Type');
    const max = route.takesFiles && media === 'multipart/form-data' ? world.settings.uploadMaxBytes + 1024 * 1024 : FORM_BODY_MAX;
    // A GET with a form body (endpoint 6: gaps.md §11) reaches us only through Node's own request.
    const bytes = req.method === 'GET' ? await readGetBody(c, present, max) : await readRequestBody(c, req, ctx.headers['content-length'], max);
    ex.requestBody = bytes; // control plane (issue 16): the journal shows it
    if (route.op.rawBody) {
      ctx.rawBody = Buffer.from(bytes).toString('utf8');
      return;
    }
    if (bytes.byteLength === 0) {
      // An empty required body names the first missing part (PARAMETER_REQUIRED).
      if (spec.required && req.method !== 'GET') route.validator.body(accepted.includes(media) ? media : accepted[0], {});
      return;
    }
    if (!accepted.includes(media)) throw apiError('invalidValue', media || '(none)', 'Content-Type');
    const body = media === 'application/json' ? parseJson(bytes)
      : media === 'application/x-www-form-urlencoded' ? parseUrlEncoded(bytes) : await parseForm(bytes, contentType);
    route.validator.body(media, body);
    ctx.body = body;
  }

  async function apiBurst(ctx: Ctx): Promise<void> {
    const tenant = ctx.tenant!;
    const d = world.throttle.apiCall(tenant.id, tenant.apiBurstLimit ?? world.settings.apiBurstLimit);
    ctx.meta.burstLimit = d.limit;
    ctx.meta.burstRemaining = d.remaining;
    if (d.delayMs > 0) {
      ctx.meta.delayMs += d.delayMs;
      await world.clock.sleep(d.delayMs);
    }
  }

  async function checkResponse(op: OperationInfo, response: Response, env: Envelope): Promise<Response> {
    // A defect's answer (500 UNEXPECTED_ERROR) is already a loud failure.
    if (response.status === 500) return response;
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    const json = isJson ? await response.clone().json() : undefined;
    const problems = validateResponse!(op, { status: response.status, headers: response.headers, json });
    if (problems.length === 0) return response;
    options.onInvalidResponse?.(op, problems);
    console.error(`[dms-sim] response of ${op.id} breaks the OpenAPI document:\n  ${problems.join('\n  ')}`);
    return failure(env, new ApiError([errorItem('responseBreach', op.id, env.executionId, problems.join('; '))], { status: 500 }));
  }

  // Hono tries routes in registration order: the most specific template (most literal text) first,
  // so that `/configuration/{component_type}.{record_name}` wins over `/configuration/{component_type}`.
  const literal = (path: string) => path.replace(/\{[^}]+\}/g, '').length;
  const ordered = [...routes].sort((a, b) => literal(b.op.path) - literal(a.op.path));
  for (const route of ordered) app.on(route.op.method.toUpperCase(), route.shape.honoPath, (c) => handle(c, route));

  app.notFound((c) => {
    const ex = newExchange(c, ''); // control plane (issue 16): unknown paths are journaled too
    return stages.journal(ex, async () => {
      const path = routingPath(pathnameOf(c.req.url));
      const env: Envelope = { executionId: ex.executionId, xml: wantsXml(c.req.header('accept')) };
      const wrongMethod = routes.some((r) => r.shape.matches(path));
      return failure(env, wrongMethod ? apiError('methodNotSupported', c.req.method, path) : apiError('unknownPath', path));
    });
  });
  app.onError((err, c) => {
    const executionId = randomUUID();
    console.error(`[dms-sim] ${executionId} ${c.req.method} ${c.req.url}:`, err);
    return failure({ executionId, xml: wantsXml(c.req.header('accept')) }, unexpectedFailure(executionId));
  });
  routesOf.set(app, routes);
  return app;
}

/** An input error of an OAuth-style operation, in OAuth's own shape (RFC 6749 §5.2). */
function oauthFailure(e: ApiError): Response {
  return new Response(JSON.stringify({ error: 'invalid_request', error_description: e.errors.map((x) => x.message).join('; ') }), {
    status: 400, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}
