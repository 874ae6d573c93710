/**
 * CPU profile of dms-sim under one scenario's load: the child runs with `node --cpu-prof`, is
 * loaded by autocannon like in `npm run bench` (pinned the same way), then stopped so that the
 * profile is written; prints the functions with the most self time and the files with the most.
 *
 *   tsx bench/profile.ts [--scenario "GET /api/"] [--duration 8] [--out DIR] [--top 25] [--fixtures DIR]
 *
 * `--fixtures DIR` profiles dms-sim on a generated world, as its administrator (as `bench/run.ts` does).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { cannon, runCommand, stopLoad } from './measure';
import { buildServers, DMS_SIM, onInterrupt, pinLoadGenerator, ROOT, startServer, stop, stopAll } from './processes';
import { SCENARIOS, type ScenarioName, benchUser, loadOf, prepareScenarios, simArgs } from './scenarios';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

onInterrupt(stopLoad);

/** Self time per function and per file, in % of the samples (idle and GC shown as such). */
function summarise(file: string, top: number): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; startTime: number; endTime: number };
  const total = profile.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0) || 1;
  const where = (f: ProfileNode['callFrame']) => {
    const url = f.url.replace(/^file:\/\//, '');
    return url ? `${relative(ROOT, url)}:${f.lineNumber + 1}` : '';
  };
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame)}`.trim();
    byFn.set(fn, (byFn.get(fn) ?? 0) + hits);
    const f = n.callFrame.url ? relative(ROOT, n.callFrame.url.replace(/^file:\/\//, '')).replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'node_modules/$1') : `(${n.callFrame.functionName || 'native'})`;
    byFile.set(f, (byFile.get(f) ?? 0) + hits);
  }
  const pct = (h: number) => `${((h * 100) / total).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `${total} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`,
    '', 'self time by function:', ...sorted(byFn).map(([k, h]) => `${pct(h)}  ${k}`),
    '', 'self time by file / package:', ...sorted(byFile).map(([k, h]) => `${pct(h)}  ${k}`),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scenario: { type: 'string', default: 'GET /api/' }, duration: { type: 'string', default: '8' }, out: { type: 'string' }, top: { type: 'string', default: '25' }, fixtures: { type: 'string' } },
  });
  const name = values.scenario as ScenarioName;
  if (!SCENARIOS.includes(name)) throw new Error(`unknown scenario "${name}"; one of: ${SCENARIOS.join(', ')}`);
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0 || duration > 120) throw new Error('--duration must be 1 to 120 seconds');
  const out = values.out ?? mkdtempSync(join(tmpdir(), 'dms-sim-profile-'));
  mkdirSync(out, { recursive: true });
  pinLoadGenerator();
  await buildServers();
  const fixtures = values.fixtures;
  const sim = await startServer(DMS_SIM, simArgs(fixtures), ['--cpu-prof', '--cpu-prof-dir', out]);
  // Node names a profile CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: this run's are its server's (an --out folder may hold older runs').
  const ours = (f: string) => f.endsWith('.cpuprofile') && f.split('.')[3] === String(sim.pid);
  try {
    const p = (await prepareScenarios(sim.base, [name], benchUser(fixtures))).get(name)!;
    if ('na' in p) throw new Error(`${name}: n/a (${p.na})`);
    const load = loadOf(p);
    await cannon(sim.base, load, Math.min(2, duration), sim.pid); // warm-up, profiled too
    const m = await cannon(sim.base, load, duration, sim.pid);
    console.log(`${name}: ${Math.round(m.rps)} rps, ${m.cpuUsPerReq?.toFixed(1) ?? 'n/a'} µs CPU/req (profiler on)`);
    await stop(sim.child, 10_000); // SIGTERM: the CLI exits and node writes the profile
  } finally {
    await stopAll();
  }
  // Worker threads write profiles too: the main thread's is the one with most busy samples.
  const busy = (f: string) => (JSON.parse(readFileSync(join(out, f), 'utf8')) as { nodes: ProfileNode[] }).nodes
    .reduce((n, x) => n + (x.callFrame.functionName === '(idle)' ? 0 : (x.hitCount ?? 0)), 0);
  const file = readdirSync(out).filter(ours).map((f) => [f, busy(f)] as const).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!file) throw new Error(`no profile of process ${sim.pid} written in ${out}`);
  console.log([`profile: ${join(out, file)}`, ...summarise(join(out, file), Number(values.top))].join('\n'));
}

runCommand('profile', main);
