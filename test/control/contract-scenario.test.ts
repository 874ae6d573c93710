/**
 * The contract suite pointed at a dms-sim with a scenario loaded (issue 16): with
 * fixtures/scenarios/expired-session, the suite's session checks meet INVALID_SESSION_ID and fail,
 * and it reports them (the checks that log in afresh still pass).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER, DEFAULT_USER2, repoRoot } from '../../contract-tests/target';
import { CLI } from '../helpers/cli-command';

const TIMEOUT_MS = 120_000;
const dir = mkdtempSync(join(tmpdir(), 'dms-contract-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: NodeJS.ProcessEnv, onOutput?: (text: string) => void): { done: Promise<{ code: number | null; output: string }>; kill: () => void } {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const add = (c: Buffer) => {
    output += c.toString('utf8');
    onOutput?.(output);
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { done, kill: () => child.kill('SIGTERM') };
}

describe('the contract suite against a simulator with a scenario', () => {
  it('expired-session: its session checks see INVALID_SESSION_ID and fail; the others pass', async () => {
    let url = '';
    let sim: ReturnType<typeof run> | undefined;
    const listening = new Promise<void>((resolve) => {
      sim = run([CLI, '--port', '0', '--host', '127.0.0.1', '--no-throttle', '--scenario', 'fixtures/scenarios/expired-session'], { ...process.env, PORT: undefined }, (out) => {
        const m = /dms-sim listening on (http:\/\/\S+)/.exec(out);
        if (m && !url) {
          url = m[1];
          resolve();
        }
      });
    });
    try {
      await listening;
      const junit = join(dir, 'junit.xml');
      const env: NodeJS.ProcessEnv = {
        ...process.env, FORCE_COLOR: '0', NO_COLOR: '1',
        CONTRACT_BASE_URL: `${url}/tenants/promo.acme.example`, CONTRACT_AUTH_URL: url, CONTRACT_AREA: 'session', CONTRACT_JUNIT: junit,
        CONTRACT_USERNAME: DEFAULT_USER.username, CONTRACT_PASSWORD: DEFAULT_USER.password,
        CONTRACT_USERNAME2: DEFAULT_USER2.username, CONTRACT_PASSWORD2: DEFAULT_USER2.password, CONTRACT_ALLOW_WRITES: 'false',
      };
      for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'TEST' || k === 'NODE_ENV' || k === 'CONTRACT_COVERAGE_FILE' || k === 'CONTRACT_SESSION_ID') delete env[k];
      const suite = run([join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'contract-tests/vitest.config.ts'], env);
      const { code, output } = await suite.done;
      expect(code, output.slice(-4000)).not.toBe(0);
      const xml = existsSync(junit) ? readFileSync(junit, 'utf8') : '';
      const cases = [...xml.matchAll(/<testcase\b[^>]*name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)];
      const failed = cases.filter((m) => /<failure\b|<error\b/.test(m[3] ?? '')).map((m) => ({ name: m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'), text: m[3] }));
      expect(failed.map((f) => f.name), output.slice(-4000)).toEqual([
        '[session] log in (endpoint 1) and use the session > the session works as "Authorization: <id>" and as "Authorization: Bearer <id>"',
        '[session] log in (endpoint 1) and use the session > keep-alive answers SUCCESS with a session',
        "[session] log in (endpoint 1) and use the session > objects/users/me: the caller's own user record (clients read it at start-up: gaps.md §12)",
        '[session] log in (endpoint 1) and use the session > GET /api/ with an Authorization header checks it: a bad session is INVALID_SESSION_ID (gaps.md §12)',
      ]);
      for (const f of failed) expect(f.text).toContain('INVALID_SESSION_ID');
      expect(cases.length - failed.length).toBeGreaterThan(3);
    } finally {
      sim?.kill();
      await sim?.done;
    }
  }, TIMEOUT_MS);
});
