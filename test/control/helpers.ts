/**
 * Control-plane test helpers: a call to `/_sim/...` whose answer is checked against the control
 * plane's own OpenAPI document (src/control/openapi.ts, spec/control.openapi.yaml): status declared,
 * body valid for that status.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { controlOpenApi } from '../../src/control/openapi';
import type { Simulator } from '../../src/simulator';

const doc = controlOpenApi() as { paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: object } } }> }>>; components: object };
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'control', components: doc.components });
const validators = new Map<string, ReturnType<Ajv2020['compile']>>();

/** The path template of the document a concrete path matches. */
function templateOf(path: string): string {
  const p = path.split('?')[0];
  const found = Object.keys(doc.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(p));
  if (!found) throw new Error(`${p} is not a path of the control plane's document`);
  return found;
}

/** Checks an answer against the document; returns the problems (none: valid). */
export function checkAnswer(method: string, path: string, status: number, body: unknown): string[] {
  const template = templateOf(path);
  const responses = doc.paths[template][method.toLowerCase()]?.responses;
  if (!responses) return [`${method} ${template} is not in the document`];
  const declared = responses[String(status)];
  if (!declared) return [`${method} ${template}: status ${status} is not declared`];
  const schema = declared.content?.['application/json'].schema;
  if (!schema) return [];
  const key = `${method} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const resolved = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"control#/components/'));
    validators.set(key, (validate = ajv.compile(resolved)));
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

export interface ControlAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A control-plane call through `sim.fetch`; the answer must be valid for the document. */
export async function control(sim: Pick<Simulator, 'fetch'>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ControlAnswer> {
  const res = await sim.fetch(new Request(`http://localhost:8080${path}`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = await res.json();
  expect(checkAnswer(method, path, res.status, parsed), `${method} ${path} → ${res.status} ${JSON.stringify(parsed).slice(0, 300)}`).toEqual([]);
  return { status: res.status, body: parsed, headers: res.headers };
}
