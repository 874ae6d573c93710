/** bench/report.ts: a verdict says when the ceiling was not the limit (the load generator was). */
import { describe, expect, it } from 'vitest';
import type { Measure } from '../bench/measure';
import { busyShare, table } from '../bench/report';

const m = (rps: number, cpuUsPerReq: number | null, p99 = 5): Measure => ({ rps, cpuUsPerReq, p50: 2, p99, errors: 0, non2xx: 0, requests: rps * 10, seconds: 10 });
const row = (dms: Measure, ceiling: Measure) => table([{ name: 'list 20', dms, ceiling, rssAfter: 120 }])[2];

describe('bench report', () => {
  it('reads how busy a server kept its core: rps times CPU per request', () => {
    expect(busyShare(20_000, 40)).toBeCloseTo(0.8);
    expect(busyShare(20_000, null)).toBeNull();
    expect(busyShare(null, 40)).toBeNull();
  });

  it('flags a ratio whose ceiling kept its core less than 80% busy, met or not', () => {
    expect(row(m(12_000, 70), m(12_500, 43))).toContain('met (ratio 96% ≥ 50%; p99 5 ≤ 2×5 ms) — but the ceiling kept its core only 54% busy: the load generator held it back, and the ratio flatters dms-sim');
    expect(row(m(4_000, 100), m(12_500, 43))).toContain('gap: ratio 32% < 50%');
    expect(row(m(4_000, 100), m(12_500, 43))).toContain('only 54% busy');
    // A saturated ceiling (or no /proc) gives the plain verdict.
    expect(row(m(12_000, 70), m(21_000, 45))).toMatch(/met \(ratio 57% ≥ 50%; p99 5 ≤ 2×5 ms\) \|$/);
    expect(row(m(12_000, 70), m(21_000, null))).not.toContain('busy');
  });
});
