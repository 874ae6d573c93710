/**
 * `npm run soak [-- --minutes M] [--connections N] [--seed S]`: a few minutes (default 3) of mixed
 * valid and hostile traffic at a real dms-sim process: the generated requests of test/fuzz (valid,
 * invalid, unknown, raw bytes) plus over-limit uploads refused on their length, bodies cut short
 * by a client that goes away, and connections whose headers never end (slowloris, closed by the
 * headers timeout). Loopback only.
 *
 * The server runs with --expose-gc and DMS_SIM_SOAK_HEAP=1, which (only then) opens GET
 * /_soak/heap: a forced GC, then the heap used, the RSS and the bytes held by body reads. It is
 * sampled every few seconds. Reports RSS at start, peak and end, and the heap after GC; fails
 * (exit 1) when the heap after GC at the end is more than 20% over its value at half time, when
 * any answer breaks the rules of the generated-requests test (a 5xx, a dropped connection, a
 * non-JSON failure), or when the server logged anything.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { curlOf, keepAliveAgent, send } from '../test/fuzz/client';
import { problemOf } from '../test/fuzz/checks';
import { generateRequests } from '../test/fuzz/generate';
import { buildPool } from '../test/fuzz/pool';
import { startSimProcess } from '../test/fuzz/server-process';

const { values: args } = parseArgs({ options: { minutes: { type: 'string' }, connections: { type: 'string' }, seed: { type: 'string' } } });
const minutes = Number(args.minutes ?? 3);
const connections = Number(args.connections ?? 8);
const seed = Number(args.seed ?? 2026);
/** (chosen) The heap after GC may grow this much over the second half before the soak fails. */
const MAX_GROWTH = 0.2;
const SAMPLE_EVERY_MS = 5_000;
/** Longer than any answer may take (the client's 30 s, the headers timeout's 10 s). */
const WATCHDOG_MS = 45_000;

interface Sample { t: number; heapUsed: number; rss: number; bufferedBodyBytes: number }

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** SOAK_DEBUG=1: progress lines. */
const debug = (...a: unknown[]) => process.env.SOAK_DEBUG && console.log('[soak]', ...a);

