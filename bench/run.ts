/**
 * `npm run bench`: dms-sim against its framework ceiling, in one run (issue 10).
 *
 * Starts dms-sim (`src/cli.ts --no-throttle --port 0`, default world) and a bare Hono server
 * (`bench/ceiling.ts`) that serves, per scenario, the very bytes dms-sim answered, as child
 * processes spawned the same way (`node --import tsx ...`), pinned to core 0 when `taskset`
 * exists; this process (autocannon) pins itself to core 1. 50 connections, loopback only, every
 * wait bounded, every child killed at the end, on error and on SIGINT/SIGTERM.
 *
 *   npm run bench -- [--duration SECONDS] [--scenarios "GET /api/,list 20"] [--json FILE]
 *                    [--results FILE (default bench/results.md)] [--no-results]
 *
 * A scenario whose endpoint answers FAILURE (e.g. not implemented yet) is reported `n/a (...)`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { CapturedAnswer } from './ceiling';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 50;
const VERSION = 'v25.3';
const USERNAME = 'alice@acme.example';
const PASSWORD = 'Passw0rd!';
const COLD_START_RUNS = 5;
const START_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
const FILE_BYTES = 1024 * 1024;
const NOT_IMPLEMENTED_HEADER = 'x-dmssim-not-implemented';

export const SCENARIOS = ['GET /api/', 'list 20', 'list 200', 'document', 'file 1MB', 'query', 'login'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** Issue 10's targets. */
const TARGETS = {
  ratio: { 'GET /api/': 0.7, 'list 20': 0.5, 'list 200': 0.6 } as Partial<Record<ScenarioName, number>>,
  p99Factor: 2,
  coldStartFactor: 1.5,
  peakRssMb: 200,
};

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server spent per answered request (µs), from /proc: robust on a busy machine. */
  cpuUsPerReq: number | null;
}

interface ScenarioResult {
  name: ScenarioName;
  na?: string;
  dms?: Measure;
  ceiling?: Measure;
}

export interface BenchJson {
  scenarios: { name: string; rps: number | null; p50_ms: number | null; p99_ms: number | null; ceiling_rps: number | null; ratio: number | null }[];
  cold_start_ms: { dms_sim: number | null; ceiling: number | null };
  peak_rss_mb: { dms_sim: number | null; ceiling: number | null };
}

// ---------------------------------------------------------------------------------------------
// Child processes: spawned the same way, tracked, always killed.

const children = new Set<ChildProcess>();
let activeCannon: { stop(): void } | undefined;

