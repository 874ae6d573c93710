/**
 * The request lists of the varied bench scenarios (issue 19, bench/varied.ts) are valid: on the
 * default world, in process, every request of each list answers SUCCESS (or the bytes of a file),
 * the lists are mostly distinct, and the mixed list keeps its proportions.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, BenchRequest } from '../bench/http';
import { unusable } from '../bench/http';
import { SETTLING_PASSES, settledAnswers } from '../bench/scenarios';
import { VARIED_SCENARIOS, kindOf, random, sampleWorld, sortableFields, variedRequests } from '../bench/varied';
import { createSimulator } from '../src/simulator';

const V = 'v25.3';
const BASE = 'http://127.0.0.1';

async function setup(throttling = true) {
  // The bench runs dms-sim with --no-throttle: a long run logs in more often than the burst limits allow.
  const sim = createSimulator(throttling ? {} : { settings: { throttling: false } });
  const send = async (r: BenchRequest): Promise<Answer> => {
    const res = await sim.fetch(new Request(BASE + r.path, { method: r.method, headers: r.headers, body: r.body ? new Uint8Array(r.body) : undefined }));
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };
  const login: BenchRequest = {
    method: 'POST', path: `/api/${V}/auth`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(new URLSearchParams({ username: 'tenant.admin@acme.example', password: 'Passw0rd!', tenantDNS: 'promo.acme.example' }).toString()),
  };
  const session = JSON.parse((await send(login)).body.toString()).sessionId as string;
  const sample = await sampleWorld(send, V, { Authorization: session }, login);
  return { send, sample };
}

describe('varied bench scenarios', () => {
  it('the seeded generator repeats itself and stays in [0, 1)', () => {
    const a = random(7);
    const b = random(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('every request of each list answers a success on the default world', async () => {
    const { send, sample } = await setup();
    expect(sample.docs.length).toBe(30);
    expect(sample.total).toBe(30);
    const sorts = await sortableFields(send, sample);
    expect(sorts).toContain('name__v');
    expect(sorts).toContain('id');
    for (const name of VARIED_SCENARIOS) {
      const list = variedRequests(name, sample, { count: 300, sorts });
      expect(list).toHaveLength(300);
      for (const r of list) {
        const a = await send(r);
        expect(unusable(a), `${name}: ${r.method} ${r.path} ${r.body?.toString().slice(0, 200) ?? ''}: ${a.body.toString().slice(0, 300)}`).toBeUndefined();
      }
      if (name !== 'mixed') {
        const distinct = new Set(list.map((r) => `${r.path} ${r.body?.toString() ?? ''}`));
        expect(distinct.size, name).toBeGreaterThan(150);
      }
    }
  }, 60_000);

  it('the mixed list keeps the client mix of issue 19', async () => {
    const { sample } = await setup();
    const list = variedRequests('mixed', sample, { count: 10_000, sorts: ['id', 'name__v'] });
    const share = (k: string) => list.filter((r) => kindOf(r) === k).length / list.length;
    expect(share('read')).toBeGreaterThan(0.57);
    expect(share('read')).toBeLessThan(0.63);
    expect(share('query')).toBeGreaterThan(0.18);
    expect(share('query')).toBeLessThan(0.22);
    expect(share('metadata')).toBeGreaterThan(0.08);
    expect(share('metadata')).toBeLessThan(0.12);
    expect(share('download')).toBeGreaterThan(0.04);
    expect(share('download')).toBeLessThan(0.06);
    expect(share('login')).toBeGreaterThan(0.03);
    expect(share('login')).toBeLessThan(0.05);
    expect(share('create')).toBeGreaterThan(0.005);
    expect(share('create')).toBeLessThan(0.015);
  });

  it('the answers the ceiling serves: one pass of a list that creates nothing; for mixed, those of a later pass, once its answers stop growing', async () => {
    const { send, sample } = await setup(false);
    let sent = 0;
    const counted = (r: BenchRequest) => (sent++, send(r));
    const lists = variedRequests('list varied', sample, { count: 200, sorts: ['id', 'name__v'] });
    const listed = await settledAnswers(counted, lists);
    expect([sent, 'passes' in listed && listed.passes]).toEqual([200, 1]);

    const mixed = variedRequests('mixed', sample, { count: 300, sorts: ['id', 'name__v'] });
    const creates = mixed.filter((r) => kindOf(r) === 'create').length;
    expect(creates).toBeGreaterThan(0);
    const first: Answer[] = [];
    for (const r of mixed) first.push(await send(r));
    sent = 0;
    const settled = await settledAnswers(counted, mixed);
    if (!('passes' in settled)) throw new Error(settled.na);
    expect(settled.passes).toBeGreaterThan(1);
    expect(settled.passes).toBeLessThanOrEqual(SETTLING_PASSES);
    expect(sent).toBe(300 * settled.passes);
    // The world grew by every create of every pass, and the answers with it.
    const total = JSON.parse((await send({ ...mixed.find((r) => r.path.endsWith('/query'))!, body: Buffer.from('q=SELECT%20id%20FROM%20documents%20PAGESIZE%201') })).body.toString()).responseDetails.total;
    expect(total).toBe(sample.total + creates * (settled.passes + 1));
    const mean = (as: Answer[]) => as.reduce((n, a) => n + a.body.byteLength, 0) / as.length;
    expect(mean(settled.answers)).toBeGreaterThan(mean(first));
  }, 120_000);
});
