/**
 * `npm run bench:scale`: how the cost of a fresh request grows with the world (issue 19).
 *
 *   npm run bench:scale -- [--sizes 1000,10000,100000] [--duration SECONDS] [--requests N] [--rounds N]
 *                          [--scenarios "list varied,query varied,mixed"] [--worlds DIR] [--out FILE]
 *
 * For each size, a generated world in `--worlds DIR/<size>` (made once by `dms-sim fixtures generate
 * --documents N`, then re-used while its marker `<size>.done` beside it says so), its cold start
 * timed first (with no server running), then served by its own dms-sim and ceiling (world.ts: the
 * same servers and measures as `npm run bench`), all running at once. Each scenario's load then goes
 * to every server of every world in rounds, in turns (rounds.ts: 1k, 10k, 100k, then 100k, 10k, 1k;
 * an even number of rounds), so that a slow phase of the machine weighs on every world alike, and
 * the growth of the cost per request is the median of its per-round ratios. At the end,
 * bench/scale.md (scale-report.ts). Loopback only; each run bounded by the bench's own limits.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COLD_START_RUNS, coldStart, peakRssMb, runCommand, stopLoad } from './measure';
import { buildServers, DMS_SIM, onInterrupt, pinLoadGenerator, ROOT, stopAll } from './processes';
import { type ScenarioResult, toJson } from './report';
import { type ScaleRun, scaleMarkdown } from './scale-report';
import { parseRounds } from './rounds';
import { parseScenarios, simArgs } from './scenarios';
import { type World, measureScenario, openWorld } from './world';

onInterrupt(stopLoad);

/** Generating a world must end within this (the 100k world: about a minute). */
const STEP_TIMEOUT_MS = 20 * 60_000;

function options() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      duration: { type: 'string', default: '6' },
      requests: { type: 'string', default: '300' },
      rounds: { type: 'string', default: '4' },
      scenarios: { type: 'string', default: 'list varied,query varied,mixed' },
      worlds: { type: 'string', default: join(tmpdir(), 'dms-sim-scale-worlds') },
      out: { type: 'string', default: join(ROOT, 'bench', 'scale.md') },
    },
  });
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000)) throw new Error('--sizes must be whole numbers of documents from 1 to 1000000, comma-separated');
  const scenarios = parseScenarios(values.scenarios);
  const rounds = parseRounds(values.rounds);
  return { ...values, sizes, scenarios, rounds, duration: Number(values.duration), requests: Number(values.requests) };
}

/** Runs a child process to its end (its output passed through); rejects on a non-zero exit or the timeout. */
function run(args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGINT'), STEP_TIMEOUT_MS);
    const stopChild = () => child.kill('SIGINT');
    process.once('SIGINT', stopChild);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', stopChild);
      if (code === 0) resolve();
      else reject(new Error(`${what} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** The world of `documents` documents under `root`, generated unless already there. */
async function worldOf(root: string, documents: number): Promise<string> {
  const dir = join(root, String(documents));
  // Beside the world, not in it: the loader reads every fixture file of the folder.
  const marker = join(root, `${documents}.done`);
  if (existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).documents === documents) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  console.log(`bench:scale: generating a world of ${documents} documents in ${dir} …`);
  await run(['--import', 'tsx', 'src/cli.ts', 'fixtures', 'generate', '--documents', String(documents), '--out', dir], 'fixtures generate');
  writeFileSync(marker, JSON.stringify({ documents }) + '\n');
  return dir;
}

async function main(): Promise<void> {
  const o = options();
  pinLoadGenerator();
  const loadBefore = loadavg()[0];
  const tmp = mkdtempSync(join(tmpdir(), 'dms-sim-bench-scale-'));
  try {
    await buildServers();
    // Each world's cold start first, with no server running (the worlds' servers, once up, share the core).
    const dirs: string[] = [];
    const colds: number[] = [];
    for (const documents of o.sizes) {
      dirs.push(await worldOf(o.worlds, documents));
      console.log(`bench:scale: ${documents} documents: cold start of dms-sim, median of ${COLD_START_RUNS} …`);
      colds.push(await coldStart(DMS_SIM, simArgs(dirs.at(-1))));
    }
    const worlds: World[] = [];
    for (const [i, documents] of o.sizes.entries()) {
      console.log(`bench:scale: ${documents} documents: starting dms-sim and its ceiling …`);
      worlds.push(await openWorld(dirs[i], o.scenarios, o.requests, tmp, console.log));
    }
    const results = new Map<World, ScenarioResult[]>(worlds.map((w) => [w, []]));
    const rounds = new Map<World, Record<string, Array<number | null>>>(worlds.map((w) => [w, {}]));
    for (const name of o.scenarios) {
      console.log(`bench:scale: ${name}: ${worlds.length} world(s), dms-sim and ceiling each, ${o.rounds} round(s) in turns …`);
      const measured = await measureScenario(worlds, name, o.duration, o.rounds, Math.min(2, o.duration));
      for (const [i, w] of worlds.entries()) {
        const m = measured.get(w);
        const p = w.prepared.get(name)!;
        if (!m) results.get(w)!.push({ name, na: 'na' in p ? p.na : 'not measured' });
        else if (m.unusableAfter) results.get(w)!.push({ name, na: `answered ${m.unusableAfter} under load` });
        else {
          results.get(w)!.push({ name, dms: m.dms, ceiling: m.ceiling, rssAfter: m.rssAfter });
          rounds.get(w)![name] = m.dmsRounds.map((r) => r.cpuUsPerReq);
          console.log(`  ${o.sizes[i]} documents: ${Math.round(m.dms.rps)} rps (ceiling ${Math.round(m.ceiling.rps)}), CPU µs/req by round ${m.dmsRounds.map((r) => r.cpuUsPerReq?.toFixed(0) ?? 'n/a').join(' ')}`);
        }
      }
    }
    const runs: ScaleRun[] = worlds.map((w, i) => ({
      documents: o.sizes[i],
      bench: toJson(results.get(w)!, { dms: colds[i], ceiling: null }, { dms: peakRssMb(w.sim.pid), ceiling: peakRssMb(w.ceiling.pid) }),
      rounds: rounds.get(w),
    }));
    await stopAll();
    const args = process.argv.slice(2).join(' ');
    writeFileSync(o.out, scaleMarkdown(runs, { command: `npm run bench:scale${args ? ` -- ${args}` : ''}`, duration: o.duration, rounds: o.rounds, requests: o.requests, load: [loadBefore, loadavg()[0]] }));
    console.log(`bench:scale: wrote ${o.out}`);
  } finally {
    stopLoad();
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runCommand('bench:scale', main);
