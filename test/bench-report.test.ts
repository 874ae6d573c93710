/** bench/report.ts: a verdict says when the ceiling was not the limit (the load generator was). */
import { describe, expect, it } from 'vitest';
import type { Measure } from '../bench/measure';
import { busyShare, p99Text, table, worstRoundP99 } from '../bench/report';

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

  it("shows the p99 of all requests, the worst round's own p99 in brackets, and judges the first", () => {
    const rounds = (p99: number, p99Rounds: number[]): Measure => ({ ...m(12_000, 70, p99), p99Rounds });
    const line = row(rounds(18, [12, 41]), rounds(10, [8, 10]));
    expect(line).toContain('| 18 (41) |');
    expect(line).toContain('| 10 (10) |');
    // Judged on 18, not on the worst round's 41.
    expect(line).toContain('met (ratio 100% ≥ 50%; p99 18 ≤ 2×10 ms)');
    expect(worstRoundP99(rounds(18, [12, 41]))).toBe(41);
    // One round (or a measure made by hand): no brackets.
    expect(worstRoundP99(rounds(18, [18]))).toBeNull();
    expect(worstRoundP99(m(1, 1))).toBeNull();
    expect([p99Text(30, null), p99Text(30, 52), p99Text(null, 52)]).toEqual(['30', '30 (52)', 'n/a']);
  });
});
