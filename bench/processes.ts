/**
 * The bench's child processes: both servers built the same way (esbuild, one ES module each:
 * scripts/build.mjs) and spawned the same way (`node BUNDLE ARGS`), pinned to core 0 when `taskset`
 * exists (the load generator pins itself to core 1), tracked, and always killed: at the end, on
 * error, on exit and on SIGINT/SIGTERM/SIGHUP. Every wait is bounded.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, buildServer, DIST, SERVER_BUNDLE } from '../scripts/build.mjs';
import { NODE_OPTIONS } from './node-options';

export { NODE_OPTIONS };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const START_TIMEOUT_MS = 30_000;

const children = new Set<ChildProcess>();
/** Run on SIGINT/SIGTERM/SIGHUP before the children are killed (e.g. stopping the load). */
const interruptHooks: (() => void)[] = [];

function hasTaskset(): boolean {
  if (process.platform !== 'linux' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** Servers on core 0, the load generator on core 1. */
export const PINNED = hasTaskset();
/** CPUs of the machine, read before this process pins itself to one. */
export const NPROC = availableParallelism();

/** Pins this process (autocannon's) to core 1 when pinning is on. */
export function pinLoadGenerator(): void {
  if (PINNED) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore', timeout: 5_000 });
}

export function onInterrupt(hook: () => void): void {
  interruptHooks.push(hook);
}

export interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
}

/** The two servers as the bench runs them: dms-sim as `npm start` runs it, the ceiling built alike. */
export const DMS_SIM = SERVER_BUNDLE;

export const CEILING = join(DIST, 'bench', 'ceiling.mjs');

/** Builds both servers (dms-sim only when its inputs changed; the ceiling each time, ~50 ms). */
export async function buildServers(): Promise<void> {
  await buildServer({ quiet: true });
  await bundle('bench/ceiling.ts', CEILING);
}

/**
 * Spawns `node [NODE_OPTIONS] [NODE_FLAGS] BUNDLE ARGS` (on core 0 when pinned) and waits for its address.
 * `nodeFlags` serve profiling (`--cpu-prof`); the bench itself passes none.
 */
export function startServer(script: string, args: string[], nodeFlags: string[] = []): Promise<Server> {
  const node = [process.execPath, ...NODE_OPTIONS, ...nodeFlags, script, ...args];
  const argv = PINNED ? ['taskset', '-c', '0', ...node] : node;
  const child = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`${script} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (e: Error) => {
      clearTimeout(timer);
      kill(child);
      reject(e);
    };
    child.stderr!.on('data', (d: Buffer) => {
      if (err.length < 20_000) err += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      if (out.length > 20_000) out = out.slice(-2000);
      out += d.toString();
      const m = /listening on http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // Keep draining the pipes so that a chatty child never blocks on a full pipe.
        child.stdout!.removeAllListeners('data').resume();
        child.stderr!.removeAllListeners('data').resume();
        resolvePromise({ child, pid: child.pid!, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.once('error', (e) => fail(e));
    child.once('exit', (code, signal) => fail(new Error(`${script} exited (${signal ?? code}) before listening:\n${err.trim()}`)));
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.exitCode === null && child.signalCode === null) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the child is gone (bounded). */
export function stop(child: ChildProcess, graceMs = 2_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const hard = setTimeout(() => kill(child, 'SIGKILL'), graceMs);
    const give = setTimeout(resolvePromise, graceMs + 2_000);
    child.once('exit', () => {
      clearTimeout(hard);
      clearTimeout(give);
      resolvePromise();
    });
    kill(child, 'SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stop(c)));
}

process.on('exit', () => {
  for (const c of children) kill(c);
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => {
    console.error(`\nbench: ${sig}, stopping`);
    for (const hook of interruptHooks) hook();
    for (const c of children) kill(c);
    process.exit(130);
  });
}
