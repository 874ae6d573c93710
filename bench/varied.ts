/**
 * The varied-request scenarios of issue 19: lists of requests that are all different (or nearly
 * so), sent in turn by every connection (one shared counter, autocannon's `setupRequest`), so that
 * dms-sim computes answers afresh instead of re-using kept ones.
 *
 * - `list varied`: endpoint 21 at random offsets and page sizes, sorted by a random sortable field
 *   and direction, one in four with a named filter;
 * - `query varied`: VQL with random values (equality, range, `IN`, `LIKE 'x%'`) with `ORDER BY` and
 *   `PAGESIZE`, and `FIND` with random terms;
 * - `mixed`: 60% reads (a document, or a page of the list), 20% queries, 10% metadata, 5% downloads,
 *   4% logins, 1% creates.
 *
 * The lists are built from a sample of the world (documents read through the API as the bench's
 * user), with a seeded generator: the same sample and seed give the same list.
 */
import { type Answer, type BenchRequest, FORM_HEADERS, form, jsonOf, multipart, unusable } from './http';

export const VARIED_SCENARIOS = ['list varied', 'query varied', 'mixed'] as const;
export type VariedName = (typeof VARIED_SCENARIOS)[number];

/** (chosen) Requests per varied list: more than any kept-answer cache holds, so a cycle never hits. */
export const VARIED_REQUESTS = 600;

export type Send = (r: BenchRequest) => Promise<Answer>;

/** What the lists are built from: the user's session, a login, and documents of the world. */
export interface WorldSample {
  version: string;
  auth: Record<string, string>;
  login: BenchRequest;
  /** How many documents the user sees (the list's total). */
  total: number;
  /** Records of some documents (endpoint 21's `document`), from pages at spread offsets. */
  docs: Record<string, any>[];
}

/** (chosen) Sort fields tried; those the world does not sort by are dropped when sampling. */
const SORT_CANDIDATES = ['id', 'name__v', 'document_number__v', 'status__v', 'type__v', 'document_creation_date__v', 'version_modified_date__v', 'size__v'];
const NAMED_FILTERS = ['My Documents', 'Favorites', 'Recent Documents', 'Cart'];

/** Reads a sample of the world: up to `pages` pages of 200 at spread offsets. */
export async function sampleWorld(send: Send, version: string, auth: Record<string, string>, login: BenchRequest, pages = 5): Promise<WorldSample> {
  const json = async (r: BenchRequest) => {
    const a = await send(r);
    const why = unusable(a);
    if (why) throw new Error(`bench: sampling the world: ${why}`);
    return jsonOf(a);
  };
  // Endpoint 21 does not tell its total: a one-row query does.
  const count = await json({ method: 'POST', path: `/api/${version}/query`, headers: { ...auth, ...FORM_HEADERS }, body: form({ q: 'SELECT id FROM documents PAGESIZE 1' }) });
  const total = Number(count.responseDetails?.total ?? 0);
  const page = async (start: number) =>
    ((await json({ method: 'GET', path: `/api/${version}/objects/documents?limit=200&start=${start}`, headers: auth })).documents ?? []) as { document: Record<string, any> }[];
  const docs: Record<string, any>[] = [];
  for (let i = 0; i < pages && (i === 0 || total > 200 * i); i++) docs.push(...(await page(Math.floor((total * i) / pages))).map((d) => d.document));
  return { version, auth, login, total, docs };
}

/** A small seeded generator (mulberry32): the same seed, the same list. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rnd: Rand, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const quote = (s: string) => `'${s.replace(/'/g, "\\'")}'`;

/** Distinct values of a field in the sample (strings only). */
function valuesOf(sample: WorldSample, field: string): string[] {
  return [...new Set(sample.docs.map((d) => text(d[field])).filter((v): v is string => !!v))];
}

/** Words of the sample's names, for `FIND` and `LIKE 'x%'` (letters only, 4+ characters). */
function wordsOf(sample: WorldSample): string[] {
  return [...new Set(sample.docs.flatMap((d) => String(d.name__v ?? '').split(/[^A-Za-z]+/)).filter((w) => w.length >= 4))];
}

function listRequest(sample: WorldSample, rnd: Rand, sorts: readonly string[]): BenchRequest {
  const limit = pick(rnd, [10, 20, 20, 50]);
  const start = Math.floor(rnd() * Math.max(1, sample.total - limit));
  const params = new URLSearchParams({ limit: String(limit), start: String(start), sort: `${pick(rnd, sorts)} ${rnd() < 0.5 ? 'ASC' : 'DESC'}` });
  if (rnd() < 0.25) params.set('named_filter', pick(rnd, NAMED_FILTERS));
  return { method: 'GET', path: `/api/${sample.version}/objects/documents?${params}`, headers: sample.auth };
}