function hasTaskset(): boolean {
  if (process.platform !== 'linux' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

const PINNED = hasTaskset();
/** CPUs of the machine, read before this process pins itself to one. */
const NPROC = availableParallelism();

interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
}

/** Spawns `node --import tsx SCRIPT ARGS` (on core 0 when pinned) and waits for its address. */
function startServer(script: string, args: string[]): Promise<Server> {
  const node = [process.execPath, '--import', 'tsx', script, ...args];
  const argv = PINNED ? ['taskset', '-c', '0', ...node] : node;
  const child = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`${script} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (e: Error) => {
      clearTimeout(timer);
      kill(child);
      reject(e);
    };
    child.stderr!.on('data', (d: Buffer) => {
      if (err.length < 20_000) err += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      if (out.length > 20_000) return;
      out += d.toString();
      const m = /listening on http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // Keep draining the pipes so that a chatty child never blocks on a full pipe.
        child.stdout!.removeAllListeners('data').resume();
        child.stderr!.removeAllListeners('data').resume();
        resolvePromise({ child, pid: child.pid!, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.once('error', (e) => fail(e));
    child.once('exit', (code, signal) => fail(new Error(`${script} exited (${signal ?? code}) before listening:\n${err.trim()}`)));
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.exitCode === null && child.signalCode === null) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child is gone (bounded). */
function stop(child: ChildProcess, graceMs = 2_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const hard = setTimeout(() => kill(child, 'SIGKILL'), graceMs);
    const give = setTimeout(resolvePromise, graceMs + 2_000);
    child.once('exit', () => {
      clearTimeout(hard);
      clearTimeout(give);
      resolvePromise();
    });
    kill(child, 'SIGTERM');
  });
}

async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stop(c)));
}

process.on('exit', () => {
  for (const c of children) kill(c);
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => {
    console.error(`\nbench: ${sig}, stopping`);
    activeCannon?.stop();
    for (const c of children) kill(c);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers (setup and capture only; the load itself is autocannon's).

interface Answer {
  status: number;
  contentType: string;
  notImplemented?: string;
  body: Buffer;
}

async function call(base: string, r: BenchRequest): Promise<Answer> {
  const res = await fetch(base + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body ? (new Uint8Array(r.body) as Uint8Array<ArrayBuffer>) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    notImplemented: res.headers.get(NOT_IMPLEMENTED_HEADER) ?? undefined,
    body,
  };
}

function jsonOf(a: Answer): any {
  if (!a.contentType.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(a.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Why an answer cannot be benchmarked, or undefined when it is a success. */
function unusable(a: Answer): string | undefined {
  if (a.notImplemented) return 'not implemented';
  const json = jsonOf(a);
  if (a.status !== 200) return `HTTP ${a.status}`;
  if (json && json.responseStatus !== undefined && json.responseStatus !== 'SUCCESS' && json.responseStatus !== 'WARNING') {
    const e = json.errors?.[0];
    return `${json.responseStatus}${e ? `: ${e.type}` : ''}`;
  }
  return undefined;
}

const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' };

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----dms-sim-bench-${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Scenarios: the request of each, prepared against the running dms-sim.

type Prepared = { request: BenchRequest; answer: Answer } | { na: string };

async function prepareScenarios(base: string, wanted: ScenarioName[]): Promise<Map<ScenarioName, Prepared>> {
  const out = new Map<ScenarioName, Prepared>();
  const want = (n: ScenarioName) => wanted.includes(n);
  const tryRequest = async (r: BenchRequest): Promise<Prepared> => {
    const answer = await call(base, r);
    const why = unusable(answer);
    return why ? { na: why } : { request: r, answer };
  };

  const loginRequest: BenchRequest = { method: 'POST', path: `/api/${VERSION}/auth`, headers: FORM_HEADERS, body: form({ username: USERNAME, password: PASSWORD }) };
  if (want('GET /api/')) out.set('GET /api/', await tryRequest({ method: 'GET', path: '/api/', headers: {} }));

  const needsSession = wanted.some((n) => n !== 'GET /api/' && n !== 'login');
  let session: string | undefined;
  if (needsSession) {
    const a = await call(base, loginRequest);
    session = jsonOf(a)?.sessionId;
    if (!session) throw new Error(`bench: login as ${USERNAME} failed: ${a.body.toString('utf8').slice(0, 300)}`);
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
  return out;
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

  // Create one: the classification and lifecycle of an existing document are valid in this world.
  const model = docs[0];
  const fields: Record<string, string> = { name__v: `dms-sim bench 1MB ${Date.now()}` };
  for (const k of ['type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'product__v']) {
    const v = model[k];
    if (typeof v === 'string' && v) fields[k] = v;
  }
  const bytes = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24; // deterministic, not all zeros
  const mp = multipart(fields, { name: 'bench-1mb.bin', bytes });
  const created = await call(base, { method: 'POST', path: `/api/${VERSION}/objects/documents`, headers: { ...auth, 'Content-Type': mp.contentType }, body: mp.body });
  const why = unusable(created);
  if (why) return { na: why === 'not implemented' ? why : `creating a 1 MB document: ${why}` };
  const id = jsonOf(created)?.id;
  if (id === undefined) return { na: 'creating a 1 MB document answered no id' };
  const p = await tryRequest(fileOf(id));
  if ('answer' in p && Math.abs(p.answer.body.byteLength - FILE_BYTES) > FILE_BYTES / 10) {
    return { na: `the downloaded file has ${p.answer.body.byteLength} bytes, not ~1 MB` };
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/** User + system CPU time of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms), or null. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

function cannon(base: string, r: BenchRequest, seconds: number, serverPid: number): Promise<Measure> {
  const cpu0 = cpuMs(serverPid);
  return new Promise((resolvePromise, reject) => {
    const guard = setTimeout(() => {
      instance.stop();
      reject(new Error(`autocannon did not finish within ${seconds + 30} s`));
    }, (seconds + 30) * 1000);
    const instance = autocannon(
      {
        url: base + r.path,
        method: r.method,
        headers: r.headers,
        body: r.body,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
      },
      (err, result) => {
        clearTimeout(guard);
        activeCannon = undefined;
        if (err) return reject(err);
        const cpu1 = cpuMs(serverPid);
        resolvePromise({
          cpuUsPerReq: cpu0 === null || cpu1 === null || result.requests.total === 0 ? null : ((cpu1 - cpu0) * 1000) / result.requests.total,
          rps: result.requests.total / Math.max(result.duration, 1e-9),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
    activeCannon = instance;
  });
}

async function coldStart(script: string, args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < COLD_START_RUNS; i++) {
    const t0 = performance.now();
    const s = await startServer(script, args);
    try {
      const deadline = t0 + START_TIMEOUT_MS;
      for (;;) {
        try {
          const a = await call(s.base, { method: 'GET', path: '/api/', headers: {} });
          if (a.status === 200) break;
        } catch {
          /* not answering yet */
        }
        if (performance.now() > deadline) throw new Error(`${script}: no answer to GET /api/ within ${START_TIMEOUT_MS} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - t0);
    } finally {
      await stop(s.child);
    }
  }
  return median(times);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** VmHWM of /proc/<pid>/status in MB, or null where there is no /proc. */
