/**
 * A world under the bench: dms-sim on its fixtures (the default world, or `--fixtures DIR`), the
 * scenarios prepared against it, their answers captured for its ceiling (which serves the same
 * bytes), and both servers running. `measureScenario` takes the load of
 * one scenario on every server of one or more worlds in rounds (rounds.ts): `npm run bench` on
 * one world, dms-sim and its ceiling in turns; `npm run bench:scale` on several, all in turns.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, unusable } from './http';
import { cannon, type Measure, rssMb } from './measure';
import { CEILING, DMS_SIM, type Server, startServer } from './processes';
import { combine, inRounds } from './rounds';
import { type BenchUser, type Prepared, type ScenarioName, benchUser, captureAnswers, loadOf, prepareScenarios, simArgs } from './scenarios';

export interface World {
  user: BenchUser;
  sim: Server;
  ceiling: Server;
  /** The ceiling's arguments (its captured answers), to time its cold start with. */
  ceilingArgs: string[];
  prepared: Map<ScenarioName, Prepared>;
}

/** Starts dms-sim on `fixtures`, prepares `scenarios` as its bench user, captures the answers, starts the ceiling serving them. */
export async function openWorld(fixtures: string | undefined, scenarios: readonly ScenarioName[], requests: number, tmp: string, log: (line: string) => void): Promise<World> {
  const user = benchUser(fixtures);
  const sim = await startServer(DMS_SIM, simArgs(fixtures));
  log(`bench: dms-sim pid ${sim.pid} at ${sim.base}${fixtures ? ` on ${fixtures}` : ''}`);
  const prepared = await prepareScenarios(sim.base, scenarios, user, requests);
  const payloads = join(tmp, `payloads-${sim.pid}.json`);
  writeFileSync(payloads, JSON.stringify({ answers: await captureAnswers(sim.base, prepared) }));
  const ceilingArgs = ['--payloads', payloads, '--port', '0'];
  const ceiling = await startServer(CEILING, ceilingArgs);
  log(`bench: ceiling pid ${ceiling.pid} at ${ceiling.base}`);
  return { user, sim, ceiling, ceilingArgs, prepared };
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
  const all = servers.map((x) => x.server);
  const loadOn = (i: number, secs: number) => {
    signal(all.filter((_, k) => k !== i), 'SIGSTOP');
    signal([all[i]], 'SIGCONT');
    return cannon(all[i].base, servers[i].load, secs, all[i].pid);
  };
  let measured: Measure[][];
  try {
    for (const i of servers.keys()) await loadOn(i, warmup);
    measured = await inRounds(servers.length, rounds, (i) => loadOn(i, seconds / rounds));
  } finally {
    signal(all, 'SIGCONT');
  }
  const out = new Map<World, WorldMeasure>();
  for (const [k, { w, p }] of runnable.entries()) {
    const after = unusable(await call(w.sim.base, p.request));
    out.set(w, { dms: combine(measured[2 * k]), ceiling: combine(measured[2 * k + 1]), dmsRounds: measured[2 * k], unusableAfter: after, rssAfter: rssMb(w.sim.pid) });
  }
  return out;
}

/**
 * Stops (SIGSTOP) or continues (SIGCONT) servers; one gone already is left (the next load on it
 * fails and says so). measureScenario lets only the server under load run: an idle server's own
 * work (a full collection some seconds after its load ends, on the same pinned core) then waits for
 * its own round instead of stalling another server's requests (with six servers up in bench:scale,
 * p99s of 300–570 ms turned up on the 1k world's `query varied`, whose own collections take
 * milliseconds). The cold starts of `npm run bench` are timed with both servers stopped.
 */
export function signal(servers: readonly Server[], sig: 'SIGSTOP' | 'SIGCONT'): void {
  for (const s of servers) {
    try {
      s.child.kill(sig);
    } catch {
      /* gone */
    }
  }
}
