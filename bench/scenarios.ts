/**
 * The scenarios of issue 10 and the request of each, prepared against the running dms-sim;
 * the answers captured for the ceiling, which serves the very same bytes.
 *
 * The documented scenarios log in as the promo tenant's administrator (`tenantDNS` named), who
 * sees every document of promo.acme.example: `list 20` lists 20 rows and `list 200` as many as
 * the default world holds there.
 */
import { GENERATED_ADMIN, GENERATED_PASSWORD, GENERATED_TENANT } from '../src/fixtures/generate';
import type { CapturedAnswer } from './ceiling';
import { type Answer, type BenchRequest, call, FORM_HEADERS, form, jsonOf, multipart, unusable } from './http';
import { type Send, VARIED_REQUESTS, VARIED_SCENARIOS, type VariedName, kindOf, sampleWorld, sortableFields, variedRequests } from './varied';

/**
 * The repeated-request scenarios of issue 10 and the varied ones of issue 19 (bench/varied.ts), in
 * the order they run. `login` runs last: the sessions it makes (tens of thousands a run) push the
 * bench's own session out of the simulator's live sessions (MAX_SESSIONS, least recently used out),
 * and the scenarios after it would answer INVALID_SESSION_ID.
 */
export const SCENARIOS = ['GET /api/', 'list 20', 'list 200', 'document', 'file 1MB', 'query', ...VARIED_SCENARIOS, 'login'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** The `--scenarios` option (comma-separated names; every scenario when absent), in SCENARIOS' order; an unknown name is refused. */
export function parseScenarios(text: string | undefined): ScenarioName[] {
  const wanted = text === undefined ? [...SCENARIOS] : text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of wanted) if (!(SCENARIOS as readonly string[]).includes(n)) throw new Error(`unknown scenario "${n}"; one of: ${SCENARIOS.join(', ')}`);
  return SCENARIOS.filter((n) => wanted.includes(n));
}
const isVaried = (n: ScenarioName): n is VariedName => (VARIED_SCENARIOS as readonly string[]).includes(n);

export const VERSION = 'v25.3';
export const USERNAME = 'tenant.admin@acme.example';
export const TENANT_DNS = 'promo.acme.example';
const PASSWORD = 'Passw0rd!';
const FILE_BYTES = 1024 * 1024;

/** Who the bench logs in as: the default world's promo administrator, or a generated world's (`--fixtures`). */
export interface BenchUser {
  username: string;
  password: string;
  tenantDNS: string;
}
export const DEFAULT_USER: BenchUser = { username: USERNAME, password: PASSWORD, tenantDNS: TENANT_DNS };

/** Who the bench acts as: the default world's tenant administrator, or a generated world's (`--fixtures DIR`). */
export const benchUser = (fixtures: string | undefined): BenchUser =>
  fixtures ? { username: GENERATED_ADMIN, password: GENERATED_PASSWORD, tenantDNS: GENERATED_TENANT } : DEFAULT_USER;

/** dms-sim's arguments in a bench: no throttling, a free port, the fixture set when given. */
export const simArgs = (fixtures: string | undefined): string[] => ['--no-throttle', '--port', '0', ...(fixtures ? ['--fixtures', fixtures] : [])];

/**
 * A scenario ready to run: one request repeated (`request`, its `answer`), or a varied list
 * (`requests`, each with its answer in `answers`; `request` is the first of them).
 */
export type Prepared = { request: BenchRequest; answer: Answer; requests?: BenchRequest[]; answers?: Answer[] } | { na: string };

/** What a prepared scenario loads the server with: its whole list for a varied one, else its one request. */
export const loadOf = (p: Exclude<Prepared, { na: string }>): BenchRequest | BenchRequest[] => p.requests ?? p.request;

