/**
 * bench/scale.md (issue 19): the growth of the cost per request from the smallest world to the
 * largest, judged for list and query pages only, and the table rows per scenario and size.
 */
import { describe, expect, it } from 'vitest';
import type { BenchJson } from '../bench/report';
import { type ScaleRun, growthOf, scaleMarkdown } from '../bench/scale-report';

function bench(costs: Record<string, number | null>, cold = 900, peak = 300): BenchJson {
  return {
    scenarios: Object.entries(costs).map(([name, cpu]) => ({
      name, rps: 1000, p50_ms: 4, p99_ms: 30, ceiling_rps: 4000, ceiling_p99_ms: 12, ratio: 0.25,
      cpu_us_per_req: cpu, ceiling_cpu_us_per_req: 40, rss_after_mb: 310.26,
    })),
    cold_start_ms: { dms_sim: cold, ceiling: 300 },
    peak_rss_mb: { dms_sim: peak, ceiling: 90 },
  };
}

const runs: ScaleRun[] = [
  { documents: 100_000, bench: bench({ 'list varied': 300, 'query varied': 500, mixed: 900 }, 2800, 420) },
  { documents: 1000, bench: bench({ 'list varied': 100, 'query varied': 400, mixed: 300 }) },
  { documents: 10_000, bench: bench({ 'list varied': 150, 'query varied': 420, mixed: 400 }) },
];

describe('bench/scale.md', () => {
  it('growth is the largest world\'s CPU per request over the smallest\'s, whatever order the runs came in', () => {
    expect(growthOf(runs, 'list varied')).toEqual({ factor: 3, verdict: 'gap: > 2×' });
    expect(growthOf(runs, 'query varied')).toEqual({ factor: 1.25, verdict: 'met (≤ 2×)' });
    expect(growthOf(runs, 'mixed')).toEqual({ factor: 3, verdict: 'reported (no target)' });
  });

  it('measured in the same rounds, growth is the median of the per-round ratios (a slow round weighs on both worlds), with their range', () => {
    const paired: ScaleRun[] = [
      { ...runs[0], rounds: { 'list varied': [330, 180, 200] } },
      { ...runs[1], rounds: { 'list varied': [150, 100, 160] } },
    ];
    // Ratios 2.2, 1.8, 1.25: the median 1.8, where the totals (300 / 100) would say 3.
    expect(growthOf(paired, 'list varied')).toEqual({ factor: 1.8, range: [1.25, 2.2], verdict: 'met (≤ 2×)' });
    const md = scaleMarkdown(paired, { command: 'npm run bench:scale', duration: 6, rounds: 3, requests: 300, load: [1, 2] });
    expect(md).toContain('| list varied | 1.80× | 1.25–2.20× | met (≤ 2×) |');
    expect(md).toContain('6 s per scenario and server in 3 rounds');
    // Rounds that do not pair up (a round without a figure, or counts that differ): the ratio of the costs.
    expect(growthOf([{ ...paired[0], rounds: { 'list varied': [330, null, 200] } }, paired[1]], 'list varied')).toEqual({ factor: 3, verdict: 'gap: > 2×' });
    expect(growthOf([{ ...paired[0], rounds: { 'list varied': [330, 180] } }, paired[1]], 'list varied').factor).toBe(3);
  });

  it('a missing figure or a single world gives no growth', () => {
    expect(growthOf([runs[0]], 'list varied')).toEqual({ factor: null, verdict: 'n/a' });
    expect(growthOf([runs[1], { documents: 5000, bench: bench({ 'list varied': null }) }], 'list varied')).toEqual({ factor: null, verdict: 'n/a' });
  });

  it("writes the worst round's p99 in brackets beside the p99 of all requests, when the run kept it", () => {
    const withWorst: ScaleRun = { documents: 1000, bench: bench({ 'list varied': 100 }) };
    withWorst.bench.scenarios[0] = { ...withWorst.bench.scenarios[0], p99_worst_round_ms: 45, ceiling_p99_worst_round_ms: 14 };
    const md = scaleMarkdown([withWorst], { command: 'npm run bench:scale', duration: 5, requests: 300, load: [1, 2] });
    expect(md).toContain('| list varied | 1k | 1000 | 4 | 30 (45) | 4000 | 12 (14) |');
  });

  it('writes a row per scenario and size, smallest first, then the growth and the start-up figures', () => {
    const md = scaleMarkdown(runs, { command: 'npm run bench:scale', duration: 5, requests: 300, load: [1, 2], date: new Date('2026-11-25T00:00:00Z') });
    const rows = md.split('\n').filter((l) => l.startsWith('| list varied |'));
    expect(rows).toEqual([
      "| list varied | 1k | 1000 | 4 | 30 | 4000 | 12 | 25% (ceiling's core 16% busy: held back by the load generator) | 100.0 / 40.0 | 310.3 MB |",
      "| list varied | 10k | 1000 | 4 | 30 | 4000 | 12 | 25% (ceiling's core 16% busy: held back by the load generator) | 150.0 / 40.0 | 310.3 MB |",
      "| list varied | 100k | 1000 | 4 | 30 | 4000 | 12 | 25% (ceiling's core 16% busy: held back by the load generator) | 300.0 / 40.0 | 310.3 MB |",
      '| list varied | 3.00× | n/a | gap: > 2× |',
    ]);
    expect(md).toContain('## Growth of the cost per request, 1k → 100k documents');
    expect(md).toContain('| query varied | 1.25× | n/a | met (≤ 2×) |');
    expect(md).toContain('| 100k | 2800 | 420.0 |');
    expect(md).toContain('- date: 2026-11-25T00:00:00.000Z');
    // 4000 rps at 40 µs: the ceiling's core 16% busy.
    expect(md).toContain("| 25% (ceiling's core 16% busy: held back by the load generator) |");
    const saturated = bench({ 'list varied': 100 });
    saturated.scenarios[0].ceiling_rps = 24_000;
    expect(scaleMarkdown([{ documents: 1000, bench: saturated }], { command: 'x', duration: 5, requests: 300, load: [1, 1] })).toContain('| 25% | 100.0 / 40.0 |');
  });
});
