/**
 * Behaviour cases as data (test/cases/*.yaml): each file is a small story of requests and the
 * answers expected, readable without knowing the code, run against the real app. Format:
 *
 *   name: what the case shows
 *   settings: { authBurstLimit: 4 }          # optional overrides of the fixture settings
 *   steps:
 *     - login: alice@acme.example            # password login; the session is kept as "alice"
 *       tenantDNS: promo.acme.example        # optional
 *     - advance: 21m                         # move the simulator clock (ms, s, m, h)
 *     - request: GET /api/v25.3/objects/domains
 *       as: alice                            # send alice's session
 *       headers: { Accept: application/xml } # optional; form: {...} sends a form body
 *       expect:
 *         status: 200                        # default 200
 *         headers: { X-TenantAPI-Status: FAILURE }
 *         body: { responseStatus: FAILURE, errors: [{ type: INVALID_SESSION_ID }] }
 *         text: a substring of the raw body  # instead of body, for XML or files
 *
 * `body` is matched as a subset: objects may have more keys; arrays must have the same length and
 * each item matches; the string "<any>" matches any present value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PASSWORD, testSim } from './helpers/sim';

interface Step {
  login?: string;
  tenantDNS?: string;
  advance?: string | number;
  request?: string;
  as?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  expect?: { status?: number; headers?: Record<string, string>; body?: unknown; text?: string };
}

const dir = new URL('./cases/', import.meta.url);

function duration(v: string | number): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(v.trim());
  if (!m) throw new Error(`bad duration ${v}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms']!;
}

export function matches(actual: unknown, expected: unknown, path = 'body'): string[] {
  if (expected === '<any>') return actual === undefined ? [`${path} is missing`] : [];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path} is not an array`];
    if (actual.length !== expected.length) return [`${path} has ${actual.length} items, expected ${expected.length}`];
    return expected.flatMap((e, i) => matches(actual[i], e, `${path}[${i}]`));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [`${path} is not an object`];
    return Object.entries(expected).flatMap(([k, e]) => matches((actual as Record<string, unknown>)[k], e, `${path}.${k}`));
  }
  return actual === expected ? [] : [`${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
}

const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

describe('behaviour cases (test/cases)', () => {
  it('has cases', () => expect(files.length).toBeGreaterThan(5));

  for (const file of files) {
    const story = parse(readFileSync(new URL(file, dir), 'utf8')) as { name: string; settings?: Record<string, unknown>; steps: Step[] };
    it(`${file}: ${story.name}`, async () => {
      const sim = testSim({ settings: story.settings });
      const sessions: Record<string, string> = {};
      for (const [i, step] of story.steps.entries()) {
        const where = `${file} step ${i + 1}`;
        if (step.login) {
          const res = await sim.call('POST', '/api/v25.3/auth', { form: { username: step.login, password: PASSWORD, ...(step.tenantDNS ? { tenantDNS: step.tenantDNS } : {}) } });
          const body = await res.json();
          expect(body.responseStatus, `${where}: login ${JSON.stringify(body)}`).toBe('SUCCESS');
          sessions[step.login.split('@')[0]] = body.sessionId;
        }
        if (step.advance !== undefined) sim.clock.advance(duration(step.advance));
        if (step.request) {
          const [method, path] = step.request.split(/\s+/);
          const headers = { ...(step.as ? { Authorization: sessions[step.as] } : {}), ...step.headers };
          const res = await sim.call(method, path, { headers, form: step.form });
          const want = step.expect ?? {};
          expect(res.status, where).toBe(want.status ?? 200);
          for (const [name, value] of Object.entries(want.headers ?? {})) expect(res.headers.get(name), `${where}: header ${name}`).toBe(String(value));
          const text = await res.text();
          if (want.text !== undefined) expect(text, where).toContain(want.text);
          if (want.body !== undefined) expect(matches(JSON.parse(text), want.body), where).toEqual([]);
        }
      }
      expect(sim.breaches).toEqual([]);
    });
  }
});
