/**
 * Which target the contract suite talks to, from the environment (README.md lists every
 * variable), and starting / stopping a real dms-sim process when no target is given.
 * Runs in vitest's main process (globalSetup); the test files receive the outcome through
 * `inject('contract')` (see context.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The persona the suite logs in as on a dms-sim it starts (fixtures/default/users.yaml). */
export const DEFAULT_USER = { username: 'alice@acme.example', password: 'Passw0rd!' };
/** The second persona, for the "not visible to another user" checks (dms-sim targets only). */
export const DEFAULT_USER2 = { username: 'bob@acme.example', password: 'Passw0rd!' };
/** The SSO persona and the registered public client of dms-sim's built-in authorization server. */
export const DEFAULT_SSO = { username: 'sso.user@acme.example', password: 'Passw0rd!', clientId: 'dms-sim-local' };
/** The administrator persona, for MDL and the domain endpoint (dms-sim targets only). */
export const DEFAULT_ADMIN = { username: 'domain.admin@acme.example', password: 'Passw0rd!' };

export interface TargetEnv {
  /** `{base_url}` of a tenant; unset: the suite starts a dms-sim process. */
  baseUrl?: string;
  /** `{auth_url}` (login server: discovery); default the origin of the base URL. */
  authUrl?: string;
  username?: string;
  password?: string;
  sessionId?: string;
  username2?: string;
  password2?: string;
  adminUsername?: string;
  adminPassword?: string;
  /** Endpoint 2: a ready access/ID token and the profile id, or an SSO user for the password grant. */
  oauthToken?: string;
  oauthProfile?: string;
  ssoUsername?: string;
  ssoPassword?: string;
  oauthClientId?: string;
  /** API version label to use; default the one before the last listed (the last may be a beta). */
  version?: string;
  /** Mutating checks: explicit true/false, or undefined (= on for a spawned dms-sim, off otherwise). */
  allowWrites?: boolean;
  fixtures?: string;
  junit?: string;
  areas?: string[];
  /** Upper bound of documents walked / compared (list, query, versions). */
  maxDocs: number;
  /** How many documents are read in depth (versions, files, renditions). */
  sample: number;
  timeoutMs: number;
}

const bool = (v: string | undefined): boolean | undefined =>
  v === undefined || v === '' ? undefined : /^(1|true|yes|on)$/i.test(v.trim());
const int = (v: string | undefined, d: number, min = 1): number => {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= min ? n : d;
};
const url = (v: string | undefined): string | undefined => (v && v.trim() ? v.trim().replace(/\/+$/, '') : undefined);

export function readEnv(env: NodeJS.ProcessEnv = process.env): TargetEnv {
  return {
    baseUrl: url(env.CONTRACT_BASE_URL),
    authUrl: url(env.CONTRACT_AUTH_URL),
    username: env.CONTRACT_USERNAME || undefined,
    password: env.CONTRACT_PASSWORD,
    sessionId: env.CONTRACT_SESSION_ID || undefined,
    username2: env.CONTRACT_USERNAME2 || undefined,
    password2: env.CONTRACT_PASSWORD2,
    adminUsername: env.CONTRACT_ADMIN_USERNAME || undefined,
    adminPassword: env.CONTRACT_ADMIN_PASSWORD,
    oauthToken: env.CONTRACT_OAUTH_TOKEN || undefined,
    oauthProfile: env.CONTRACT_OAUTH_PROFILE || undefined,
    ssoUsername: env.CONTRACT_SSO_USERNAME || undefined,
    ssoPassword: env.CONTRACT_SSO_PASSWORD,
    oauthClientId: env.CONTRACT_OAUTH_CLIENT_ID || undefined,
    version: env.CONTRACT_VERSION || undefined,
    allowWrites: bool(env.CONTRACT_ALLOW_WRITES),
    fixtures: env.CONTRACT_FIXTURES || undefined,
    junit: env.CONTRACT_JUNIT || undefined,
    areas: env.CONTRACT_AREA ? env.CONTRACT_AREA.split(',').map((a) => a.trim()).filter(Boolean) : undefined,
    maxDocs: int(env.CONTRACT_MAX_DOCS, 1000),
    sample: int(env.CONTRACT_SAMPLE, 5),
    timeoutMs: int(env.CONTRACT_TIMEOUT_MS, 30_000),
  };
}

/** A file the test workers append one JSON line per HTTP exchange to (coverage-reporter.ts reads it). */
export function coverageFile(): string {
  process.env.CONTRACT_COVERAGE_FILE ??= join(tmpdir(), `dms-contract-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  return process.env.CONTRACT_COVERAGE_FILE;
}

export interface SpawnedSimulator {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * dist/cli.mjs, built first if an input changed (scripts/build.mjs `builtServer`). Imported when
 * called, by a computed address: this file is bundled into the server (`dms-sim contract` reads
 * readEnv), which must not load the build and esbuild at start.
 */
async function builtServer(): Promise<string> {
  const build = (await import(pathToFileURL(join(repoRoot, 'scripts', 'build.mjs')).href)) as typeof import('../scripts/build.mjs');
  return build.builtServer();
}

/**
 * Starts `node dist/cli.mjs --port 0 --no-throttle` (built first if an input changed) from the
 * repository root and waits for its `dms-sim listening on <url>` line. The process is killed by
 * `stop()`, and in any case when this process exits.
 */
export async function spawnSimulator(opts: { fixtures?: string; startTimeoutMs?: number } = {}): Promise<SpawnedSimulator> {
  const args = [await builtServer(), '--port', '0', '--host', '127.0.0.1', '--no-throttle'];
  if (opts.fixtures) args.push('--fixtures', resolve(opts.fixtures));
  const child: ChildProcess = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: undefined } });
  const killNow = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killNow);
  // A signal ends this process without 'exit' handlers: take the simulator along, then let the
  // signal do what it would have done.
  const onSignal = (signal: NodeJS.Signals) => {
    killNow();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, onSignal);
  const forgetSignals = () => {
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeListener(sig, onSignal);
  };
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => fail(new Error(`dms-sim did not print its listening line within ${opts.startTimeoutMs ?? 60_000} ms`)), opts.startTimeoutMs ?? 60_000);
    function fail(e: Error) {
      clearTimeout(timer);
      killNow();
      forgetSignals();
      reject(new Error(`${e.message}\n--- dms-sim output ---\n${output.slice(-4000)}`));
    }
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /dms-sim listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1].replace(/\/+$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', (e) => fail(e));
    child.once('exit', (code, signal) => fail(new Error(`dms-sim exited (code ${code}, signal ${signal}) before listening`)));
  });
  child.removeAllListeners('exit');
  // Keep draining its output so that a chatty simulator never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.on('data', (c: Buffer) => {
    if (process.env.CONTRACT_DEBUG) process.stderr.write(c);
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      process.removeListener('exit', killNow);
      forgetSignals();
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(killNow, 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
