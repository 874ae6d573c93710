/**
 * Query benchmark (issue 7): a generated tenant of 100,000 documents (src/fixtures/generate.ts),
 * queries through the HTTP layer in-process (`sim.fetch`, the full request path: session,
 * validation, handler, JSON), median and p99 latency per query; plus the engine-only time of
 * `WHERE id = n` (parse + evaluate, no HTTP). The set is written by the generator and loaded the
 * normal way (`createSimulator({ fixtures: dir })`); start-up time and memory are printed. The
 * "first" column is the first call of each query (cold caches: the first query of a user builds
 * its visible rows; the first use of a field, a FIND scope or an ORDER BY builds its cache).
 * Prints a table; asserts nothing.
 *
 *   tsx bench/query.ts [--documents N] [--iterations K] [--seed S]
 *   node --expose-gc --import tsx bench/query.ts      (heap figure after a GC)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED_ADMIN, GENERATED_PASSWORD, GENERATED_TENANT, generateFixtures, writeFixtures } from '../src/fixtures/generate';
import { createSimulator } from '../src/simulator';
import { queryCatalog, find, page } from '../src/domain/query';
import { parse } from '../src/vql';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCUMENTS = arg('documents', 100_000);
const ITERATIONS = arg('iterations', 200);
const SEED = arg('seed', 1);
const BASE = 'http://localhost:8080';
const V = 'v25.3';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => x.toFixed(x < 1 ? 3 : 2);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dms-sim-bench-'));
  try {
    let t = performance.now();
    writeFixtures(dir, generateFixtures({ documents: DOCUMENTS, seed: SEED }));
    console.log(`generated ${DOCUMENTS} documents in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    globalThis.gc?.();
    const before = process.memoryUsage();
    t = performance.now();
    // The normal start-up path: loadFixtures reads documents.jsonl (and the YAML files), validates, builds the world.
    const sim = createSimulator({ fixtures: dir, publicUrl: BASE, settings: { throttling: false } });
    const loadSeconds = (performance.now() - t) / 1000;
    globalThis.gc?.();
    const after = process.memoryUsage();
    console.log(`started the simulator on it (createSimulator({ fixtures: dir }), documents.jsonl ${mb(statSync(join(dir, 'documents.jsonl')).size)}) in ${loadSeconds.toFixed(1)} s;`
      + ` heap used ${mb(after.heapUsed)} (+${mb(after.heapUsed - before.heapUsed)}), rss ${mb(after.rss)}${globalThis.gc ? '' : ' (run with --expose-gc for a heap figure after GC)'}`);

    const login = await sim.fetch(new Request(`${BASE}/api/${V}/auth`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: GENERATED_ADMIN, password: GENERATED_PASSWORD, tenantDNS: GENERATED_TENANT }),
    }));
    const session = (await login.json()).sessionId as string;
    const call = async (q: string) => {
      const res = await sim.fetch(new Request(`${BASE}/api/${V}/query`, {
        method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ q }),
      }));
      return res.json();
    };
    const follow = async (url: string) => (await sim.fetch(new Request(url, { method: 'POST', headers: { Authorization: session } }))).json();

    const mid = Math.floor(DOCUMENTS / 2);
    // A LIKE that finds something: the first word of a document name (a product name).
    const first = await call('SELECT name__v FROM documents WHERE id = 1');
    const prefix = String(first.data?.[0]?.name__v ?? 'A').split(' ')[0].replace(/'/g, '');
    const queries: { name: string; q: string; pages?: boolean }[] = [
      { name: 'id = n', q: `SELECT id, name__v, status__v FROM documents WHERE id = ${mid}` },
      { name: 'date range', q: "SELECT id, name__v FROM documents WHERE document_creation_date__v BETWEEN '2024-01-01' AND '2024-01-31'" },
      { name: `LIKE '${prefix}%'`, q: `SELECT id, name__v FROM documents WHERE name__v LIKE '${prefix}%'` },
      { name: 'IN', q: "SELECT id, name__v FROM documents WHERE therapeutic_area__c IN ('oncology__c', 'neurology__c') PAGESIZE 100" },
      { name: 'FIND', q: "SELECT id, name__v FROM documents FIND ('intelligent')" },
      { name: 'ORDER BY + paging (page 1)', q: 'SELECT id, name__v, document_creation_date__v FROM documents ORDER BY document_creation_date__v DESC PAGESIZE 100' },
      { name: 'ORDER BY + paging (next_page)', q: '', pages: true },
    ];

    const rows: string[][] = [];
    let nextLink: string | undefined;
    for (const { name, q, pages } of queries) {
      const times: number[] = [];
      let total = 0;
      let firstTime = 0;
      const warm = pages ? 5 : 10;
      for (let i = 0; i < ITERATIONS + warm; i++) {
        const start = performance.now();
        const body = pages ? await follow(nextLink!) : await call(q);
        const took = performance.now() - start;
        if (body.responseStatus === 'FAILURE') throw new Error(`${name}: ${JSON.stringify(body.errors)}`);
        total = body.responseDetails.total;
        if (!pages && body.responseDetails.next_page) nextLink = body.responseDetails.next_page;
        if (i === 0) firstTime = took;
        if (i >= warm) times.push(took);
      }
      rows.push([name, String(total), ms(firstTime), ms(pct(times, 50)), ms(pct(times, 99))]);
    }

    // Engine only: parse + find + page of `WHERE id = n`, no HTTP.
    const world = sim.world;
    const tenant = world.tenants.byDnsName(GENERATED_TENANT)!;
    const user = world.users.byUsername(GENERATED_ADMIN)!;
    const data = { documents: world.documents.stores.get(tenant.id), groups: world.documents.groups, registry: world.configuration.get(tenant.id), users: world.users.all() };
    const engine: number[] = [];
    for (let i = 0; i < ITERATIONS * 5 + 50; i++) {
      const id = 1 + ((i * 7919) % DOCUMENTS);
      const start = performance.now();
      const ast = parse(`SELECT id, name__v, status__v FROM documents WHERE id = ${id}`);
      const catalog = queryCatalog(data, tenant, user);
      const found = find(ast, catalog);
      page(ast.select, ast.from, found.rows, catalog, 1000, 0, 1000);
      if (i >= 50) engine.push(performance.now() - start);
    }
    rows.push(['engine only: id = n', '1', '', ms(pct(engine, 50)), ms(pct(engine, 99))]);

    const head = ['query', 'total', 'first ms', 'median ms', 'p99 ms'];
    const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
    console.log(`\nquery latency through the HTTP layer (in-process), ${DOCUMENTS} documents, ${ITERATIONS} runs each, as the tenant administrator`);
    console.log(line(head));
    console.log(`|${width.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const r of rows) console.log(line(r));
    globalThis.gc?.();
    const end = process.memoryUsage();
    console.log(`\nafter the runs (the admin's query caches built, paging results kept): heap used ${mb(end.heapUsed)}, rss ${mb(end.rss)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
