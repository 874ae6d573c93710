/**
 * Issue 18, defect 2: the usage log kept whatever a client sent: rows of requests with an invalid
 * session, each with a 15 KB reference id and path, grew to 1.6 GB. Now each text field is cut to
 * 256 characters, a tenant's log is bounded by rows and by bytes (oldest out), and a request that
 * named no valid session is counted globally, in no tenant's log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BYTES_PER_TENANT, MAX_FIELD_CHARS, UsageLog, type UsageRow, cut } from '../../src/domain/usage';
import { ROW_FIXED_BYTES, UsageRing, rowBytes } from '../../src/domain/usage/ring';
import { type TestSim, V, testSim } from '../helpers/sim';

const row = (i: number, over: Partial<UsageRow> = {}): UsageRow => ({
  time: i, executionId: `e${i}`, method: 'GET', endpoint: '/api', responseStatus: 'SUCCESS', clientId: 'unknown', delayMs: 0, durationMs: 1, ...over,
});

describe('usage log: growth', () => {
  it('past its row capacity a ring keeps exactly the newest `capacity` rows, across growth and wrap-around', () => {
    const ring = new UsageRing(3000);
    for (let i = 0; i < 7777; i++) ring.push(row(i));
    expect(ring.length).toBe(3000);
    const rows = ring.rows();
    expect(rows.map((r) => r.time)).toEqual(Array.from({ length: 3000 }, (_, i) => 4777 + i));
    expect(rows[0].executionId).toBe('e4777');
  });

  it('past its byte budget a ring drops the oldest rows: counted bytes never exceed it', () => {
    const one = rowBytes(row(0, { referenceId: 'r'.repeat(256), executionId: 'e0000' }));
    const budget = one * 10 + 5; // room for 10 such rows, not 11
    const ring = new UsageRing(1000, budget);
    for (let i = 0; i < 25; i++) ring.push(row(i, { referenceId: 'r'.repeat(256), executionId: `e${String(i).padStart(4, '0')}` }));
    expect(ring.length).toBe(10);
    expect(ring.bytes).toBe(one * 10);
    expect(ring.rows().map((r) => r.time)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    // Small rows fill the room the big ones leave.
    const small = rowBytes(row(99));
    ring.push(row(99));
    expect(ring.bytes).toBe(one * 9 + small);
    expect(ring.length).toBe(10);
  });

  it('each stored text field is cut to 256 characters; the log of a tenant stays within MAX_BYTES_PER_TENANT', () => {
    const log = new UsageLog(1_000_000);
    const long = 'x'.repeat(15 * 1024);
    const perRow = ROW_FIXED_BYTES + 2 * (MAX_FIELD_CHARS * 3 + 'GET'.length + 'SUCCESS'.length + 'unknown'.length);
    const fits = Math.floor(MAX_BYTES_PER_TENANT / perRow);
    for (let i = 0; i < fits + 1000; i++) log.record(1, row(i, { executionId: `${long}${i}`, endpoint: long, referenceId: long }));
    const { rows, bytes } = log.sizeOf(1);
    expect(rows).toBe(fits);
    expect(bytes).toBe(fits * perRow);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES_PER_TENANT);
    const last = log.day(1, '1970-01-01').at(-1)!;
    expect([last.executionId.length, last.endpoint.length, last.referenceId!.length]).toEqual([256, 256, 256]);
  });

  it('cutting never leaves half of a surrogate pair', () => {
    expect(cut('a'.repeat(255) + '😀')).toBe('a'.repeat(255));
    expect(cut('😀'.repeat(200)).length).toBe(256);
    expect(cut('short')).toBe('short');
  });
});

describe('usage log over HTTP (regression: 15 KB ids with an invalid session)', () => {
  let sim: TestSim;
  afterEach(() => expect(sim.breaches).toEqual([]));

  it('requests naming no valid session add no row to the tenant addressed; they are counted globally', async () => {
    sim = testSim();
    const promo = sim.world.tenants.byDnsName('promo.acme.example')!;
    const before = sim.world.usage.sizeOf(promo.id);
    const counted = sim.world.usage.unchargedCalls;
    const ref = 'r'.repeat(15 * 1024);
    const path = `/tenants/promo.acme.example/api/${V}/objects/documents?${'q'.repeat(15 * 1024)}=1`;
    for (let i = 0; i < 50; i++) {
      const body = await sim.json('GET', path, 'NOT-A-SESSION', { headers: { 'X-TenantAPI-ReferenceId': ref } });
      expect(body.errors[0].type).toBe('INVALID_SESSION_ID');
    }
    expect(sim.world.usage.sizeOf(promo.id)).toEqual(before);
    expect(sim.world.usage.unchargedCalls).toBe(counted + 50);
  });

  it('a valid session\'s call with a 15 KB reference id is logged with the first 256 characters of it', async () => {
    sim = testSim();
    const admin = await sim.login('tenant.admin@acme.example');
    const ref = 'R'.repeat(15 * 1024);
    await sim.call('GET', `/api/${V}`, { headers: { Authorization: admin, 'X-TenantAPI-ReferenceId': ref } });
    const csv = await (await sim.call('GET', `/api/${V}/logs/api_usage?date=2026-01-15`, { headers: { Authorization: admin } })).text();
    const line = csv.split('\r\n').find((l) => l.includes('RRRR'))!;
    expect(line.split(',')[9]).toBe('R'.repeat(256));
  });
});