async function main(): Promise<number> {
  const sim = await startSimProcess(['--no-throttle'], ['--expose-gc'], { DMS_SIM_SOAK_HEAP: '1' });
  const heap = async (): Promise<Sample> => ({ t: Date.now(), ...(await (await fetch(`${sim.base}/_soak/heap`)).json()) });
  try {
    const first = await heap();
    if (!(await (await fetch(`${sim.base}/_soak/heap`)).json()).gc) throw new Error('the server has no gc() (--expose-gc)');
    const pool = await buildPool(sim.base);
    const started = Date.now();
    const end = started + minutes * 60_000;
    const samples: Sample[] = [first];
    const problems: string[] = [];
    let sent = 0;
    let hostile = 0;
    const agent = keepAliveAgent(connections);

    const sampler = setInterval(() => void heap().then((s) => samples.push(s), () => {}), SAMPLE_EVERY_MS);
    let batch = 0;
    const pending = new Set<string>();
    const tracked = async (label: string, p: Promise<void>) => {
      pending.add(label);
      await p;
      pending.delete(label);
    };
    const traffic = async () => {
      while (Date.now() < end) {
        const requests = generateRequests(seed + batch++, 500, pool);
        debug('batch', batch, 'sent', sent);
        let next = 0;
        await Promise.all(Array.from({ length: connections }, async () => {
          for (let i = next++; i < requests.length && Date.now() < end; i = next++) {
            const label = `request ${batch}/${i} (${requests[i].note})`;
            pending.add(label);
            const answer = await send(sim.base, agent, requests[i]);
            pending.delete(label);
            sent++;
            const problem = problemOf(requests[i], answer);
            if (problem && problems.length < 20) problems.push(`${requests[i].note}: ${problem.slice(0, 300)}\n      ${curlOf(sim.base, requests[i]).slice(0, 2000)}`);
          }
        }));
      }
    };
    const attacks = async () => {
      while (Date.now() < end) {
        await Promise.all([
          tracked('an over-limit upload', overLimitUpload(sim.base, pool.sessions[0])),
          tracked('a body cut short', bodyCutShort(sim.port, pool.sessions[0])),
          tracked('endless headers', slowHeaders(sim.port)),
        ]);
        hostile += 3;
      }
    };
    // A watchdog: anything still pending well after the end is reported by name (a hang is a failure too).
    const watchdog = setTimeout(() => {
      console.log(`soak: FAILED: still pending ${WATCHDOG_MS / 1000} s after the end: ${[...pending].join(', ')}`);
      process.exit(1);
    }, end - Date.now() + WATCHDOG_MS);
    await Promise.all([traffic(), attacks()]);
    clearTimeout(watchdog);
    clearInterval(sampler);
    agent.destroy();
    samples.push(await heap());

    const last = samples.at(-1)!;
    const half = samples.find((s) => s.t >= started + (last.t - started) / 2) ?? last;
    const growth = (last.heapUsed - half.heapUsed) / half.heapUsed;
    const peak = Math.max(...samples.map((s) => s.rss));
    const seconds = (last.t - started) / 1000;
    const logged = sim.stderr();
    console.log([
      `soak: ${minutes} min, ${connections} connections, seed ${seed}`,
      `  requests: ${sent} generated (${Math.round(sent / seconds)}/s) + ${hostile} hostile (over-limit uploads, bodies cut short, endless headers)`,
      `  RSS: start ${mb(first.rss)}, peak ${mb(peak)} (sampled every ${SAMPLE_EVERY_MS / 1000} s), end ${mb(last.rss)}`,
      `  heap after GC: start ${mb(first.heapUsed)}, half time ${mb(half.heapUsed)}, end ${mb(last.heapUsed)} (${(growth * 100).toFixed(1)}% over the second half; limit ${MAX_GROWTH * 100}%)`,
      `  body bytes held at the end: ${last.bufferedBodyBytes}`,
      `  problems: ${problems.length}${problems.length ? `\n    ${problems.join('\n    ')}` : ''}`,
      `  server log: ${logged ? `\n${logged}` : '(nothing)'}`,
    ].join('\n'));
    const failed = growth > MAX_GROWTH || problems.length > 0 || logged !== '' || last.bufferedBodyBytes !== 0;
    console.log(failed ? 'soak: FAILED' : 'soak: passed');
    return failed ? 1 : 0;
  } finally {
    await sim.stop();
  }
}

/** An upload whose Content-Length is over the limit (refused before it is read); the connection is dropped after the answer. */
function overLimitUpload(base: string, session: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${base}/api/v25.3/objects/documents`, {
      method: 'POST', agent: false,
      headers: { Authorization: session, 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(500 * 1024 * 1024) },
    }, (res) => {
      res.resume().on('end', () => resolve());
      req.destroy();
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(Buffer.alloc(64 * 1024, 0x61));
  });
}

/** A body that stops half-way: the client goes away. */
function bodyCutShort(port: number, session: string): Promise<void> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(`POST /api/v25.3/auth HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${session}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nusername=`);
      setTimeout(() => s.destroy(), 20);
    });
    s.on('error', () => {});
    s.on('close', () => resolve());
  });
}

/** Headers that never end (slowloris): held until the server's headers timeout closes the connection. */
function slowHeaders(port: number): Promise<void> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => s.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: '));
    const drip = setInterval(() => s.writable && s.write('a'), 1_000);
    s.on('error', () => {});
    s.on('close', () => {
      clearInterval(drip);
      resolve();
    });
  });
}

main().then((code) => process.exit(code), (e) => {
  console.error(e);
  process.exit(1);
});