function queryRequest(sample: WorldSample, rnd: Rand): BenchRequest {
  const maxId = Math.max(1, ...sample.docs.map((d) => Number(d.id) || 0));
  const statuses = valuesOf(sample, 'status__v');
  const types = valuesOf(sample, 'type__v');
  const words = wordsOf(sample);
  const pageSize = pick(rnd, [10, 20, 50, 100]);
  const order = `ORDER BY ${pick(rnd, ['name__v', 'id', 'document_creation_date__v'])} ${rnd() < 0.5 ? 'ASC' : 'DESC'}`;
  const kind = Math.floor(rnd() * 6);
  let q: string;
  if (kind === 0 || statuses.length === 0) q = `SELECT id, name__v, status__v FROM documents WHERE id > ${Math.floor(rnd() * maxId)} ${order} PAGESIZE ${pageSize}`;
  else if (kind === 1) q = `SELECT id, name__v, status__v FROM documents WHERE status__v = ${quote(pick(rnd, statuses))} ${order} PAGESIZE ${pageSize}`;
  else if (kind === 2 && types.length > 0) q = `SELECT id, name__v, type__v FROM documents WHERE type__v IN (${quote(pick(rnd, types))}, ${quote(pick(rnd, types))}) AND id < ${1 + Math.floor(rnd() * maxId)} ${order} PAGESIZE ${pageSize}`;
  else if (kind === 3 && words.length > 0) q = `SELECT id, name__v FROM documents WHERE name__v LIKE ${quote(`${pick(rnd, words).slice(0, 3)}%`)} ${order} PAGESIZE ${pageSize}`;
  else if (kind === 4 && words.length > 0) q = `SELECT id, name__v FROM documents FIND (${quote(pick(rnd, words).toLowerCase())}) PAGESIZE ${pageSize}`;
  else q = `SELECT id, name__v FROM documents WHERE id BETWEEN ${Math.floor(rnd() * maxId)} AND ${Math.floor(rnd() * maxId) + 1000} ${order} PAGESIZE ${pageSize}`;
  return { method: 'POST', path: `/api/${sample.version}/query`, headers: { ...sample.auth, ...FORM_HEADERS }, body: form({ q }) };
}

function metadataRequest(sample: WorldSample, rnd: Rand): BenchRequest {
  const v = sample.version;
  const paths = [`/api/${v}/metadata/objects/documents/properties`, `/api/${v}/metadata/objects/documents/types`, `/api/${v}/metadata/objects/documents`, `/api/${v}/objects/users/me`];
  return { method: 'GET', path: pick(rnd, paths), headers: sample.auth };
}

/** A create through endpoint 28 like one of the sampled documents (its classification, lifecycle, product), with a small file. */
function createRequest(sample: WorldSample, rnd: Rand, n: number): BenchRequest {
  // A document of the world, not one the bench made (the 1 MB scenario's, with its fields as copied).
  const worldDocs = sample.docs.filter((d) => !String(d.name__v ?? '').startsWith('dms-sim bench'));
  const model = pick(rnd, worldDocs.length ? worldDocs : sample.docs);
  const fields: Record<string, string> = { name__v: `dms-sim bench mixed ${n}` };
  // Its classification and lifecycle, and its custom fields (a Doctype may require some).
  const keys = ['type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'product__v', ...Object.keys(model).filter((k) => k.endsWith('__c'))];
  for (const k of keys) {
    const v = model[k];
    const s = text(v) ?? (Array.isArray(v) && v.every((x) => typeof x === 'string') && v.length ? v.join(',') : undefined);
    if (s) fields[k] = s;
  }
  const mp = multipart(fields, { name: `bench-${n}.txt`, bytes: Buffer.from(`dms-sim bench create ${n}\n`) });
  return { method: 'POST', path: `/api/${sample.version}/objects/documents`, headers: { ...sample.auth, 'Content-Type': mp.contentType }, body: mp.body };
}

/** The request list of a varied scenario: `count` requests, seeded. */
export function variedRequests(name: VariedName, sample: WorldSample, opts: { count?: number; seed?: number; sorts?: readonly string[] } = {}): BenchRequest[] {
  const count = opts.count ?? VARIED_REQUESTS;
  const rnd = random(opts.seed ?? 19);
  const sorts = opts.sorts ?? SORT_CANDIDATES;
  const ids = sample.docs.map((d) => Number(d.id)).filter(Number.isInteger);
  const withFile = sample.docs.filter((d) => typeof d.size__v === 'number' && d.size__v > 0 && d.size__v < 4 * 1024 * 1024).map((d) => d.id);
  const out: BenchRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (name === 'list varied') out.push(listRequest(sample, rnd, sorts));
    else if (name === 'query varied') out.push(queryRequest(sample, rnd));
    else {
      const r = rnd() * 100;
      if (r < 30) out.push({ method: 'GET', path: `/api/${sample.version}/objects/documents/${pick(rnd, ids)}`, headers: sample.auth });
      else if (r < 60) out.push(listRequest(sample, rnd, sorts));
      else if (r < 80) out.push(queryRequest(sample, rnd));
      else if (r < 90) out.push(metadataRequest(sample, rnd));
      else if (r < 95 && withFile.length) out.push({ method: 'GET', path: `/api/${sample.version}/objects/documents/${pick(rnd, withFile)}/file`, headers: sample.auth });
      else if (r < 95) out.push({ method: 'GET', path: `/api/${sample.version}/objects/documents/${pick(rnd, ids)}`, headers: sample.auth });
      else if (r < 99) out.push(sample.login);
      else out.push(createRequest(sample, rnd, i));
    }
  }
  return out;
}

/** The sortable fields among the candidates: those a one-row list accepts (FAILURE: not sortable here). */
export async function sortableFields(send: Send, sample: WorldSample): Promise<string[]> {
  const ok: string[] = [];
  for (const f of SORT_CANDIDATES) {
    const a = await send({ method: 'GET', path: `/api/${sample.version}/objects/documents?limit=1&sort=${encodeURIComponent(`${f} ASC`)}`, headers: sample.auth });
    if (!unusable(a)) ok.push(f);
  }
  return ok;
}

/** The kind of a request of the mixed list, for its proportions (tests, report). */
export function kindOf(r: BenchRequest): 'read' | 'query' | 'metadata' | 'download' | 'login' | 'create' {
  if (r.path.includes('/metadata/') || r.path.endsWith('/users/me')) return 'metadata';
  if (r.path.endsWith('/query')) return 'query';
  if (r.path.endsWith('/auth')) return 'login';
  if (r.path.endsWith('/file')) return 'download';
  if (r.method === 'POST') return 'create';
  return 'read';
}
