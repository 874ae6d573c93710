import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UsageRow } from './index';
import { rowBytes, UsageRing } from './ring';

const row = (i: number, over: Partial<UsageRow> = {}): UsageRow => ({
  time: i, executionId: i % 5 === 0 ? `e${i}` : randomUUID(), method: 'GET', endpoint: '/api/v25.3', responseStatus: 'SUCCESS', clientId: 'c', delayMs: 0, durationMs: 1, ...over,
});

describe('UsageRing', () => {
  it('grows after the byte budget has dropped rows (its oldest row not in slot 0), keeping every column in order', () => {
    const ring = new UsageRing(5000, 1_000_000);
    const made: UsageRow[] = [];
    const push = (r: UsageRow) => {
      made.push(r);
      ring.push(r);
    };
    // Big rows first: the budget drops some, so the oldest row moves off slot 0 before the ring grows.
    for (let i = 0; i < 8; i++) push(row(i, { referenceId: 'x'.repeat(100_000) }));
    for (let i = 8; i < 3008; i++) push(row(i));
    let n = 0;
    let bytes = 0;
    while (n < made.length && bytes + rowBytes(made[made.length - 1 - n]) <= 1_000_000) bytes += rowBytes(made[made.length - 1 - n++]);
    expect(ring.length).toBe(n);
    expect(ring.bytes).toBe(bytes);
    expect(ring.rows()).toEqual(made.slice(-n));
  });
});
