/**
 * A world under the bench: dms-sim on its fixtures (the default world, or `--fixtures DIR`), the
 * scenarios prepared against it, their answers captured for its ceiling (which serves the same
 * bytes), the cold starts of both, and both servers running. `measureScenario` takes the load of
 * one scenario on every server of one or more worlds in rounds (rounds.ts): `npm run bench` on
 * one world, dms-sim and its ceiling in turns; `npm run bench:scale` on several, all in turns.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, unusable } from './http';
import { cannon, COLD_START_RUNS, coldStart, type Measure, rssMb } from './measure';
import { CEILING, DMS_SIM, type Server, startServer } from './processes';
import { combine, inRounds } from './rounds';
import { type BenchUser, type Prepared, type ScenarioName, benchUser, captureAnswers, loadOf, prepareScenarios, simArgs } from './scenarios';

export interface World {
  fixtures: string | undefined;
  user: BenchUser;
  sim: Server;
  ceiling: Server;
  prepared: Map<ScenarioName, Prepared>;
  /** Cold start of each server (ms, median of COLD_START_RUNS), unless the caller times them itself. */
  cold?: { dms: number; ceiling: number };
}

/**
 * Starts dms-sim on `fixtures`, prepares `scenarios` as its bench user, captures the answers, times
 * both cold starts (unless `timeColdStarts` is false: another world's idle servers would share the
 * core while they start), starts the ceiling.
 */
export async function openWorld(fixtures: string | undefined, scenarios: readonly ScenarioName[], requests: number, tmp: string, log: (line: string) => void, timeColdStarts = true): Promise<World> {
  const user = benchUser(fixtures);
  const args = simArgs(fixtures);
  const sim = await startServer(DMS_SIM, args);
  log(`bench: dms-sim pid ${sim.pid} at ${sim.base}${fixtures ? ` on ${fixtures}` : ''}`);
  const prepared = await prepareScenarios(sim.base, scenarios, user, requests);
  const payloads = join(tmp, `payloads-${sim.pid}.json`);
  writeFileSync(payloads, JSON.stringify({ answers: await captureAnswers(sim.base, prepared) }));
  const ceilingArgs = ['--payloads', payloads, '--port', '0'];
  let cold: World['cold'];
  if (timeColdStarts) {
    log(`bench: cold start, median of ${COLD_START_RUNS} …`);
    cold = { dms: await coldStart(DMS_SIM, args), ceiling: await coldStart(CEILING, ceilingArgs) };
  }
  const ceiling = await startServer(CEILING, ceilingArgs);
  log(`bench: ceiling pid ${ceiling.pid} at ${ceiling.base}`);
  return { fixtures, user, sim, ceiling, prepared, cold };
}

/** One world's figures for a scenario: each server's rounds combined, and dms-sim's CPU µs per request per round (for paired ratios across worlds). */
export interface WorldMeasure {
  dms: Measure;
  ceiling: Measure;
  dmsRounds: Measure[];
  /** dms-sim's answer to the scenario's request after the load, when no longer usable (a lost session, throttling). */
  unusableAfter?: string;
  /** dms-sim's RSS (VmRSS) after the scenario, MB. */
  rssAfter: number | null;
}

/**
 * The load of scenario `name` on every world's dms-sim and ceiling: a warm-up of each, then
 * `rounds` rounds of `seconds / rounds` each, the servers in turns (roundOrder). Worlds where the
 * scenario is not available (n/a) are left out of the answer.
 */
export async function measureScenario(worlds: readonly World[], name: ScenarioName, seconds: number, rounds: number, warmup: number): Promise<Map<World, WorldMeasure>> {
  const runnable = worlds.flatMap((w) => {
    const p = w.prepared.get(name)!;
    return 'na' in p ? [] : [{ w, p }];
  });
  const servers = runnable.flatMap(({ w, p }) => [{ server: w.sim, load: loadOf(p) }, { server: w.ceiling, load: loadOf(p) }]);
  const loadOn = (i: number, secs: number) => {
    alone(servers.map((x) => x.server), i);
    return cannon(servers[i].server.base, servers[i].load, secs, servers[i].server.pid);
  };
  let measured: Measure[][];
  try {
    for (const i of servers.keys()) await loadOn(i, warmup);
    measured = await inRounds(servers.length, rounds, (i) => loadOn(i, seconds / rounds));
  } finally {
    alone(servers.map((x) => x.server), undefined);
  }
  const out = new Map<World, WorldMeasure>();
  for (const [k, { w, p }] of runnable.entries()) {
    const after = unusable(await call(w.sim.base, p.request));
    out.set(w, { dms: combine(measured[2 * k]), ceiling: combine(measured[2 * k + 1]), dmsRounds: measured[2 * k], unusableAfter: after, rssAfter: rssMb(w.sim.pid) });
  }
  return out;
}

/**
 * Lets only server `i` run (every one when undefined): the others are stopped (SIGSTOP) until
 * their own turn (SIGCONT). An idle server's own work (a full collection some seconds after its
 * load ends, on the same pinned core) then waits for its own round instead of stalling another
 * server's requests: with six servers up in bench:scale, p99s of 300–570 ms turned up on the 1k
 * world's `query varied`, whose own collections take milliseconds.
 */
function alone(servers: readonly Server[], i: number | undefined): void {
  for (const [k, s] of servers.entries()) {
    try {
      s.child.kill(i === undefined || k === i ? 'SIGCONT' : 'SIGSTOP');
    } catch {
      /* gone: the next load on it fails and says so */
    }
  }
}
