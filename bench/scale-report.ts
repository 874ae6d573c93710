/**
 * bench/scale.md (issue 19): the varied scenarios on generated worlds of growing size, from the
 * JSON `bench/run.ts --json` writes for each, and the growth of the cost per request from the
 * smallest world to the largest (target: ≤ 2× for list and query pages).
 */
import { cpus } from 'node:os';
import type { BenchJson } from './report';
import { NPROC } from './processes';
import { pairedRatio } from './rounds';
import { heldBack, p99Text, roundsText } from './report';

/** One world's run: its size and what the bench measured on it. */
export interface ScaleRun {
  documents: number;
  bench: BenchJson;
  /** Per scenario, dms-sim's CPU µs per request in each round (the worlds measured in the same rounds, in turns). */
  rounds?: Record<string, Array<number | null>>;
}

/** Issue 19: cost per request on the largest world ≤ this many times its cost on the smallest (list and query pages). */
export const GROWTH_TARGET = 2;
/** The scenarios the growth target applies to (the mixed one holds creates, downloads and logins). */
const GROWTH_JUDGED = new Set(['list varied', 'query varied']);

const fmt = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? 'n/a' : x.toFixed(digits));
const pct = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)}%`);
const size = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/**
 * The growth of a scenario's CPU cost per request from the smallest world to the largest, and its
 * verdict: the median of the per-round ratios when both worlds were measured in the same rounds
 * (with their range), else the ratio of the two costs.
 */
export function growthOf(runs: readonly ScaleRun[], scenario: string): { factor: number | null; range?: [number, number]; verdict: string } {
  const sorted = [...runs].sort((a, b) => a.documents - b.documents);
  const cost = (r: ScaleRun) => r.bench.scenarios.find((s) => s.name === scenario)?.cpu_us_per_req ?? null;
  const [small, large] = [sorted[0], sorted[sorted.length - 1]];
  const first = small ? cost(small) : null;
  const last = large ? cost(large) : null;
  if (sorted.length < 2 || first === null || last === null || first <= 0) return { factor: null, verdict: 'n/a' };
  const paired = pairedRatio(large.rounds?.[scenario] ?? [], small.rounds?.[scenario] ?? []);
  const factor = paired ? paired.median : last / first;
  const range: [number, number] | undefined = paired ? [paired.min, paired.max] : undefined;
  const judged = !GROWTH_JUDGED.has(scenario) ? 'reported (no target)' : factor <= GROWTH_TARGET ? `met (≤ ${GROWTH_TARGET}×)` : `gap: > ${GROWTH_TARGET}×`;
  return range ? { factor, range, verdict: judged } : { factor, verdict: judged };
}

/** The markdown of bench/scale.md. */
export function scaleMarkdown(runs: readonly ScaleRun[], o: { command: string; duration: number; rounds?: number; requests: number; load: number[]; date?: Date }): string {
  const sorted = [...runs].sort((a, b) => a.documents - b.documents);
  const scenarios = [...new Set(sorted.flatMap((r) => r.bench.scenarios.map((s) => s.name)))];
  const lines = [
    '# dms-sim at scale (issue 19)',
    '',
    `- date: ${(o.date ?? new Date()).toISOString()}`,
    `- machine: ${NPROC} CPU(s), ${cpus()[0]?.model ?? 'unknown CPU'}, ${process.platform} ${process.arch}; node ${process.version}`,
    `- 1-minute load average at the start / end: ${o.load.map((x) => x.toFixed(2)).join(' / ')} (rps is skewed by other work; CPU µs/req, from /proc, much less)`,
    `- command: \`${o.command}\``,
    `- each world: \`dms-sim fixtures generate --documents N\` (seed 1), served as its administrator by its own dms-sim and ceiling (as \`npm run bench -- --fixtures DIR\` runs them: bench/world.ts), ${o.duration} s per scenario and server${roundsText(o.rounds)}, lists of ${o.requests} different requests (bench/varied.ts)${o.rounds && o.rounds > 1 ? '; the worlds run at once and take the load in turns too (1k, 10k, 100k, then back)' : ''}`,
    '',
    '## Cost per request by world size',
    '',
    '| scenario | documents | dms-sim rps | p50 ms | p99 ms (worst round) | ceiling rps | ceiling p99 ms (worst round) | ratio | CPU µs/req dms-sim / ceiling | RSS after |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const name of scenarios) {
    for (const r of sorted) {
      const s = r.bench.scenarios.find((x) => x.name === name);
      if (!s) continue;
      const busy = heldBack(s.ceiling_rps, s.ceiling_cpu_us_per_req);
      const held = busy !== undefined ? ` (ceiling's core ${pct(busy)} busy: held back by the load generator)` : '';
      lines.push(`| ${name} | ${size(r.documents)} | ${fmt(s.rps, 0)} | ${fmt(s.p50_ms, 0)} | ${p99Text(s.p99_ms, s.p99_worst_round_ms)} | ${fmt(s.ceiling_rps, 0)} | ${p99Text(s.ceiling_p99_ms, s.ceiling_p99_worst_round_ms)} | ${pct(s.ratio)}${held} | ${fmt(s.cpu_us_per_req)} / ${fmt(s.ceiling_cpu_us_per_req)} | ${s.rss_after_mb === null ? 'n/a' : `${s.rss_after_mb.toFixed(1)} MB`} |`);
    }
  }
  const [small, large] = [sorted[0], sorted[sorted.length - 1]];
  lines.push('', `## Growth of the cost per request, ${small ? size(small.documents) : '?'} → ${large ? size(large.documents) : '?'} documents`, '');
  lines.push('| scenario | CPU µs/req growth | per round (same rounds) | target (list and query pages ≤ 2×) |', '|---|---|---|---|');
  for (const name of scenarios) {
    const g = growthOf(sorted, name);
    const range = g.range ? `${g.range[0].toFixed(2)}–${g.range[1].toFixed(2)}×` : 'n/a';
    lines.push(`| ${name} | ${g.factor === null ? 'n/a' : `${g.factor.toFixed(2)}×`} | ${range} | ${g.verdict} |`);
  }
  lines.push('', '## Start-up and memory by world size', '', '| documents | cold start ms (median of 5, timed before any server of the run starts) | peak RSS MB |', '|---|---|---|');
  for (const r of sorted) lines.push(`| ${size(r.documents)} | ${fmt(r.bench.cold_start_ms.dms_sim, 0)} | ${fmt(r.bench.peak_rss_mb.dms_sim)} |`);
  lines.push('');
  return lines.join('\n');
}
