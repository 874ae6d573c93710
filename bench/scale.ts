/**
 * `npm run bench:scale`: how the cost of a fresh request grows with the world (issue 19).
 *
 *   npm run bench:scale -- [--sizes 1000,10000,100000] [--duration SECONDS] [--requests N]
 *                          [--scenarios "list varied,query varied,mixed"] [--worlds DIR] [--out FILE]
 *
 * For each size, a generated world in `--worlds DIR/<size>` (made once by `dms-sim fixtures generate
 * --documents N`, then re-used while its marker `<size>.done` beside it says so), then `bench/run.ts --fixtures`
 * on it (a child process: dms-sim and its ceiling, the same servers and measures as `npm run bench`),
 * and at the end bench/scale.md (scale-report.ts). Loopback only; each run bounded by the bench's own limits.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from './measure';
import { ROOT } from './processes';
import type { BenchJson } from './report';
import { type ScaleRun, scaleMarkdown } from './scale-report';

/** Generating a world or running the bench on it must end within this (the 100k world: about a minute each). */
const STEP_TIMEOUT_MS = 20 * 60_000;

function options() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      duration: { type: 'string', default: '5' },
      requests: { type: 'string', default: '300' },
      scenarios: { type: 'string', default: 'list varied,query varied,mixed' },
      worlds: { type: 'string', default: join(tmpdir(), 'dms-sim-scale-worlds') },
      out: { type: 'string', default: join(ROOT, 'bench', 'scale.md') },
    },
  });
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000)) throw new Error('--sizes must be whole numbers of documents from 1 to 1000000, comma-separated');
  return { ...values, sizes, duration: Number(values.duration), requests: Number(values.requests) };
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
  const loadBefore = loadavg()[0];
  const runs: ScaleRun[] = [];
  for (const documents of o.sizes) {
    const dir = await worldOf(o.worlds, documents);
    const json = join(o.worlds, `${documents}.bench.json`);
    rmSync(json, { force: true });
    console.log(`bench:scale: ${documents} documents: ${o.scenarios} …`);
    await run(['--import', 'tsx', 'bench/run.ts', '--fixtures', dir, '--scenarios', o.scenarios, '--duration', String(o.duration), '--requests', String(o.requests), '--no-results', '--json', json], `the bench on ${documents} documents`);
    runs.push({ documents, bench: JSON.parse(readFileSync(json, 'utf8')) as BenchJson });
  }
  const args = process.argv.slice(2).join(' ');
  writeFileSync(o.out, scaleMarkdown(runs, { command: `npm run bench:scale${args ? ` -- ${args}` : ''}`, duration: o.duration, requests: o.requests, load: [loadBefore, loadavg()[0]] }));
  console.log(`bench:scale: wrote ${o.out}`);
}

runCommand('bench:scale', main);
