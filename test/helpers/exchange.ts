/**
 * An exchange for unit tests of the pipeline's stages: the route of an operation of the real
 * OpenAPI document, on a world of the default fixtures with a manual clock, and a request as a
 * client would send it (in-process, no socket).
 */
import type { Context } from 'hono';
import { expect } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { createWorld, type World } from '../../src/domain/world';
import type { Handler } from '../../src/http/context';
import { createExchange, type RequestExchange } from '../../src/http/exchange';
import type { Route } from '../../src/http/route';
import { routeShape } from '../../src/http/router';
import { routingPath } from '../../src/http/tenancy';
import { lazyRequestValidator, newAjv } from '../../src/http/validate';
import { loadFixtures } from '../../src/fixtures/load';
import { loadOpenApi } from '../../src/openapi/load';

let fixtures: ReturnType<typeof loadFixtures> | undefined;

/** A fresh world of the default fixtures (loaded once per test file), throttling as the fixtures say. */
export function testWorld(): World & { clock: ReturnType<typeof manualClock> } {
  fixtures ??= loadFixtures();
  return createWorld(fixtures, manualClock()) as World & { clock: ReturnType<typeof manualClock> };
}

export interface ExchangeInit {
  world?: World;
  operationId: string;
  method?: string;
  /** Absolute or relative to http://localhost:8080. */
  url: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** Path parameters as the router would give them. */
  params?: Record<string, string>;
  /** The route's handler; `null` for none (not implemented). */
  handler?: Handler | null;
}

export function testExchange(init: ExchangeInit): RequestExchange {
  const world = init.world ?? testWorld();
  const { document, operations } = loadOpenApi();
  const op = operations.find((o) => o.id === init.operationId);
  if (!op) throw new Error(`no operation ${init.operationId}`);
  const route: Route = {
    op,
    shape: routeShape(op.path),
    validator: lazyRequestValidator(() => newAjv(true, document), op),
    handler: init.handler === null ? undefined : (init.handler ?? (() => ({ body: { responseStatus: 'SUCCESS' } }))),
    takesFiles: JSON.stringify(op.requestBody ?? {}).includes('"format":"binary"'),
    oauthStyle: !op.xmlRoot && op.responses['400'] !== undefined,
  };
  const url = /^https?:/.test(init.url) ? init.url : `http://localhost:8080${init.url}`;
  const request = new Request(url, { method: init.method ?? op.method.toUpperCase(), headers: init.headers, body: init.body });
  const hono = { req: { raw: request, path: routingPath(new URL(url).pathname), param: () => init.params ?? {} }, env: undefined } as unknown as Context;
  return createExchange(hono, route, { world, publicUrl: () => 'http://localhost:8080', explicitPublicUrl: true, trustProxy: false });
}

/** A `next` that answers a plain 200 and counts its calls. */
export function nextAnswering(response = () => new Response('next')): (() => Promise<Response>) & { calls: number } {
  const next = Object.assign(async () => {
    next.calls++;
    return response();
  }, { calls: 0 });
  return next;
}

/** Matches an ApiError of this type (and message, when given). */
export const apiFailure = (type: string, message?: string | RegExp) =>
  expect.objectContaining({ errors: [message === undefined ? expect.objectContaining({ type }) : { type, message: typeof message === 'string' ? message : expect.stringMatching(message) }] });
