/**
 * The control plane's HTTP routes under `/_sim/` (issue 16; spec/control.openapi.yaml, served at
 * `GET /_sim/openapi.json`). Thin: parse, call the Control (control.ts), shape. JSON in and out;
 * errors are `{"error": "<message>"}` with a 4xx status. With a token (`--control-token`), every
 * call needs `X-Sim-Control-Token: <token>`.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ControlError, type Control } from './control';
import { type Matcher, readMatcher } from './match';
import { controlOpenApi } from './openapi';
import { SnapshotError } from './snapshot';

export const CONTROL_PREFIX = '/_sim';
export const TOKEN_HEADER = 'X-Sim-Control-Token';

export interface ControlAppOptions {
  /** When set, every call must carry it in X-Sim-Control-Token. */
  token?: string;
  /** Whether the control plane answers at all (see the simulator: loopback or a token). */
  enabled: () => boolean;
}

const error = (c: Context, status: 400 | 401 | 404 | 409 | 413, message: string) => c.json({ error: message }, status);

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ControlError('the body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ControlError('the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Whether a presented control token is the configured one (compared in constant time). */
export const sameToken = (given: string | undefined, token: string): boolean => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The journal's and verify's match fields, `since` (ISO-8601) and `limit`, from a query or a body. */
function readQuery(input: Record<string, unknown>, withLimit: boolean): Matcher & { since?: number; limit?: number } {
  let q: Matcher & { since?: number; limit?: number };
  try {
    q = readMatcher(input);
  } catch (e) {
    throw new ControlError((e as Error).message);
  }
  if (input.since !== undefined && input.since !== '') {
    const since = Date.parse(String(input.since));
    if (Number.isNaN(since)) throw new ControlError('"since" must be an ISO-8601 time');
    q.since = since;
  }
  if (withLimit && input.limit !== undefined && input.limit !== '') {
    const limit = Number(input.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new ControlError('"limit" must be a whole number of at least 1');
    q.limit = limit;
  }
  return q;
}

export function createControlApp(control: Control, options: ControlAppOptions): Hono {
  const app = new Hono().basePath(CONTROL_PREFIX);

  app.use('*', async (c, next) => {
    if (!options.enabled()) return error(c, 404, 'The control plane is off: the simulator listens beyond loopback without --control-token.');
    if (options.token !== undefined && !sameToken(c.req.header(TOKEN_HEADER), options.token)) return error(c, 401, `The control plane needs the header ${TOKEN_HEADER}.`);
    await next();
  });

  app.get('/openapi.json', (c) => c.json(controlOpenApi()));

  app.post('/reset', (c) => {
    control.reset();
    return c.json({ reset: true });
  });

  app.get('/clock', (c) => c.json(control.clock()));
  app.post('/clock', async (c) => {
    const body = await jsonBody(c);
    const given = ['set', 'advance', 'freeze'].filter((k) => body[k] !== undefined);
    if (given.length === 0) throw new ControlError('give one of "set" (ISO-8601 time), "advance" (ISO-8601 duration) or "freeze" (true/false)');
    const unknown = Object.keys(body).filter((k) => !['set', 'advance', 'freeze'].includes(k));
    if (unknown.length) throw new ControlError(`unknown field(s): ${unknown.join(', ')}`);
    if (body.set !== undefined) {
      if (typeof body.set !== 'string') throw new ControlError('"set" must be an ISO-8601 time');
      control.setClock(body.set);
    }
    if (body.advance !== undefined) {
      if (typeof body.advance !== 'string') throw new ControlError('"advance" must be an ISO-8601 duration such as PT21M');
      control.advanceClock(body.advance);
    }
    if (body.freeze !== undefined) {
      if (typeof body.freeze !== 'boolean') throw new ControlError('"freeze" must be true or false');
      control.freezeClock(body.freeze);
    }
    return c.json(control.clock());
  });

  app.post('/faults', async (c) => c.json(control.addFault(await jsonBody(c)), 201));
  app.get('/faults', (c) => c.json({ faults: control.faults() }));
  app.delete('/faults', (c) => {
    control.clearFaults();
    return c.json({ cleared: true });
  });
  app.delete('/faults/:id', (c) => (control.removeFault(c.req.param('id')) ? c.json({ deleted: c.req.param('id') }) : error(c, 404, `no fault rule ${c.req.param('id')}`)));

  app.get('/journal', (c) => c.json({ requests: control.journal(readQuery(c.req.query(), true)) }));
  app.delete('/journal', (c) => {
    control.clearJournal();
    return c.json({ cleared: true });
  });
  app.post('/journal/verify', async (c) => {
    const body = await jsonBody(c);
    const unknown = Object.keys(body).filter((k) => !['operationId', 'method', 'path', 'tenant', 'user', 'since', 'count', 'atLeast'].includes(k));
    if (unknown.length) throw new ControlError(`unknown field(s): ${unknown.join(', ')}`);
    const q = readQuery(body, false);
    for (const k of ['count', 'atLeast'] as const) {
      if (body[k] !== undefined && (!Number.isInteger(body[k]) || (body[k] as number) < 0)) throw new ControlError(`"${k}" must be a whole number`);
    }
    if (body.count !== undefined && body.atLeast !== undefined) throw new ControlError('give "count" or "atLeast", not both');
    return c.json(control.verify({ ...q, count: body.count as number | undefined, atLeast: body.atLeast as number | undefined }));
  });

  app.get('/snapshot', (c) => c.json(control.snapshot()));
  app.put('/snapshot', async (c) => {
    control.restore(await jsonBody(c));
    return c.json({ restored: true, ...control.clock() });
  });
  app.post('/snapshot/save', (c) => {
    const path = control.saveState();
    return path ? c.json({ saved: path }) : error(c, 409, 'no --state-file was given: nothing to save to');
  });

  app.get('/sessions', (c) => c.json({ sessions: control.sessions() }));
  app.delete('/sessions/:key', (c) => (control.endSession(c.req.param('key')) ? c.json({ ended: true }) : error(c, 404, 'no live session with that handle or id')));

  app.notFound((c) => error(c, 404, `no control operation ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((e, c) => {
    if (e instanceof ControlError) return error(c, e.status, e.message);
    if (e instanceof SnapshotError) return error(c, 400, e.message);
    console.error('[dms-sim] control plane:', e);
    return c.json({ error: `unexpected: ${(e as Error).message}` }, 500);
  });
  return app;
}
