/**
 * Runs one behaviour case against a fresh simulator (test/helpers/sim.ts: the real app on the
 * default fixtures, a manual clock, every answer validated against the OpenAPI document). Each
 * step logs in, moves the clock, or sends a request and compares the answer with `expect`; values
 * saved by `save` (and the sessions of `login`) are used by later steps as `${name}`.
 */
import { createHash } from 'node:crypto';
import { PASSWORD, type TestSim, V, testSim } from '../sim';
import type { Case, Expect, Part, Step } from './format';
import { type Answer, fill, matches, pick } from './match';

function duration(v: string | number): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(v.trim());
  if (!m) throw new Error(`bad duration ${v} (write e.g. 500ms, 30s, 21m, 2h)`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms'];
}

function multipart(parts: Record<string, Part>): FormData {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.content], part.type ? { type: part.type } : {}), part.filename);
  }
  return form;
}

/** Builds and sends a step's request (values already filled). */
function send(sim: TestSim, step: Step, saved: Record<string, unknown>): Promise<Response> {
  const [method, path] = step.request!.split(/\s+/) as [string, string];
  const headers: Record<string, string> = {};
  if (step.as) headers.Authorization = String(fill(`\${${step.as}}`, saved));
  Object.assign(headers, step.headers);
  let body: BodyInit | undefined;
  if (step.multipart) body = multipart(step.multipart);
  if (step.body !== undefined) {
    body = step.body;
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'text/plain';
  }
  return sim.call(method, path, { headers, body, form: step.form });
}

/** `text`: a piece of the body, or `<matches RE>` a pattern found in it (^ and $ match at each line). */
function containsText(text: string, want: string): boolean {
  const re = /^<matches (.+)>$/s.exec(want);
  return re ? new RegExp(re[1]!, 'm').test(text) : text.includes(want);
}

/** What is wrong with an answer, one line each (empty when it is as expected). */
function compare(want: Expect, status: number, headers: Headers, bytes: Uint8Array, text: string, json: unknown): string[] {
  const out: string[] = [];
  if (status !== (want.status ?? 200)) out.push(`HTTP status is ${status}, expected ${want.status ?? 200}`);
  for (const [name, value] of Object.entries(want.headers ?? {})) {
    out.push(...matches(headers.get(name) ?? undefined, typeof value === 'number' ? String(value) : value, `header ${name}`));
  }
  if (want.text !== undefined && !containsText(text, want.text)) out.push(`the body does not contain ${JSON.stringify(want.text)}; it is ${JSON.stringify(text.slice(0, 2000))}`);
  if (want.textIs !== undefined && text !== want.textIs) out.push(`the body is ${JSON.stringify(text)}, expected ${JSON.stringify(want.textIs)}`);
  if (want.size !== undefined && bytes.byteLength !== want.size) out.push(`the body has ${bytes.byteLength} bytes, expected ${want.size}`);
  if (want.md5 !== undefined) {
    const md5 = createHash('md5').update(bytes).digest('hex');
    if (md5 !== want.md5) out.push(`the body's MD5 is ${md5}, expected ${want.md5}`);
  }
  if (want.body !== undefined) {
    out.push(...(json === undefined ? [`the body is not JSON: ${JSON.stringify(text.slice(0, 500))}`] : matches(json, want.body)));
  }
  return out;
}

function show(where: string, step: Step, status: number, headers: Headers, text: string, json: unknown): void {
  const head = [...headers].filter(([k]) => !k.startsWith('x-tenantapi-burst')).map(([k, v]) => `  ${k}: ${v}`).join('\n');
  const body = json === undefined ? text.slice(0, 4000) : JSON.stringify(json, null, 2);
  console.log(`── ${where}: ${step.request}\nHTTP ${status}\n${head}\n${body}\n`);
}

/**
 * Runs a case; returns the problems found (empty when every answer was as expected). With
 * `showAnswers`, prints every answer (the way to see what to write in a new case).
 */
export async function runCase(file: string, story: Case, showAnswers = false): Promise<string[]> {
  const sim = testSim({ settings: story.settings });
  const saved: Record<string, unknown> = {};
  for (const [i, raw] of story.steps.entries()) {
    const where = `${file} step ${i + 1}`;
    const step = fill(raw, saved);
    if (step.login) {
      const form = { username: step.login, password: PASSWORD, ...(step.tenantDNS ? { tenantDNS: step.tenantDNS } : {}) };
      const res = await sim.call('POST', `/api/${V}/auth`, { form });
      const body = await res.json();
      if (body.responseStatus !== 'SUCCESS') return [`${where}: login of ${step.login} failed: ${JSON.stringify(body)}`];
      saved[step.login.split('@')[0]!] = body.sessionId;
    }
    if (step.advance !== undefined) sim.clock.advance(duration(step.advance));
    if (!step.request) continue;
    const res = await send(sim, step, saved);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (showAnswers) show(where, step, res.status, res.headers, text, json);
    const wrong = compare(step.expect ?? {}, res.status, res.headers, bytes, text, json);
    if (wrong.length) return wrong.map((w) => `${where} (${step.request}): ${w}`);
    const answer: Answer = { headers: res.headers, json, text };
    for (const [name, path] of Object.entries(step.save ?? {})) saved[name] = pick(answer, path);
  }
  return sim.breaches.map((b) => `an answer broke the OpenAPI document: ${b}`);
}
