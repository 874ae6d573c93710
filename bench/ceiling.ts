/**
 * The ceiling of `npm run bench`: a bare Hono app on @hono/node-server that answers each
 * scenario's request with the bytes dms-sim gave for it, captured once and served as they are.
 * Nothing else happens per request, so its figures bound what dms-sim can reach on this machine.
 *
 *   node dist/bench/ceiling.mjs --payloads FILE [--port 0]   (built by the bench from this file)
 *
 * FILE: `{ "answers": [{ "method", "path", "search", "requestBody"? (base64), "status", "contentType", "body" (base64) }] }`.
 * Variants of a route are told apart by the query string, and for a POST with `requestBody` by the
 * request's body too (the varied query scenarios of issue 19: one path, many bodies).
 * Prints `ceiling listening on http://127.0.0.1:PORT` once bound (loopback only).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface CapturedAnswer {
  method: string;
  /** The request path, e.g. `/api/v25.3/objects/documents`. */
  path: string;
  /** The query string with its `?`, or `''`. */
  search: string;
  /** A POST's request body (base64), when its answer depends on it. */
  requestBody?: string;
  status: number;
  contentType: string;
  /** The body, base64. */
  body: string;
}

interface Prepared {
  body: Uint8Array<ArrayBuffer>;
  status: number;
  headers: Record<string, string>;
}

const variantKey = (search: string, requestBody: string) => `${search}\n${requestBody}`;

function main(): void {
  const { values } = parseArgs({ options: { payloads: { type: 'string' }, port: { type: 'string' } } });
  if (!values.payloads) {
    console.error('Usage: ceiling.ts --payloads FILE [--port N]');
    process.exit(2);
  }
  const answers = (JSON.parse(readFileSync(values.payloads, 'utf8')) as { answers: CapturedAnswer[] }).answers;

  // One route per method and path; variants by query string (e.g. limit=20 and limit=200).
  const routes = new Map<string, { method: string; path: string; variants: Map<string, Prepared> }>();
  for (const a of answers) {
    const key = `${a.method} ${a.path}`;
    let route = routes.get(key);
    if (!route) routes.set(key, (route = { method: a.method, path: a.path, variants: new Map() }));
    const body = new Uint8Array(Buffer.from(a.body, 'base64')) as Uint8Array<ArrayBuffer>;
    const requestBody = a.requestBody === undefined ? '' : Buffer.from(a.requestBody, 'base64').toString('latin1');
    route.variants.set(variantKey(a.search, requestBody), { body, status: a.status, headers: { 'Content-Type': a.contentType } });
  }

  const app = new Hono();
  for (const { method, path, variants } of routes.values()) {
    const first = [...variants.values()][0];
    if (variants.size === 1) {
      app.on(method, path, () => new Response(first.body, { status: first.status, headers: first.headers }));
      continue;
    }
    const byBody = method === 'POST';
    app.on(method, path, async (c) => {
      const url = c.req.url;
      const q = url.indexOf('?');
      const requestBody = byBody ? Buffer.from(await c.req.arrayBuffer()).toString('latin1') : '';
      const v = variants.get(variantKey(q < 0 ? '' : url.slice(q), requestBody)) ?? first;
      return new Response(v.body, { status: v.status, headers: v.headers });
    });
  }

  const port = Number(values.port ?? 0);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    console.log(`ceiling listening on http://127.0.0.1:${info.port}`);
  });
  const stop = () => {
    server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
