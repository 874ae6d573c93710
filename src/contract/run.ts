/**
 * `runContract({ baseUrl, ... })` (`dms-sim/contract`): the contract suite (contract-tests/) against
 * any target, as a library. It runs the suite the way `npm run contract` does (vitest with
 * contract-tests/vitest.config.ts, in the package's folder, in a child process, so that the
 * caller's own test runner is left alone), passes the target through the environment variables the
 * suite reads (contract-tests/README.md), and reads the checks back from its JUnit report.
 * Without `baseUrl` the suite starts a dms-sim of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { xmlModule } from '../lazy';
import { projectRoot } from '../root';

export interface ContractOptions {
  /** The tenant's `{base_url}`; unset: the suite starts a dms-sim process. */
  baseUrl?: string;
  /** The login server (`{auth_url}`); default the origin of the base URL. */
  authUrl?: string;
  username?: string;
  password?: string;
  /** Run the mutating checks (default: on only for a dms-sim the suite starts). */
  allowWrites?: boolean;
  /** Also keep the JUnit XML report at this path. */
  junit?: string;
  /** Only these areas (session, discovery, domains, metadata, documents, files, query, configuration, errors). */
  areas?: string[];
  /** Only checks whose name matches (vitest `-t`). */
  filter?: string;
  /** More CONTRACT_* variables (contract-tests/README.md). */
  env?: Record<string, string>;
  /** Show the suite's own output (default: collected into `output`). */
  stdio?: 'inherit' | 'pipe';
}

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface ContractCheck {
  /** The area's file, e.g. `contract-tests/areas/query.test.ts`. */
  file: string;
  /** The check's full name (its describe blocks and title). */
  name: string;
  status: CheckStatus;
  /** The failure or skip message. */
  message?: string;
  durationMs: number;
}

export interface ContractResult {
  /** True when the suite passed (the exit code of `dms-sim contract` is 0 exactly then). */
  ok: boolean;
  exitCode: number;
  checks: ContractCheck[];
  summary: Record<CheckStatus, number>;
  /** The suite's output (with `stdio: 'pipe'`, the default). */
  output: string;
}

function vitestBin(): string {
  const require = createRequire(join(projectRoot, 'package.json'));
  return join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
}

export function contractEnv(opts: ContractOptions): Record<string, string> {
  const env: Record<string, string> = {};
  if (opts.baseUrl) env.CONTRACT_BASE_URL = opts.baseUrl;
  if (opts.authUrl) env.CONTRACT_AUTH_URL = opts.authUrl;
  if (opts.username) env.CONTRACT_USERNAME = opts.username;
  if (opts.password !== undefined) env.CONTRACT_PASSWORD = opts.password;
  if (opts.allowWrites !== undefined) env.CONTRACT_ALLOW_WRITES = String(opts.allowWrites);
  if (opts.areas?.length) env.CONTRACT_AREA = opts.areas.join(',');
  // The named options win over the same variables in `env`.
  return { ...opts.env, ...env };
}

export async function runContract(opts: ContractOptions = {}): Promise<ContractResult> {
  const tmp = mkdtempSync(join(tmpdir(), 'dms-contract-'));
  const junit = opts.junit ? resolve(opts.junit) : join(tmp, 'junit.xml');
  const args = [vitestBin(), 'run', '--config', 'contract-tests/vitest.config.ts', ...(opts.filter ? ['-t', opts.filter] : [])];
  // The caller's CONTRACT_* variables do not leak into a run that says what it wants.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONTRACT_')));
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    // No colours but on a terminal (FORCE_COLOR=0 turned them on: picocolors reads "FORCE_COLOR set" as "force").
    env: { ...base, ...contractEnv(opts), CONTRACT_JUNIT: junit, ...(opts.stdio === 'inherit' && process.stdout.isTTY ? {} : { NO_COLOR: '1' }) },
    stdio: opts.stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exitCode = await new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  let checks: ContractCheck[] = [];
  try {
    checks = parseJUnit(readFileSync(junit, 'utf8'));
  } catch {
    // No report: the suite did not get as far as running (its output says why).
  }
  rmSync(tmp, { recursive: true, force: true });
  const summary = { passed: 0, failed: 0, skipped: 0 };
  for (const c of checks) summary[c.status]++;
  return { ok: exitCode === 0 && checks.length > 0, exitCode, checks, summary, output };
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : typeof v === 'object' && v ? String((v as Record<string, unknown>)['@_message'] ?? (v as Record<string, unknown>)['#text'] ?? '') : String(v);

/** The testcases of vitest's JUnit report. */
export function parseJUnit(xml: string): ContractCheck[] {
  const parser = new (xmlModule().XMLParser)({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'testsuite' || name === 'testcase' });
  const doc = parser.parse(xml);
  const out: ContractCheck[] = [];
  for (const suite of list(doc.testsuites?.testsuite)) {
    for (const c of list<Record<string, unknown>>(suite.testcase)) {
      const failure = c.failure ?? c.error;
      const status: CheckStatus = failure !== undefined ? 'failed' : c.skipped !== undefined ? 'skipped' : 'passed';
      out.push({
        file: String(suite['@_name']),
        name: String(c['@_name']),
        status,
        message: status === 'passed' ? undefined : text(list(failure ?? c.skipped)[0]),
        durationMs: Math.round(Number(c['@_time'] ?? 0) * 1000),
      });
    }
  }
  return out;
}
