/**
 * The Hono app, built from the OpenAPI document: every operation is registered from its method
 * and path template, and each request runs through the pipeline's stages (src/http/pipeline.ts,
 * one file each in src/http/stages/) to the handler of its operationId.
 */
import { Hono } from 'hono';
import { OperationRouter } from './operation-router';
import { apiError } from '../domain/errors';
import type { World } from '../domain/world';
import type { LoadedOpenApi, OperationInfo } from '../openapi/load';
import type { Handler, Handlers } from './context';
import { answerFinally } from './answer';
import { createExchange } from './exchange';
import { newExecutionId } from './execution-id';
import { headersOf, nodeRequestOf, pathnameOf } from './node-request';
import type { Exchange, Stage } from './stage';
import { newOutcome } from './outcome';
import { type PipelineStage, runStages } from './pipeline';
import { type Envelope, failure, unexpectedFailure } from './respond';
import type { Route } from './route';
import { routeShape } from './router';
import { apiBurst, reportStanding } from './stages/api-burst';
import { authentication } from './stages/authentication';
import { bodyReading } from './stages/body-reading';
import { errors } from './stages/errors';
import { handler } from './stages/handler';
import { responseValidation } from './stages/response-validation';
import { tenancy } from './stages/tenancy';
import { usage } from './stages/usage';
import { validation } from './stages/validation';
import { routingPath, tenancyOf } from './tenancy';
import { lazyRequestValidator, newAjv } from './validate';
import { createResponseValidator } from './validate-response';
import { wantsXml } from './xml';
import { runInTurns } from '../run-in-turns';

export interface AppOptions {
  world: World;
  openapi: LoadedOpenApi;
  handlers: Handlers;
  /** The public base (`--public-url`, else the listening address); read per request. */
  publicUrl: () => string | undefined;
  /** The public base was given (`--public-url`): forwarded headers do not replace it. */
  explicitPublicUrl?: boolean;
  /** Honour X-Forwarded-Proto/Host from any peer (`--trust-proxy`); by default only from loopback peers and in-process calls. */
  trustProxy?: boolean;
  /** Control plane (issue 16): the journal (absent with --no-journal) and faults stages, and which answers the faults made (not validated). */
  control?: { journal?: Stage; faults: Stage; isInjected(response: Response): boolean };
  /** Validate every answer against the document; a breach answers 500 and is reported. */
  validateResponses?: boolean;
  onInvalidResponse?: (op: OperationInfo, problems: string[]) => void;
}

export { NOT_IMPLEMENTED_HEADER } from './stages/errors';

/**
 * Control plane (issue 16): who the request turned out to be from, for the journal, when the
 * authentication stage did not say (a login makes its caller known only in the handler).
 */
const identified: PipelineStage = (ex, next) => answerFinally(next, () => {
  const { tenant, user } = ex.ctx;
  if (!ex.tenant && tenant) ex.tenant = { id: tenant.id, dns: tenant.dns };
  if (!ex.user && user) ex.user = { id: user.id, username: user.username };
});

/** The routes of each app, for `warmValidators`. */
const routesOf = new WeakMap<Hono, Route[]>();

/**
 * Compiles the request validators not compiled yet, one operation per turn of the event loop
 * (runInTurns), so that requests arriving meanwhile are served between two; it begins `delayMs`
 * after the call, so that the first requests after start-up do not wait for it. A listening
 * simulator calls it once bound, and stops it when it closes (`signal`); resolves, once every
 * validator is compiled or the signal aborted, to how many it compiled.
 */
export async function warmValidators(app: Hono, delayMs = 0, signal?: AbortSignal): Promise<number> {
  let compiled = 0;
  const pending = (routesOf.get(app) ?? []).filter((r) => !r.validator.compiled);
  function* steps() {
    for (const route of pending) {
      if (route.validator.compiled) continue;
      try {
        route.validator.compile();
        compiled++;
      } catch (e) {
        // The operation's first call compiles (and fails) again, answering UNEXPECTED_ERROR; the server lives on.
        console.error(`[dms-sim] the request validator of ${route.op.id} does not compile:`, e);
      }
      yield;
    }
  }
  await runInTurns(steps(), { delayMs, signal });
  return compiled;
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
    handler: (handlers as Record<string, Handler | undefined>)[op.id],
    takesFiles: JSON.stringify(op.requestBody ?? {}).includes('"format":"binary"'),
    oauthStyle: !op.xmlRoot && op.responses['400'] !== undefined,
  }));
  // Control plane (issue 16): the journal around everything, the faults once authenticated; injected answers are not validated.
  const { control } = options;
  const stages: PipelineStage[] = [
    ...(control?.journal ? [control.journal, identified] : []),
    usage,
    ...(options.validateResponses ? [responseValidation(createResponseValidator(openapi.document), options.onInvalidResponse, control?.isInjected)] : []),
    errors, tenancy, authentication, apiBurst, ...(control ? [control.faults] : []), validation, bodyReading, handler,
  ];
  const deps = { world, publicUrl: options.publicUrl, explicitPublicUrl: options.explicitPublicUrl ?? false, trustProxy: options.trustProxy ?? false };

  const app = new Hono({ getPath: (req) => routingPath(pathnameOf(req.url)), router: new OperationRouter() });
  // Hono tries routes in registration order: the most specific template (most literal text) first,
  // so that `/configuration/{component_type}.{record_name}` wins over `/configuration/{component_type}`.
  const literal = (path: string) => path.replace(/\{[^}]+\}/g, '').length;
  const ordered = [...routes].sort((a, b) => literal(b.op.path) - literal(a.op.path));
  for (const route of ordered) app.on(route.op.method.toUpperCase(), route.shape.honoPath, (c) => runStages(stages, createExchange(c, route, deps)));

  app.notFound((c) => {
    const pathname = pathnameOf(c.req.url);
    const path = routingPath(pathname);
    const outcome = newOutcome(newExecutionId(), c.req.header('x-tenantapi-referenceid'));
    const named = tenancyOf(pathname, c.req.header('host'), (dns) => world.tenants.byDnsName(dns) !== undefined);
    reportStanding(outcome, world, named.reachedBy === 'plain' ? undefined : world.tenants.byDnsName(named.dns));
    const env: Envelope = { xml: wantsXml(c.req.header('accept')), outcome };
    const wrongMethod = routes.some((r) => r.shape.matches(path));
    const answer = async () => failure(env, wrongMethod ? apiError('methodNotSupported', c.req.method, path) : apiError('unknownPath', path));
    if (!control?.journal) return answer();
    // Control plane (issue 16): unknown paths are journaled too.
    const req = c.req.raw;
    const ex: Exchange = { request: req, method: req.method, path: pathname, operationId: '', executionId: outcome.executionId, headers: headersOf(c, req), incoming: nodeRequestOf(c) };
    return control.journal(ex, answer);
  });
  app.onError((err, c) => {
    const executionId = newExecutionId();
    console.error(`[dms-sim] ${executionId} ${c.req.method} ${c.req.url}:`, err);
    return failure({ xml: wantsXml(c.req.header('accept')), outcome: newOutcome(executionId) }, unexpectedFailure(executionId));
  });
  routesOf.set(app, routes);
  return app;
}
