/**
 * Service settings as flags (issue 20): --session-timeout (every tenant), --auth-burst-limit,
 * --api-burst-limit (every tenant, over its own), --page-link-ttl, --max-upload. The behaviour
 * through createSimulator's `settings` on the manual clock; the flags through a real process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGenerated } from '../src/fixtures/generate';
import { describe, expect, it } from 'vitest';
import { V, testSim } from './helpers/sim';
import { CLI } from './helpers/cli-command';

const root = new URL('..', import.meta.url).pathname;
const MIN = 60_000;

describe('settings overrides', () => {
  it('sessionTimeoutMinutes overrides every tenant: a session idle that long is gone, on each tenant', async () => {
    const sim = testSim({ settings: { sessionTimeoutMinutes: 2 } });
    expect(new Set(sim.world.tenants.all().map((t) => t.sessionTimeoutMinutes))).toEqual(new Set([2]));
    for (const dns of ['promo.acme.example', 'quality.acme.example']) {
      const s = await sim.login('tenant.admin@acme.example', { tenantDNS: dns });
      sim.clock.advance(2 * MIN - 1000);
      expect((await sim.json('GET', `/api/${V}/objects/documents`, s)).responseStatus).toBe('SUCCESS');
      sim.clock.advance(2 * MIN);
      expect((await sim.json('GET', `/api/${V}/objects/documents`, s)).errors[0].type).toBe('INVALID_SESSION_ID');
    }
  });

  it('without the override each tenant keeps its own timeout', () => {
    const sim = testSim();
    expect(sim.world.tenants.all().map((t) => t.sessionTimeoutMinutes)).toEqual([20, 30, 10, 60]);
  });

  it('authBurstLimit and apiBurstLimit show in the burst headers, the API one on every tenant', async () => {
    const sim = testSim({ settings: { authBurstLimit: 3, apiBurstLimit: 5 } });
    const login = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example', password: 'Passw0rd!' } });
    expect(login.headers.get('x-tenantapi-burstlimitremaining')).toBe('2');
    const session = (await login.json()).sessionId;
    const call = await sim.call('GET', `/api/${V}/objects/documents`, { headers: { Authorization: session } });
    expect(call.headers.get('x-tenantapi-burstlimitremaining')).toBe('4');
    expect(sim.world.tenants.all().every((t) => t.apiBurstLimit === 5)).toBe(true);
  });

  it('pageLinkTtlMs: a paging link lives that long after the last page call, then INVALID_DATA', async () => {
    const sim = testSim({ settings: { pageLinkTtlMs: 90_000, sessionTimeoutMinutes: 60 } });
    const s = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    const first = await sim.json('POST', `/api/${V}/query`, s, { form: { q: 'SELECT id FROM documents PAGESIZE 2' } });
    const next = first.responseDetails.next_page as string;
    sim.clock.advance(89_000);
    expect((await sim.json('POST', next, s)).responseStatus).toBe('SUCCESS');
    sim.clock.advance(90_000);
    const expired = await sim.json('POST', next, s);
    expect(expired.errors[0].type).toBe('INVALID_DATA');
  });
});

function startCli(args: string[]): Promise<{ url?: string; out: string; code: number | null; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      out += d;
      if (/Try: curl/.test(out)) {
        resolve({ url: /listening on (http:\/\/localhost:\d+)/.exec(out)![1].replace('localhost', '127.0.0.1'), out, code: null, stop: async () => void (child.kill('SIGTERM'), await exited) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve({ out, code, stop: async () => {} }));
  });
}

describe('the flags', () => {
  it('reach the simulator: the banner shows them, a login burst and an upload over the maximum answer accordingly', async () => {
    const p = await startCli(['--port', '0', '--session-timeout', '7', '--auth-burst-limit', '4', '--api-burst-limit', '9', '--page-link-ttl', '30m', '--max-upload', '64']);
    try {
      expect(p.out).toContain('Settings: session timeout 7 min, auth burst 4/min, API burst 9/5 min, page links 1800 s, uploads up to 64 bytes');
      const login = await fetch(`${p.url}/api/${V}/auth`, { method: 'POST', body: new URLSearchParams({ username: 'bob@acme.example', password: 'Passw0rd!', tenantDNS: 'promo.acme.example' }) });
      expect(login.headers.get('x-tenantapi-burstlimitremaining')).toBe('3');
      const session = (await login.json()).sessionId;
      const form = new FormData();
      form.set('file', new Blob(['This text is longer than sixty-four bytes, the maximum upload size set here.'], { type: 'text/plain' }), 'big.txt');
      form.set('name__v', 'Too Big');
      form.set('type__v', 'Product Label');
      form.set('lifecycle__v', 'General Lifecycle');
      const res = await fetch(`${p.url}/api/${V}/objects/documents`, { method: 'POST', headers: { Authorization: session }, body: form });
      expect(res.headers.get('x-tenantapi-burstlimitremaining')).toBe('8');
      expect(await res.json()).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'EXCEEDS_FILE_MAX_SIZE', message: 'The file exceeds the maximum size of 64 bytes.' }] });
    } finally {
      await p.stop();
    }
  }, 60_000);

  it('--no-journal: the banner says so, requests are served, listing and verifying the journal answer 409', async () => {
    const p = await startCli(['--port', '0', '--no-journal']);
    try {
      expect(p.out).toContain('Request journal: off (--no-journal: /_sim/journal and verify answer 409)');
      expect((await (await fetch(`${p.url}/api/`)).json()).responseStatus).toBe('SUCCESS');
      const journal = await fetch(`${p.url}/_sim/journal`);
      expect(journal.status).toBe(409);
      expect(await journal.json()).toEqual({ error: 'the request journal is off (dms-sim was started with --no-journal): no request is recorded' });
      const verify = await fetch(`${p.url}/_sim/journal/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"operationId":"listVersions"}' });
      expect(verify.status).toBe(409);
    } finally {
      await p.stop();
    }
  }, 60_000);

  it('--no-query-warm-up: the banner says the query warm-up is off; without it, names the stores being indexed', async () => {
    const p = await startCli(['--port', '0', '--no-query-warm-up']);
    try {
      expect(p.out).toContain('Query warm-up: off (the first FIND on a large store builds its indexes)');
    } finally {
      await p.stop();
    }
    const dir = mkdtempSync(join(tmpdir(), 'dms-flags-'));
    try {
      writeGenerated(dir, { documents: 5000, seed: 2 });
      const r = await startCli(['--port', '0', '--fixtures', dir]);
      try {
        expect(r.out).toContain('Query warm-up: indexing docs.generated.example (5000 documents) in the background');
      } finally {
        await r.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuse a bad value with exit 2 and the usage', async () => {
    const p = await startCli(['--port', '0', '--page-link-ttl', '5']);
    expect(p.code).toBe(2);
    expect(p.out).toContain('--page-link-ttl must be a positive duration such as 90s, 30m, 72h or 3d: 5');
    const q = await startCli(['--port', '0', '--session-timeout', '0']);
    expect(q.code).toBe(2);
    expect(q.out).toContain('--session-timeout must be a whole number from 1: 0');
  }, 60_000);
});
