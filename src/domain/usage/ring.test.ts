import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UsageRow } from './index';
import { rowBytes, UsageRing } from './ring';

const row = (i: number, over: Partial<UsageRow> = {}): UsageRow => ({
  time: i, executionId: i % 5 === 0 ? `e${i}` : randomUUID(), method: 'GET', endpoint: '/api/v25.3', responseStatus: 'SUCCESS', clientId: 'c', delayMs: 0, durationMs: 1, ...over,
});

function filled(ring: UsageRing, rows: UsageRow[]): UsageRow[] {
  for (const r of rows) ring.push(r);
  return rows;
}

describe('UsageRing', () => {
  it('keeps every column in order across its blocks after the byte budget has dropped rows', () => {
    const ring = new UsageRing(5000, 1_000_000);
    // Big rows first: the budget drops some, so the oldest row is not in slot 0 when the second block is reached.
    const made = filled(ring, [
      ...Array.from({ length: 8 }, (_, i) => row(i, { referenceId: 'x'.repeat(100_000) })),
      ...Array.from({ length: 3000 }, (_, i) => row(i + 8, { userId: i % 3 === 0 ? undefined : i, burstRemaining: i % 7, truncatedSessionId: `s${i % 4}` })),
    ]);
    let n = 0;
    let bytes = 0;
    while (n < made.length && bytes + rowBytes(made[made.length - 1 - n]) <= 1_000_000) bytes += rowBytes(made[made.length - 1 - n++]);
    expect(ring.length).toBe(n);
    expect(ring.bytes).toBe(bytes);
    expect(ring.rows()).toEqual(made.slice(-n));
  });

  it('wraps at its capacity (not a whole number of blocks): the newest rows, oldest first, and only those kept by time', () => {
    const ring = new UsageRing(5000);
    const made = filled(ring, Array.from({ length: 12_345 }, (_, i) => row(i)));
    expect(ring.length).toBe(5000);
    expect(ring.bytes).toBe(made.slice(-5000).reduce((b, r) => b + rowBytes(r), 0));
    expect(ring.rows()).toEqual(made.slice(-5000));
    expect(ring.rows((t) => t % 1000 === 0).map((r) => r.time)).toEqual([8000, 9000, 10_000, 11_000, 12_000]);
  });

  it('makes room a block at a time, only as its rows need it: a byte budget that keeps few rows keeps the slots few', () => {
    const ring = new UsageRing(100_000, 1_000_000);
    expect(ring.room).toBe(0);
    const made = filled(ring, Array.from({ length: 20_000 }, (_, i) => row(i, { referenceId: 'r'.repeat(256), clientId: 'c'.repeat(256) })));
    const kept = ring.length;
    expect(kept).toBeLessThan(1000);
    expect(ring.room).toBe(2048);
    expect(ring.rows()).toEqual(made.slice(-kept));
    // Small rows then fill it past its first block: laid out again from slot 0, in order.
    const more = filled(ring, Array.from({ length: 3000 }, (_, i) => row(20_000 + i)));
    const all = [...made, ...more];
    expect(ring.room).toBe(4096);
    expect(ring.rows()).toEqual(all.slice(-ring.length));
    expect(ring.bytes).toBe(all.slice(-ring.length).reduce((b, r) => b + rowBytes(r), 0));
  });
});
