/**
 * The HTTP test harness: a simulator on the default fixtures with a manual clock, every answer
 * validated against the OpenAPI document (a breach answers 500 and fails the test), and small
 * helpers for logging in and calling with a session.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { type Simulator, type SimulatorOptions, createSimulator } from '../../src/simulator';

export const PASSWORD = 'Passw0rd!';
export const BASE = 'http://localhost:8080';
export const V = 'v25.3';

export interface TestSim extends Simulator {
  clock: ReturnType<typeof manualClock>;
  /** Responses that broke the OpenAPI document (should stay empty). */
  breaches: string[];
  /** A request to the simulator, in-process. `path` is relative to BASE unless absolute. */
  call(method: string, path: string, init?: { headers?: Record<string, string>; body?: BodyInit; form?: Record<string, string> }): Promise<Response>;
  /** Logs in with the password flow; returns the session id. */
  login(username: string, opts?: { tenantDNS?: string; prefix?: string }): Promise<string>;
  /** GET/POST with `Authorization: <sessionId>` and parsed JSON. */
  json(method: string, path: string, session?: string, init?: { headers?: Record<string, string>; body?: BodyInit; form?: Record<string, string> }): Promise<any>;
}

export function testSim(options: SimulatorOptions = {}): TestSim {
  const clock = manualClock();
  const breaches: string[] = [];
  const sim = createSimulator({ clock, publicUrl: BASE, validateResponses: true, ...options });
  const origFetch = sim.fetch;
  const call: TestSim['call'] = async (method, path, init = {}) => {
    const headers = { ...init.headers };
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
    }
    const url = /^https?:/.test(path) ? path : `${BASE}${path}`;
    const res = await origFetch(new Request(url, { method, headers, body }));
    if (res.status === 500) breaches.push(`${method} ${path}: ${await res.clone().text()}`);
    return res;
  };
  const test: TestSim = Object.assign(sim, {
    clock,
    breaches,
    call,
    async login(username: string, opts: { tenantDNS?: string; prefix?: string } = {}) {
      const form: Record<string, string> = { username, password: PASSWORD };
      if (opts.tenantDNS) form.tenantDNS = opts.tenantDNS;
      const res = await call('POST', `${opts.prefix ?? ''}/api/${V}/auth`, { form });
      const body = await res.json();
      expect(body.responseStatus, JSON.stringify(body)).toBe('SUCCESS');
      return body.sessionId as string;
    },
    async json(method: string, path: string, session?: string, init: { headers?: Record<string, string>; body?: BodyInit; form?: Record<string, string> } = {}) {
      const res = await call(method, path, { ...init, headers: { ...(session ? { Authorization: session } : {}), ...init.headers } });
      return res.json();
    },
  });
  return test;
}

/**
 * The usual set-up of a test file: one simulator (no throttling) made before its tests, with the
 * tenant administrator logged in, and after them no answer that broke the OpenAPI document. Read
 * `sim` and `admin` inside the tests (they are set once the file's tests start).
 */
export function sharedAdminSim(): { readonly sim: TestSim; readonly admin: string } {
  const shared = {} as { sim: TestSim; admin: string };
  beforeAll(async () => {
    shared.sim = testSim({ settings: { throttling: false } });
    shared.admin = await shared.sim.login('tenant.admin@acme.example');
  });
  afterAll(() => expect(shared.sim.breaches).toEqual([]));
  return shared;
}

