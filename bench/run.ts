/**
 * `npm run bench`: dms-sim against its framework ceiling, in one run (issue 10).
 *
 * Starts dms-sim (`dist/cli.mjs --no-throttle --port 0`, the build `npm start` runs, on the default
 * world) and a bare Hono server (`bench/ceiling.ts`, built into dist/bench/ceiling.mjs the same way)
 * that serves, per scenario, the very bytes dms-sim answered, as child processes spawned the same
 * way (`node BUNDLE ...`), pinned to core 0 when `taskset` exists; this process (autocannon) pins
 * itself to core 1. 50 connections, loopback only, every
 * wait bounded, every child killed at the end, on error and on SIGINT/SIGTERM.
 *
 *   npm run bench -- [--duration SECONDS] [--scenarios "GET /api/,list 20"] [--json FILE]
 *                    [--results FILE (default bench/results.md)] [--no-results]
 *                    [--fixtures DIR] [--requests N]
 *
 * `--fixtures DIR` runs dms-sim on a generated world (`npm run fixtures:generate -- --documents
 * 100000 --out DIR`) as its administrator (results by default in bench/results-generated.md);
 * `--requests N` sets the length of the varied scenarios' request lists (bench/varied.ts).
 *
 * A scenario whose endpoint answers FAILURE (e.g. not implemented yet) is reported `n/a (...)`.
 *
 * Modules: processes.ts (spawn, pinning, cleanup), http.ts (setup client), scenarios.ts (the
 * requests and captured answers), measure.ts (autocannon, /proc, cold start), report.ts (targets,
 * table, markdown, JSON).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COLD_START_RUNS, CONNECTIONS, coldStart, peakRssMb, rssMb, runCommand, stopLoad } from './measure';
import { buildServers, CEILING, DMS_SIM, onInterrupt, PINNED, pinLoadGenerator, ROOT, stopAll } from './processes';
import { type ScenarioResult, coldLine, fmtMb, markdown, rssLine, sizeLine, table, toJson } from './report';
import { parseRounds } from './rounds';
import { answerSizes, parseScenarios, simArgs } from './scenarios';
import { VARIED_REQUESTS } from './varied';
import { measureScenario, openWorld, signal } from './world';

/** (chosen) Rounds a scenario's load is split into, dms-sim and its ceiling in turns (rounds.ts): A B B A. */
const ROUNDS = 2;

export { SCENARIOS, type ScenarioName } from './scenarios';
export type { BenchJson } from './report';

onInterrupt(stopLoad);

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      scenarios: { type: 'string' },
      json: { type: 'string' },
      results: { type: 'string' },
      'no-results': { type: 'boolean' },
      fixtures: { type: 'string' },
      requests: { type: 'string' },
      rounds: { type: 'string', default: String(ROUNDS) },
    },
  });
  const requests = values.requests === undefined ? VARIED_REQUESTS : Number(values.requests);
  if (!Number.isInteger(requests) || requests < 1 || requests > 100_000) throw new Error('--requests must be a whole number from 1 to 100000');
  const results = values['no-results'] ? undefined : values.results ?? join(ROOT, 'bench', values.fixtures ? 'results-generated.md' : 'results.md');
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0 || duration > 600) throw new Error('--duration must be a number of seconds from 1 to 600');
  const rounds = parseRounds(values.rounds);
  return { duration, scenarios: parseScenarios(values.scenarios), json: values.json, results, fixtures: values.fixtures, requests, rounds };
}

async function main(): Promise<void> {
  const { duration, scenarios, json: jsonFile, results: resultsFile, fixtures, requests, rounds } = options();
  const warmup = Math.min(2, duration);

  // The load generator on core 1, the servers on core 0.
  pinLoadGenerator();
  console.log(`bench: ${scenarios.length} scenario(s), ${duration} s each in ${rounds} round(s), ${CONNECTIONS} connections, ${PINNED ? 'servers on core 0, autocannon on core 1' : 'not pinned (no taskset or one core)'}`);

  const loadBefore = loadavg()[0];
  const tmp = mkdtempSync(join(tmpdir(), 'dms-sim-bench-'));
  try {
    await buildServers();
    const world = await openWorld(fixtures, scenarios, requests, tmp, console.log);
    const { sim, ceiling, prepared, user } = world;
    console.log(`bench: cold start, median of ${COLD_START_RUNS} (the running servers stopped meanwhile) …`);
    signal([sim, ceiling], 'SIGSTOP');
    const cold = { dms: await coldStart(DMS_SIM, simArgs(fixtures)), ceiling: await coldStart(CEILING, world.ceilingArgs) };
    signal([sim, ceiling], 'SIGCONT');
    const results: ScenarioResult[] = [];
    /** dms-sim's peak RSS after each scenario: where memory grows. */
    const hwm: string[] = [`start ${fmtMb(peakRssMb(sim.pid))} (now ${fmtMb(rssMb(sim.pid))})`];
    for (const name of scenarios) {
      const p = prepared.get(name)!;
      if ('na' in p) {
        console.log(`bench: ${name}: n/a (${p.na})`);
        results.push({ name, na: p.na });
        continue;
      }
      process.stdout.write(`bench: ${name}: dms-sim and ceiling in turns …`);
      const m = (await measureScenario([world], name, duration, rounds, warmup)).get(world)!;
      console.log(` ${Math.round(m.dms.rps)} rps; ceiling ${Math.round(m.ceiling.rps)} rps`);
      results.push(m.unusableAfter ? { name, na: `answered ${m.unusableAfter} under load` } : { name, dms: m.dms, ceiling: m.ceiling, rssAfter: m.rssAfter });
      hwm.push(`${name} ${fmtMb(peakRssMb(sim.pid))} (now ${fmtMb(m.rssAfter)})`);
    }
    const rss = { dms: peakRssMb(sim.pid), ceiling: peakRssMb(ceiling.pid) };
    await stopAll();

    const kind = fixtures ? 'generated' : 'default';
    const lines = table(results, kind);
    const report = { lines, coldLine: coldLine(cold), rssLine: rssLine(rss, hwm, kind), sizeLine: sizeLine(`${user.username} on ${user.tenantDNS}`, answerSizes(prepared)), world: fixtures ?? 'the default world', requests };
    console.log(['', ...lines, '', report.coldLine, report.rssLine, report.sizeLine].join('\n'));

    if (jsonFile) writeFileSync(jsonFile, JSON.stringify(toJson(results, cold, rss), null, 2) + '\n');
    if (resultsFile) {
      writeFileSync(resultsFile, markdown({ duration, rounds, ...report, load: [loadBefore, loadavg()[0]] }));
      console.log(`\nbench: wrote ${resultsFile}`);
    }
  } finally {
    stopLoad();
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runCommand('bench', main);