export async function prepareScenarios(
  base: string, wanted: readonly ScenarioName[], user: BenchUser = DEFAULT_USER, variedCount = VARIED_REQUESTS,
): Promise<Map<ScenarioName, Prepared>> {
  const out = new Map<ScenarioName, Prepared>();
  const want = (n: ScenarioName) => wanted.includes(n);
  const tryRequest = async (r: BenchRequest): Promise<Prepared> => {
    const answer = await call(base, r);
    const why = unusable(answer);
    return why ? { na: why } : { request: r, answer };
  };

  const loginRequest: BenchRequest = {
    method: 'POST',
    path: `/api/${VERSION}/auth`,
    headers: FORM_HEADERS,
    body: form({ username: user.username, password: user.password, tenantDNS: user.tenantDNS }),
  };
  if (want('GET /api/')) out.set('GET /api/', await tryRequest({ method: 'GET', path: '/api/', headers: {} }));

  const needsSession = wanted.some((n) => n !== 'GET /api/' && n !== 'login');
  let session: string | undefined;
  if (needsSession) {
    const a = await call(base, loginRequest);
    session = jsonOf(a)?.sessionId;
    if (!session) throw new Error(`bench: login as ${user.username} on ${user.tenantDNS} failed: ${a.body.toString('utf8').slice(0, 300)}`);
  }
  if (want('login')) out.set('login', await tryRequest(loginRequest));
  const auth = { Authorization: session ?? '' };

  const listOf = (limit: number): BenchRequest => ({ method: 'GET', path: `/api/${VERSION}/objects/documents?limit=${limit}`, headers: auth });
  let list: Prepared | undefined;
  if (want('list 20')) out.set('list 20', await tryRequest(listOf(20)));
  if (want('list 200') || want('document') || want('file 1MB')) {
    list = await tryRequest(listOf(200));
    if (want('list 200')) out.set('list 200', list);
  }
  const docs: Record<string, any>[] =
    list && 'answer' in list ? ((jsonOf(list.answer)?.documents ?? []) as { document?: Record<string, any> }[]).map((d) => d.document ?? {}) : [];
  const listNa = list && 'na' in list ? list.na : docs.length === 0 ? 'no document in the list' : undefined;

  if (want('document')) {
    out.set('document', listNa ? { na: listNa } : await tryRequest({ method: 'GET', path: `/api/${VERSION}/objects/documents/${docs[0].id}`, headers: auth }));
  }

  if (want('file 1MB')) {
    out.set('file 1MB', listNa ? { na: listNa } : await prepareFile(base, auth, docs, tryRequest));
  }

  if (want('query')) {
    out.set('query', await tryRequest({
      method: 'POST',
      path: `/api/${VERSION}/query`,
      headers: { ...auth, ...FORM_HEADERS },
      body: form({ q: 'SELECT id, name__v FROM documents WHERE id > 0 PAGESIZE 100' }),
    }));
  }

  const varied = wanted.filter(isVaried);
  if (varied.length) {
    const send = (r: BenchRequest) => call(base, r);
    const sample = await sampleWorld(send, VERSION, auth, loginRequest);
    const sorts = await sortableFields(send, sample);
    for (const name of varied) {
      const requests = variedRequests(name, sample, { count: variedCount, sorts });
      const answered = await settledAnswers(send, requests);
      out.set(name, 'na' in answered ? answered : { request: requests[0], answer: answered.answers[0], requests, answers: answered.answers });
    }
  }
  return out;
}

/** (chosen) The most passes of a request list that creates documents before its answers are kept (settledAnswers). */
export const SETTLING_PASSES = 10;
/** (chosen) A pass whose mean answer size is within this fraction of the pass before is settled. */
const SETTLED = 0.01;

/**
 * Each request answered once (the ceiling serves these bytes); any failure makes the scenario n/a.
 * A list that creates documents (`mixed`) grows the world it reads while it runs (the default world:
 * from 34 documents to ~600 over a bench run), and its pages and query pages fill up: its answers
 * are those of the pass (of at most SETTLING_PASSES) after which their mean size stops growing, so
 * that the ceiling serves answers as long as those dms-sim writes under load (those of the first
 * pass were ~22% shorter on the default world).
 */
export async function settledAnswers(send: Send, requests: readonly BenchRequest[]): Promise<{ answers: Answer[]; passes: number } | { na: string }> {
  const creates = requests.some((r) => kindOf(r) === 'create');
  let before = 0;
  for (let pass = 1; ; pass++) {
    const answers: Answer[] = [];
    for (const r of requests) {
      const a = await send(r);
      const why = unusable(a);
      if (why) return { na: `${r.method} ${r.path}: ${why}` };
      answers.push(a);
    }
    const mean = answers.reduce((n, a) => n + a.body.byteLength, 0) / answers.length;
    if (!creates || pass === SETTLING_PASSES || Math.abs(mean - before) <= SETTLED * before) return { answers, passes: pass };
    before = mean;
  }
}

