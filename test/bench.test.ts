/**
 * Keeps `npm run bench` from rotting (issue 10): the harness, run for one scenario with
 * `--duration 1`, writes its JSON in the documented shape with positive figures, and leaves
 * no process behind. The timing itself is not judged here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'dms-sim-bench-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function runBench(args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGINT'); // the harness kills its servers on SIGINT
      reject(new Error(`bench did not finish within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, out });
    });
  });
}

/** True while a process exists (Linux /proc; elsewhere a signal-0 probe). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run bench', () => {
  it('runs one scenario for 1 s and writes the JSON of issue 10', async () => {
    const json = join(tmp, 'bench.json');
    const results = join(tmp, 'results.md');
    const { code, out } = await runBench(['--scenarios', 'GET /api/', '--duration', '1', '--json', json, '--results', results], 80_000);
    expect(code, out).toBe(0);
    // Both servers it started are gone once it has exited.
    const pids = [...out.matchAll(/^bench: (?:dms-sim|ceiling) pid (\d+)/gm)].map((m) => Number(m[1]));
    expect(pids, out).toHaveLength(2);
    for (const pid of pids) expect(alive(pid), `server pid ${pid} left behind`).toBe(false);

    const data = JSON.parse(readFileSync(json, 'utf8'));
    expect(Object.keys(data)).toEqual(['scenarios', 'cold_start_ms', 'peak_rss_mb']);
    expect(data.scenarios).toHaveLength(1);
    const [s] = data.scenarios;
    expect(Object.keys(s)).toEqual(['name', 'rps', 'p50_ms', 'p99_ms', 'ceiling_rps', 'ceiling_p99_ms', 'p99_worst_round_ms', 'ceiling_p99_worst_round_ms', 'ratio', 'cpu_us_per_req', 'ceiling_cpu_us_per_req', 'rss_after_mb']);
    expect(s.name).toBe('GET /api/');
    for (const k of ['rps', 'ceiling_rps', 'ratio', 'p99_ms', 'ceiling_p99_ms', 'cpu_us_per_req', 'ceiling_cpu_us_per_req', 'rss_after_mb'] as const) {
      expect(typeof s[k], k).toBe('number');
      expect(s[k], k).toBeGreaterThan(0);
    }
    // Two rounds (the default): each server's worst round is kept beside the p99 of all its requests, which cannot exceed it.
    for (const [all, worst] of [['p99_ms', 'p99_worst_round_ms'], ['ceiling_p99_ms', 'ceiling_p99_worst_round_ms']] as const) {
      expect(typeof s[worst], worst).toBe('number');
      expect(s[worst], worst).toBeGreaterThanOrEqual(s[all]);
    }
    expect(typeof s.p50_ms).toBe('number');
    expect(s.p50_ms).toBeGreaterThanOrEqual(0); // autocannon's histogram is in whole ms
    expect(Object.keys(data.cold_start_ms)).toEqual(['dms_sim', 'ceiling']);
    expect(Object.keys(data.peak_rss_mb)).toEqual(['dms_sim', 'ceiling']);
    for (const v of [...Object.values(data.cold_start_ms), ...Object.values(data.peak_rss_mb)]) {
      expect(typeof v).toBe('number');
      expect(v as number).toBeGreaterThan(0);
    }

    const md = readFileSync(results, 'utf8');
    expect(md).toContain('| GET /api/ |');
    expect(md).toMatch(/node: v\d+/);
  }, 90_000);
});

describe('the servers of the bench', () => {
  it('run with the Node options of npm start, read from package.json', async () => {
    const { startNodeOptions, NODE_OPTIONS } = await import('../bench/node-options');
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
    expect(start).toBe(`node ${[...NODE_OPTIONS, 'dist/cli.mjs'].join(' ')}`);
    expect(NODE_OPTIONS).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=50', '--no-allocation-site-pretenuring']);
    expect(startNodeOptions('node dist/cli.mjs')).toEqual([]);
    expect(() => startNodeOptions('tsx src/cli.ts')).toThrow(/not "node \[OPTIONS\] dist\/cli\.mjs"/);
  });
});
