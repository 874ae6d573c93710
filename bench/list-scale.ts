/**
 * Endpoint 21 at scale, in process (issue 19): the cost of a fresh documents page on a fixture set
 * (default: a generated world), for the default order and each sortable field, both directions,
 * at spread offsets, as the administrator and as a user who sees part of the world; also after a
 * create and a check-out (the indexes' upkeep). Domain level (listDocuments), no HTTP; each page
 * asked once with new parameters (kept answers never hit). Bounded: ROUNDS pages per case.
 *
 *   npx tsx bench/list-scale.ts --fixtures /tmp/w100k [--rounds 20]
 */
import { parseArgs } from 'node:util';
import { GENERATED_ADMIN, GENERATED_TENANT } from '../src/fixtures/generate';
import { createSimulator } from '../src/simulator';
import { listDocuments } from '../src/domain/documents';

const { values } = parseArgs({ options: { fixtures: { type: 'string' }, rounds: { type: 'string', default: '20' } } });
if (!values.fixtures) throw new Error('--fixtures DIR is required (npm run fixtures:generate -- --documents 100000 --out DIR)');
const ROUNDS = Math.min(200, Math.max(1, Number(values.rounds)));

const t0 = performance.now();
const sim = createSimulator({ fixtures: values.fixtures });
const world = sim.world;
const tenant = world.tenants.byDnsName(GENERATED_TENANT)!;
const store = world.documents.stores.get(tenant.id)!;
const admin = world.users.byUsername(GENERATED_ADMIN)!;
const member = world.users.all().find((u) => u.username !== GENERATED_ADMIN && u.memberships?.some((m: { tenant: unknown }) => m.tenant === tenant.id || m.tenant === GENERATED_TENANT)) ?? world.users.all().find((u) => u.id === 90002)!;
console.log(`loaded ${store.size()} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s; rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const fmt = (x: number) => x.toFixed(2);
const rows: string[][] = [];
let salt = 0;
function time(name: string, user: typeof admin, sort: string | undefined) {
  const times: number[] = [];
  let first = 0;
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    // A new (start, limit) each round: never a kept answer.
    const start = Math.floor(((i * 7919 + salt++) % 97) / 97 * Math.max(1, store.size() - 50));
    const t = performance.now();
    const r = listDocuments(store, user, { sort, start, limit: 20 + (salt % 7) });
    const took = performance.now() - t;
    total = r.total;
    if (i === 0) first = took;
    else times.push(took);
  }
  rows.push([name, String(total), fmt(first), fmt(pct(times, 50)), fmt(pct(times, 99))]);
}

const fields = ['id', 'name__v', 'document_number__v', 'status__v', 'document_creation_date__v', 'version_modified_date__v'];
for (const [who, user] of [['admin', admin], ['member', member]] as const) {
  time(`${who}: default order`, user, undefined);
  for (const f of fields) for (const dir of ['ASC', 'DESC']) time(`${who}: ${f} ${dir}`, user, `${f} ${dir}`);
}
// Upkeep: a check-out by the administrator, then the same pages again.
const locked = [...Array(50).keys()].map((i) => i + 1).find((id) => { try { store.lock(admin, id); return true; } catch { return false; } });
time(`admin after check-out of ${locked}: name__v ASC`, admin, 'name__v ASC');
time(`member after check-out of ${locked}: name__v DESC`, member, 'name__v DESC');

const head = ['case', 'total', 'first ms', 'median ms', 'p99 ms'];
const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
console.log(`\nendpoint 21 in process, ${store.size()} documents, ${ROUNDS} fresh pages per case (member: ${member.username})`);
console.log([line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
console.log(`rss after: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
process.exit(0);
