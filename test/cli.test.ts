/** The CLI as a user runs it: a real process on a port, JSON and XML, clean stop, bad fixtures. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from './helpers/cli-command';

const root = new URL('..', import.meta.url).pathname;

function start(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(pattern: RegExp, output: () => string, ms = 15_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const m = output().match(pattern);
    if (m) return m;
    if (Date.now() > until) throw new Error(`no ${pattern} in:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('dms-sim CLI', () => {
  it('serves GET /api/ in JSON and XML on the port it prints, lists tenants and credentials, stops on SIGTERM', async () => {
    const p = start(['--port', '0']);
    try {
      const [, url] = await waitFor(/listening on (http:\/\/localhost:\d+)/, p.output);
      await waitFor(/Try: curl/, p.output);
      expect(p.output()).toContain('promo.acme.example');
      expect(p.output()).toContain('alice@acme.example / Passw0rd!');
      const json = await (await fetch(`${url.replace('localhost', '127.0.0.1')}/api/`)).json();
      expect(json.values['v25.3']).toBe(`${url}/api/v25.3`);
      const xml = await (await fetch(`${url.replace('localhost', '127.0.0.1')}/api/`, { headers: { Accept: 'application/xml' } })).text();
      expect(xml).toContain(`<v25.3>${url}/api/v25.3</v25.3>`);
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exited).toBe(0);
  });

  it('exits 1 naming the file and path of a bad fixture set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dms-bad-'));
    writeFileSync(join(dir, 'all.yaml'), 'service: { versions: [v1.1] }\ndomains: []\nusers: []\n');
    const p = start(['--port', '0', '--fixtures', dir]);
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('all.yaml: domains: must NOT have fewer than 1 items');
  });

  it('refuses a bad --port', async () => {
    const p = start(['--port', 'eighty']);
    expect(await p.exited).toBe(2);
    expect(p.output()).toContain('--port must be a whole number');
  });
});