function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting.

const r1 = (x: number) => Math.round(x * 10) / 10;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function verdict(s: ScenarioResult): string {
  if (!s.dms || !s.ceiling) return `n/a (${s.na})`;
  const gaps: string[] = [];
  const notes: string[] = [];
  const ratio = s.dms.rps / s.ceiling.rps;
  const target = TARGETS.ratio[s.name];
  if (target !== undefined) {
    if (ratio >= target) notes.push(`ratio ${pct(ratio)} ≥ ${pct(target)}`);
    else gaps.push(`ratio ${pct(ratio)} < ${pct(target)} (needs ${Math.round(target * s.ceiling.rps)} rps, ${Math.round((target / ratio - 1) * 100)}% more)`);
  }
  const p99Max = TARGETS.p99Factor * s.ceiling.p99;
  if (s.dms.p99 <= p99Max) notes.push(`p99 ${s.dms.p99} ≤ 2×${s.ceiling.p99} ms`);
  else gaps.push(`p99 ${s.dms.p99} ms > 2×${s.ceiling.p99} ms`);
  if (s.dms.errors || s.dms.non2xx) gaps.push(`${s.dms.errors} errors, ${s.dms.non2xx} non-2xx`);
  return gaps.length ? `gap: ${gaps.join('; ')}` : `met (${notes.join('; ')})`;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function table(results: ScenarioResult[]): string[] {
  const head = ['scenario', 'dms-sim rps', 'p50 ms', 'p99 ms', 'ceiling rps', 'ceiling p50', 'ceiling p99', 'ratio', 'CPU µs/req dms-sim / ceiling', 'target'];
  const cpu = (m: Measure) => (m.cpuUsPerReq === null ? 'n/a' : m.cpuUsPerReq.toFixed(1));
  const rows = results.map((s) =>
    s.dms && s.ceiling
      ? [s.name, String(Math.round(s.dms.rps)), String(s.dms.p50), String(s.dms.p99), String(Math.round(s.ceiling.rps)), String(s.ceiling.p50), String(s.ceiling.p99), pct(s.dms.rps / s.ceiling.rps), `${cpu(s.dms)} / ${cpu(s.ceiling)}`, verdict(s)]
      : [s.name, `n/a (${s.na})`, '', '', '', '', '', '', '', verdict(s)],
  );
  return [head, ...rows].map((r) => `| ${r.join(' | ')} |`).flatMap((line, i) => (i === 0 ? [line, `|${head.map(() => '---').join('|')}|`] : [line]));
}

function toJson(results: ScenarioResult[], cold: { dms: number | null; ceiling: number | null }, rss: { dms: number | null; ceiling: number | null }): BenchJson {
  return {
    scenarios: results.map((s) => ({
      name: s.name,
      rps: s.dms ? r1(s.dms.rps) : null,
      p50_ms: s.dms ? s.dms.p50 : null,
      p99_ms: s.dms ? s.dms.p99 : null,
      ceiling_rps: s.ceiling ? r1(s.ceiling.rps) : null,
      ratio: s.dms && s.ceiling ? r3(s.dms.rps / s.ceiling.rps) : null,
    })),
    cold_start_ms: { dms_sim: cold.dms === null ? null : r1(cold.dms), ceiling: cold.ceiling === null ? null : r1(cold.ceiling) },
    peak_rss_mb: { dms_sim: rss.dms === null ? null : r1(rss.dms), ceiling: rss.ceiling === null ? null : r1(rss.ceiling) },
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      scenarios: { type: 'string' },
      json: { type: 'string' },
      results: { type: 'string', default: join(ROOT, 'bench', 'results.md') },
      'no-results': { type: 'boolean' },
    },
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0 || duration > 600) throw new Error('--duration must be a number of seconds from 1 to 600');
  const wanted = values.scenarios ? values.scenarios.split(',').map((s) => s.trim()).filter(Boolean) : [...SCENARIOS];
  for (const n of wanted) if (!(SCENARIOS as readonly string[]).includes(n)) throw new Error(`unknown scenario "${n}"; one of: ${SCENARIOS.join(', ')}`);
  const scenarios = SCENARIOS.filter((n) => wanted.includes(n));
  const warmup = Math.min(2, duration);

  // The load generator on core 1, the servers on core 0.
  if (PINNED) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore', timeout: 5_000 });
  console.log(`bench: ${scenarios.length} scenario(s), ${duration} s each, ${CONNECTIONS} connections, ${PINNED ? 'servers on core 0, autocannon on core 1' : 'not pinned (no taskset or one core)'}`);

  const loadBefore = loadavg()[0];
  const tmp = mkdtempSync(join(tmpdir(), 'dms-sim-bench-'));
  const simArgs = ['src/cli.ts', ['--no-throttle', '--port', '0']] as const;
  try {
    const sim = await startServer(simArgs[0], [...simArgs[1]]);
    console.log(`bench: dms-sim pid ${sim.pid} at ${sim.base}`);
    const prepared = await prepareScenarios(sim.base, scenarios);

    // The ceiling serves exactly what dms-sim answered, with its content type.
    const answers: CapturedAnswer[] = [];
    const getApi = await call(sim.base, { method: 'GET', path: '/api/', headers: {} });
    answers.push({ method: 'GET', path: '/api/', search: '', status: getApi.status, contentType: getApi.contentType, body: getApi.body.toString('base64') });
    for (const p of prepared.values()) {
      if (!('request' in p)) continue;
      const q = p.request.path.indexOf('?');
      const path = q < 0 ? p.request.path : p.request.path.slice(0, q);
      const search = q < 0 ? '' : p.request.path.slice(q);
      if (answers.some((a) => a.method === p.request.method && a.path === path && a.search === search)) continue;
      answers.push({ method: p.request.method, path, search, status: p.answer.status, contentType: p.answer.contentType, body: p.answer.body.toString('base64') });
    }
    const payloads = join(tmp, 'payloads.json');
    writeFileSync(payloads, JSON.stringify({ answers }));
    const ceilingArgs = ['bench/ceiling.ts', ['--payloads', payloads, '--port', '0']] as const;

    console.log(`bench: cold start, median of ${COLD_START_RUNS} …`);
    const cold = {
      dms: await coldStart(simArgs[0], [...simArgs[1]]),
      ceiling: await coldStart(ceilingArgs[0], [...ceilingArgs[1]]),
    };

    const ceiling = await startServer(ceilingArgs[0], [...ceilingArgs[1]]);
    console.log(`bench: ceiling pid ${ceiling.pid} at ${ceiling.base}`);
    const results: ScenarioResult[] = [];
    /** dms-sim's peak RSS after each scenario: where memory grows. */
    const hwm: string[] = [`start ${fmtMb(peakRssMb(sim.pid))}`];
    for (const name of scenarios) {
      const p = prepared.get(name)!;
      if ('na' in p) {
        console.log(`bench: ${name}: n/a (${p.na})`);
        results.push({ name, na: p.na });
        continue;
      }
      process.stdout.write(`bench: ${name}: dms-sim …`);
      await cannon(sim.base, p.request, warmup, sim.pid);
      const dms = await cannon(sim.base, p.request, duration, sim.pid);
      process.stdout.write(` ${Math.round(dms.rps)} rps; ceiling …`);
      await cannon(ceiling.base, p.request, warmup, ceiling.pid);
      const top = await cannon(ceiling.base, p.request, duration, ceiling.pid);
      console.log(` ${Math.round(top.rps)} rps`);
      // Still answering the same way after the load (no session lost, no throttling)?
      const after = unusable(await call(sim.base, p.request));
      results.push(after ? { name, na: `answered ${after} under load` } : { name, dms, ceiling: top });
      hwm.push(`${name} ${fmtMb(peakRssMb(sim.pid))}`);
    }
    const rss = { dms: peakRssMb(sim.pid), ceiling: peakRssMb(ceiling.pid) };
    await stopAll();

    const json = toJson(results, cold, rss);
    const coldMet = cold.dms <= TARGETS.coldStartFactor * cold.ceiling;
    const coldLine = `cold start (spawn → first answer of GET /api/, median of ${COLD_START_RUNS}): dms-sim ${Math.round(cold.dms)} ms, ceiling ${Math.round(cold.ceiling)} ms → ${(cold.dms / cold.ceiling).toFixed(2)}×: ${coldMet ? 'met (≤ 1.5×)' : `gap: > 1.5× (${Math.round(cold.dms - 1.5 * cold.ceiling)} ms over)`}`;
    const rssLine = `peak RSS (VmHWM): dms-sim ${fmtMb(rss.dms)} (after each scenario: ${hwm.join(', ')}), ceiling ${fmtMb(rss.ceiling)}: ${rss.dms === null ? 'n/a (no /proc)' : rss.dms <= TARGETS.peakRssMb ? 'met (≤ 200 MB)' : `gap: ${Math.round(rss.dms - TARGETS.peakRssMb)} MB over 200 MB`}`;
    const lines = table(results);
    const sizes = (['list 20', 'list 200', 'query'] as const).flatMap((n) => {
      const p = prepared.get(n);
      const j = p && 'answer' in p ? jsonOf(p.answer) : undefined;
      const count = Array.isArray(j?.documents) ? j.documents.length : Array.isArray(j?.data) ? j.data.length : undefined;
      return count === undefined ? [] : [`${n}: ${count} row(s), ${p && 'answer' in p ? p.answer.body.byteLength : 0} bytes`];
    });
    const sizeLine = sizes.length ? `answers of the default world to ${USERNAME}: ${sizes.join('; ')}` : '';
    console.log(['', ...lines, '', coldLine, rssLine, sizeLine].join('\n'));

    if (values.json) writeFileSync(values.json, JSON.stringify(json, null, 2) + '\n');
    if (!values['no-results']) {
      writeFileSync(values.results!, markdown({ duration, scenarios, lines, coldLine, rssLine, sizeLine, load: [loadBefore, loadavg()[0]] }));
      console.log(`\nbench: wrote ${values.results}`);
    }
  } finally {
    activeCannon?.stop();
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const fmtMb = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(1)} MB`);

function markdown(o: { duration: number; scenarios: string[]; lines: string[]; coldLine: string; rssLine: string; sizeLine: string; load: number[] }): string {
  const args = process.argv.slice(2).join(' ');
  return [
    '# dms-sim benchmark (issue 10)',
    '',
    `- date: ${new Date().toISOString()}`,
    `- machine: ${NPROC} CPU(s) (\`nproc\`), ${cpus()[0]?.model ?? 'unknown CPU'}, ${process.platform} ${process.arch}`,
    `- node: ${process.version}`,
    `- 1-minute load average at the start / end of the run: ${o.load.map((x) => x.toFixed(2)).join(' / ')} (other work on the machine skews rps; the CPU µs/req column, from /proc, much less)`,
    `- command: \`npm run bench${args ? ` -- ${args}` : ''}\``,
    `- load: autocannon, ${CONNECTIONS} connections, ${o.duration} s per scenario and server (after a warm-up), loopback 127.0.0.1;`
      + ` ${PINNED ? 'both servers pinned to core 0 (`taskset -c 0`), autocannon to core 1' : 'not pinned (no taskset or a single core)'}`,
    '- dms-sim: `src/cli.ts --no-throttle --port 0` on the default world; ceiling: `bench/ceiling.ts`, bare Hono on @hono/node-server serving the bytes dms-sim answered, per scenario',
    '',
    '## Results',
    '',
    ...o.lines,
    '',
    `- ${o.coldLine}`,
    `- ${o.rssLine}`,
    ...(o.sizeLine ? [`- ${o.sizeLine}`] : []),
    '',
    '## Targets (issue 10)',
    '',
    '`GET /api/` ≥ 70% of the ceiling; 20-document list ≥ 50%; 200-document list ≥ 60%; p99 ≤ 2× the ceiling\'s;',
    'cold start ≤ 1.5× the ceiling\'s; peak RSS ≤ 200 MB. The last column of the table states, per scenario, whether',
    'its targets are met or the remaining gap; `n/a` scenarios answered FAILURE (their endpoint is not implemented yet)',
    'and were not measured.',
    '',
  ].join('\n');
}

main().then(
  () => process.exit(0),
  async (e: Error) => {
    console.error(`bench: ${e.message}`);
    activeCannon?.stop();
    await stopAll();
    process.exit(1);
  },
);
