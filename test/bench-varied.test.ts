/**
 * The request lists of the varied bench scenarios (issue 19, bench/varied.ts) are valid: on the
 * default world, in process, every request of each list answers SUCCESS (or the bytes of a file),
 * the lists are mostly distinct, and the mixed list keeps its proportions.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, BenchRequest } from '../bench/http';
import { unusable } from '../bench/http';
import { VARIED_SCENARIOS, kindOf, random, sampleWorld, sortableFields, variedRequests } from '../bench/varied';
import { createSimulator } from '../src/simulator';

const V = 'v25.3';
const BASE = 'http://127.0.0.1';

async function setup() {
  const sim = createSimulator();
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
});
