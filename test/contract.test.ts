/**
 * `npm test` runs the contract suite (contract-tests/, README.md there) against a dms-sim process:
 * `vitest run --config contract-tests/vitest.config.ts` as a child process, which starts and
 * stops its own simulator, with writes on (it is disposable). Passes when the suite passes.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../contract-tests/target';

const TIMEOUT_MS = 240_000;

test('the contract suite passes against a dms-sim process', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const k of Object.keys(env)) if (k.startsWith('CONTRACT_') || k.startsWith('VITEST') || k === 'TEST' || k === 'NODE_ENV') delete env[k];
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'contract-tests/vitest.config.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      output += `\n[contract.test] killed after ${TIMEOUT_MS} ms`;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, TIMEOUT_MS);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  expect(code, output.slice(-6000)).toBe(0);
  expect(output, 'the coverage table is printed').toContain('Contract coverage');
}, TIMEOUT_MS + 15_000);
