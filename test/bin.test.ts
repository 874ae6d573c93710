/** `npx dms-sim` (package.json `bin`): the server as `npm start` runs it, from any folder, on the built-in world. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

describe('the dms-sim bin', () => {
  it('is the package bin', () => {
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin).toEqual({ 'dms-sim': 'bin/dms-sim.mjs' });
  });

  it('starts the built server from another folder on the default world, with the flags given, and stops on SIGTERM', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'dms-bin-'));
    const child = spawn(process.execPath, [join(root, 'bin', 'dms-sim.mjs'), '--port', '0', '--no-throttle'], { cwd: elsewhere, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 60_000;
      while (!/Try: curl/.test(out) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const url = /listening on (http:\/\/localhost:\d+)/.exec(out)?.[1];
      expect(url, out).toBeDefined();
      expect(out).toContain('fixtures/default');
      const versions = await (await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/`)).json();
      expect(versions.values['v25.3']).toBe(`${url}/api/v25.3`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