/** A document of about 1 MB: one of the world's, else one created through endpoint 28. */
async function prepareFile(
  base: string,
  auth: Record<string, string>,
  docs: Record<string, any>[],
  tryRequest: (r: BenchRequest) => Promise<Prepared>,
): Promise<Prepared> {
  const fileOf = (id: unknown): BenchRequest => ({ method: 'GET', path: `/api/${VERSION}/objects/documents/${id}/file`, headers: auth });
  const big = docs.find((d) => typeof d.size__v === 'number' && d.size__v >= 0.9 * FILE_BYTES && d.size__v <= 1.5 * FILE_BYTES);
  if (big) return tryRequest(fileOf(big.id));

  // Create one: the classification and lifecycle of an existing document are valid in this world;
  // a field the document type requires (PARAMETER_REQUIRED) is copied from the same document.
  const model = docs[0];
  const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(',') : undefined);
  const fields: Record<string, string> = { name__v: `dms-sim bench 1MB ${Date.now()}` };
  for (const k of ['type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'product__v']) {
    const v = text(model[k]);
    if (v) fields[k] = v;
  }
  const bytes = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24; // deterministic, not all zeros
  let created: Answer | undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const mp = multipart(fields, { name: 'bench-1mb.bin', bytes });
    created = await call(base, { method: 'POST', path: `/api/${VERSION}/objects/documents`, headers: { ...auth, 'Content-Type': mp.contentType }, body: mp.body });
    const e = jsonOf(created)?.errors?.[0];
    const missing = e?.type === 'PARAMETER_REQUIRED' ? /\[([^\]]+)\]/.exec(String(e.message))?.[1] : undefined;
    const value = missing && !(missing in fields) ? text(model[missing]) : undefined;
    if (!value) break;
    fields[missing!] = value;
  }
  const why = unusable(created!);
  if (why) return { na: why === 'not implemented' ? why : `creating a 1 MB document: ${why}` };
  const id = jsonOf(created!)?.id;
  if (id === undefined) return { na: 'creating a 1 MB document answered no id' };
  const p = await tryRequest(fileOf(id));
  if ('answer' in p && Math.abs(p.answer.body.byteLength - FILE_BYTES) > FILE_BYTES / 10) {
    return { na: `the downloaded file has ${p.answer.body.byteLength} bytes, not ~1 MB` };
  }
  return p;
}

/** What the ceiling serves: `GET /api/` and each prepared request's answer, with its content type. */
export async function captureAnswers(base: string, prepared: Map<ScenarioName, Prepared>): Promise<CapturedAnswer[]> {
  const answers: CapturedAnswer[] = [];
  const seen = new Set<string>();
  const add = (r: BenchRequest, a: Answer) => {
    const q = r.path.indexOf('?');
    const path = q < 0 ? r.path : r.path.slice(0, q);
    const search = q < 0 ? '' : r.path.slice(q);
    // A POST is told apart by its body too (queries, creates); the first answer of a request wins.
    const requestBody = r.method === 'POST' && r.body ? r.body.toString('base64') : undefined;
    const key = `${r.method} ${path}${search} ${requestBody ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    answers.push({ method: r.method, path, search, ...(requestBody ? { requestBody } : {}), status: a.status, contentType: a.contentType, body: a.body.toString('base64') });
  };
  add({ method: 'GET', path: '/api/', headers: {} }, await call(base, { method: 'GET', path: '/api/', headers: {} }));
  for (const p of prepared.values()) {
    if (!('request' in p)) continue;
    if (p.requests && p.answers) p.requests.forEach((r, i) => add(r, p.answers![i]));
    else add(p.request, p.answer);
  }
  return answers;
}

/** Rows and bytes of the list and query answers, e.g. `list 20: 20 row(s), 23100 bytes`. */
export function answerSizes(prepared: Map<ScenarioName, Prepared>): { name: ScenarioName; rows: number; bytes: number }[] {
  return (['list 20', 'list 200', 'query'] as const).flatMap((name) => {
    const p = prepared.get(name);
    if (!p || !('answer' in p)) return [];
    const j = jsonOf(p.answer);
    const rows = Array.isArray(j?.documents) ? j.documents.length : Array.isArray(j?.data) ? j.data.length : undefined;
    return rows === undefined ? [] : [{ name, rows, bytes: p.answer.body.byteLength }];
  });
}
