/**
 * Measuring: autocannon's load (50 connections, bounded), the server's CPU time per answered
 * request and its peak RSS from /proc, and cold start (spawn → first answer of `GET /api/`,
 * median of 5).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type BenchRequest, call } from './http';
import { START_TIMEOUT_MS, startServer, stop, stopAll } from './processes';
import { median } from './rounds';

export const CONNECTIONS = 50;
export const COLD_START_RUNS = 5;

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server spent per answered request (µs), from /proc: robust on a busy machine. */
  cpuUsPerReq: number | null;
  /** Requests answered, and the seconds the load ran (rounds.ts adds rounds up from these). */
  requests: number;
  seconds: number;
  /**
   * autocannon's own result of the run before aggregation (`skipAggregateResult`), whose latency
   * histogram rounds.ts merges with the other rounds' (latencyOf): the p50 and p99 of a server's
   * requests over all its rounds. Absent from a measure made by hand.
   */
  run?: RawRun;
  /** After rounds.ts `combine`: each round's own p99, in round order. */
  p99Rounds?: number[];
}

/** autocannon's result of one run with `skipAggregateResult` (its histograms encoded), to give to aggregateResult. */
export type RawRun = object;

let activeCannon: { stop(): void } | undefined;

/** Stops the load under way, if any (on interrupt or error). */
export function stopLoad(): void {
  activeCannon?.stop();
}

/** User + system CPU time of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms), or null. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/** VmHWM of /proc/<pid>/status in MB, or null where there is no /proc. */
export function peakRssMb(pid: number): number | null {
  return statusMb(pid, 'VmHWM');
}

/** VmRSS of /proc/<pid>/status in MB (the RSS now), or null where there is no /proc. */
export function rssMb(pid: number): number | null {
  return statusMb(pid, 'VmRSS');
}

function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Load on one request repeated, or on a list sent in turn by all connections together (one shared
 * counter through autocannon's `setupRequest`: consecutive requests differ whichever connection sends them).
 */
export function cannon(base: string, r: BenchRequest | readonly BenchRequest[], seconds: number, serverPid: number): Promise<Measure> {
  const list = Array.isArray(r) ? (r as readonly BenchRequest[]) : undefined;
  const one = list ? list[0] : (r as BenchRequest);
  let next = 0;
  const varied = list
    ? { requests: [{ setupRequest: (req: any) => {
      const x = list[next++ % list.length];
      // A copy of the headers: autocannon writes a Content-Length into the object it is given.
      return { ...req, method: x.method, path: x.path, headers: { ...x.headers }, body: x.body };
    } }] }
    : {};
  const cpu0 = cpuMs(serverPid);
  return new Promise((resolvePromise, reject) => {
    const guard = setTimeout(() => {
      instance.stop();
      reject(new Error(`autocannon did not finish within ${seconds + 30} s`));
    }, (seconds + 30) * 1000);
    const instance = autocannon(
      {
        url: base + one.path,
        method: one.method,
        headers: { ...one.headers },
        body: one.body,
        ...varied,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        // The run's histograms kept whole (encoded) so that rounds can be merged: latencyOf.
        skipAggregateResult: true,
      },
      (err, run) => {
        clearTimeout(guard);
        activeCannon = undefined;
        if (err) return reject(err);
        const result = autocannon.aggregateResult([run], { url: base + one.path, connections: CONNECTIONS });
        const cpu1 = cpuMs(serverPid);
        resolvePromise({
          cpuUsPerReq: cpu0 === null || cpu1 === null || result.requests.total === 0 ? null : ((cpu1 - cpu0) * 1000) / result.requests.total,
          rps: result.requests.total / Math.max(result.duration, 1e-9),
          requests: result.requests.total,
          seconds: result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
          run,
        });
      },
    );
    activeCannon = instance;
  });
}

/** Spawn → first 200 answer of `GET /api/`, median of COLD_START_RUNS starts (each stopped after). */
export async function coldStart(script: string, args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < COLD_START_RUNS; i++) {
    const t0 = performance.now();
    const s = await startServer(script, args);
    try {
      const deadline = t0 + START_TIMEOUT_MS;
      for (;;) {
        try {
          const a = await call(s.base, { method: 'GET', path: '/api/', headers: {} });
          if (a.status === 200) break;
        } catch {
          /* not answering yet */
        }
        if (performance.now() > deadline) throw new Error(`${script}: no answer to GET /api/ within ${START_TIMEOUT_MS} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - t0);
    } finally {
      await stop(s.child);
    }
  }
  return median(times);
}

/** Runs a bench command: exit 0 when done; on an error, its message, the load and every server stopped, exit 1. */
export function runCommand(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    async (e: Error) => {
      console.error(`${name}: ${e.message}`);
      stopLoad();
      await stopAll();
      process.exit(1);
    },
  );
}
