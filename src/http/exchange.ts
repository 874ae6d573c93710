/**
 * The pipeline's record of one request: what the stages share (`Exchange`, src/http/stage.ts),
 * the handler's context, how to shape the answer, and its outcome. Built once per request: the
 * URL, the path (tenant prefix, routing path), the query and the headers are parsed here, once.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { World } from '../domain/world';
import { Addresses } from './addresses';
import type { Ctx } from './context';
import { newExecutionId } from './execution-id';
import { headersOf, nodeRequestOf, pathnameOf, searchOf } from './node-request';
import { newOutcome } from './outcome';
import { reportStanding } from './stages/api-burst';
import type { Envelope } from './respond';
import type { Route } from './route';
import type { Exchange } from './stage';
import { type Tenancy, tenancyOf } from './tenancy';
import { answersXml, wantsXml } from './xml';

const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** gaps.md §2: a valid client id as sent, `invalid_client_id`, or `unknown` when absent. */
export const clientIdOf = (raw: string | undefined): string => (raw === undefined ? 'unknown' : CLIENT_ID.test(raw) ? raw : 'invalid_client_id');

export interface RequestExchange extends Exchange {
  readonly route: Route;
  readonly hono: Context;
  readonly ctx: Ctx;
  readonly env: Envelope;
  readonly tenancy: Tenancy;
  /** The path the router matched (Hono's, computed once by the app's getPath): collapsed slashes, no tenant prefix, no trailing slash. */
  readonly routingPath: string;
  /** performance.now() when the request arrived. */
  readonly started: number;
}

export interface ExchangeDeps {
  world: World;
  /** The public base without trailing slashes, if configured (`--public-url`, else the listening address). */
  publicUrl: () => string | undefined;
  /** The public base was given explicitly: forwarded headers do not replace it. */
  explicitPublicUrl: boolean;
  /** Forwarded headers are honoured from any peer, not only from loopback ones. */
  trustProxy: boolean;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const first = (v: string | undefined) => v?.split(',')[0].trim() || undefined;

/**
 * The scheme and host the client used, as a trusted proxy reports them (X-Forwarded-Proto,
 * X-Forwarded-Host: gaps.md §12). Trusted: `--trust-proxy`, a loopback peer, or an in-process call.
 */
export function forwarded(headers: Record<string, string>, incoming: IncomingMessage | undefined, deps: ExchangeDeps): { proto?: string; host?: string } | undefined {
  const proto = first(headers['x-forwarded-proto'])?.toLowerCase();
  const host = first(headers['x-forwarded-host']);
  if (!proto && !host) return undefined;
  const peer = incoming?.socket?.remoteAddress;
  if (!deps.trustProxy && peer !== undefined && !LOOPBACK.test(peer)) return undefined;
  return { proto: proto === 'http' || proto === 'https' ? proto : undefined, host };
}

/**
 * A record of the query's parameters with no inherited member (a parameter named `constructor`,
 * `toString` or `__proto__` is an own value like any other; the prototype holds nothing), and
 * not a slow dictionary object as `Object.create(null)` is (the request validator read one ~3×
 * slower, ~1.5 µs a request). Node's querystring makes its records so.
 */
const QueryRecord = function QueryRecord() {} as unknown as new () => Record<string, string>;
QueryRecord.prototype = Object.create(null);

export function createExchange(c: Context, route: Route, deps: ExchangeDeps): RequestExchange {
  const started = performance.now();
  const { world } = deps;
  const request = c.req.raw;
  const href = request.url;
  const path = pathnameOf(href);
  const headers = headersOf(c, request);
  const incoming: IncomingMessage | undefined = nodeRequestOf(c);
  const proxied = forwarded(headers, incoming, deps);
  const host = proxied?.host ?? headers.host;
  const tenancy = tenancyOf(path, host, (dns) => world.tenants.byDnsName(dns) !== undefined);
  const configured = deps.publicUrl();
  const publicUrl = proxied && !deps.explicitPublicUrl
    ? `${proxied.proto ?? (configured ?? href).split('://')[0]}://${host}`
    : configured ?? (tenancy.reachedBy === 'host' ? 'http://localhost' : new URL(href).origin);
  const query = new QueryRecord();
  const raw = searchOf(href);
  if (raw) {
    new URLSearchParams(raw).forEach((v, k) => {
      if (!Object.hasOwn(query, k)) query[k] = v;
    });
  }
  const hinted = tenancy.reachedBy === 'plain' ? undefined : tenancy.dns;
  const hintedTenant = hinted === undefined ? undefined : world.tenants.byDnsName(hinted);
  const executionId = newExecutionId();
  const outcome = newOutcome(executionId, headers['x-tenantapi-referenceid']);
  reportStanding(outcome, world, hintedTenant);
  const ctx: Ctx = {
    world, op: route.op, method: request.method, executionId, hintedDns: hinted, hintedTenant, tenant: hintedTenant, params: {}, query, headers,
    addresses: new Addresses(publicUrl, tenancy.reachedBy, tenancy.hostPort, tenancy.dns),
    clientId: clientIdOf(Object.hasOwn(query, 'client_id') ? query.client_id : headers['x-tenantapi-clientid']),
    outcome,
  };
  return {
    request, method: request.method, path, operationId: route.op.id, executionId, headers, incoming,
    route, hono: c, ctx, tenancy, routingPath: c.req.path, started,
    env: { xml: answersXml(route.op) && wantsXml(headers.accept), xmlRoot: route.op.xmlRoot, outcome },
  };
}
