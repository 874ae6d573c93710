/**
 * The control plane's CLI flags, on the CLI as a process (like test/cli.test.ts): --state-file across
 * a restart (a world changed through the service API, SIGTERM, start again on the same file),
 * --clock and --frozen-clock, --fault, --scenario, --control-token.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Call, changeWorld, expectChanged } from './world-changes';
import { CLI } from '../helpers/cli-command';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'dms-cli-control-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 30_000;
  for (;;) {
    const m = /Try: curl (http:\/\/localhost:\d+)/.exec(out);
    if (m) return { child, url: m[1].replace('localhost', '127.0.0.1'), output: () => out, exited };
    if (child.exitCode !== null || Date.now() > until) throw new Error(`dms-sim did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(p: Started): Promise<number | null> {
  p.child.kill('SIGTERM');
  return p.exited;
}

const callOf = (base: string): Call => (method, path, init = {}) => fetch(`${base}${path}`, { method, headers: init.headers, body: init.body });

describe('control plane flags of the CLI', () => {
  it('--state-file: a changed world survives a restart (saved on SIGTERM, loaded at start), written atomically', async () => {
    const stateFile = join(dir, 'world.json');
    const first = await start(['--state-file', stateFile]);
    let changed;
    try {
      expect(first.output()).toContain(`Control plane: http://localhost:`);
      expect(first.output()).toContain(`state file ${stateFile}`);
      changed = await changeWorld(callOf(first.url));
    } finally {
      expect(await stop(first)).toBe(0);
    }
    expect(existsSync(stateFile)).toBe(true);
    expect(readdirSync(dir)).toEqual(['world.json']);
    const second = await start(['--state-file', stateFile]);
    try {
      await expectChanged(callOf(second.url), changed);
      const sessions = (await (await fetch(`${second.url}/_sim/sessions`)).json()).sessions.map((s: { user: string }) => s.user).sort();
      expect(sessions).toEqual(['bob@acme.example', 'tenant.admin@acme.example']);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  });

  it('--clock, --frozen-clock, --fault, --scenario, --control-token', async () => {
    const p = await start(['--clock', '2026-03-01T08:00:00Z', '--frozen-clock', '--fault', 'service-unavailable', '--scenario', 'fixtures/scenarios/flaky-network', '--control-token', 'tok']);
    try {
      // The banner says which faults act from the start (else every call failing would be a mystery).
      expect(p.output()).toMatch(/Faults from the start \(.*\/_sim\/faults lists them, DELETE clears them\):\n {2}f1: delay 2000 ms on every request \(probability 0\.1\)\n {2}f2: preset service-unavailable on every request\n/);
      const get = (path: string, token?: string) => fetch(`${p.url}${path}`, { headers: token ? { 'X-Sim-Control-Token': token } : {} });
      expect((await get('/_sim/clock')).status).toBe(401);
      expect(await (await get('/_sim/clock', 'tok')).json()).toEqual({ now: '2026-03-01T08:00:00.000Z', frozen: true });
      const faults = (await (await get('/_sim/faults', 'tok')).json()).faults;
      expect(faults.map((f: { preset?: string; delayMs?: number; probability?: number }) => f.preset ?? `${f.delayMs}ms@${f.probability}`)).toEqual(['2000ms@0.1', 'service-unavailable']);
      // The delay of the flaky network (when it fires) and the downtime compose: every call is down.
      const down = await get('/api/');
      expect(down.status).toBe(503);
      expect(down.headers.get('x-tenantapi-downtimeexpecteddurationminutes')).toBe('30');
    } finally {
      expect(await stop(p)).toBe(0);
    }
  });

  it('refuses an unknown preset and a bad --clock', async () => {
    for (const args of [['--fault', 'meteor'], ['--clock', 'tomorrow']]) {
      const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stderr!.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, out).toBe(2);
      expect(out).toMatch(args[0] === '--fault' ? /--fault meteor: not a preset/ : /--clock must be an ISO-8601 time/);
    }
  });
});
