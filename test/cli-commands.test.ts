/**
 * The subcommands of `dms-sim` as processes (issue 20): --help of each lists every flag with its
 * default, fixtures check (file, line, path, did you mean), fixtures generate, contract against a
 * simulator listening on a free port (exit code = result, JUnit with the checks), unknown commands.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJUnit } from '../src/contract/run';
import { createSimulator, type Simulator } from '../src/simulator';
import { CLI } from './helpers/cli-command';

const root = new URL('..', import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'dms-cmd-'));

describe('--help', () => {
  it('serve lists every flag it parses, each with its default', async () => {
    const { code, out } = await run(['serve', '--help']);
    expect(code).toBe(0);
    const src = readFileSync(join(root, 'src/cli.ts'), 'utf8');
    const options = src.slice(src.indexOf('options: {'), src.indexOf('}).values'));
    const flags = [...options.matchAll(/^\s+'?([a-z-]+)'?: \{ type/gm)].map((m) => m[1]).filter((f) => f !== 'help');
    expect(flags.length).toBeGreaterThanOrEqual(15);
    for (const flag of flags) expect(out, flag).toMatch(new RegExp(`^  --${flag}\\b.*\\(default: `, 'm'));
    expect((await run(['--help'])).out).toBe(out);
  });

  it('fixtures and contract list theirs', async () => {
    const f = await run(['fixtures', '--help']);
    expect(f.code).toBe(0);
    for (const flag of ['documents N', 'seed S', 'users U']) expect(f.out).toMatch(new RegExp(`--${flag}.*\\(default: `));
    const c = await run(['contract', '--help']);
    expect(c.code).toBe(0);
    for (const flag of ['base-url', 'auth-url', 'username', 'password', 'junit', 'allow-writes', 'area']) expect(c.out).toMatch(new RegExp(`^  --${flag}\\b.*\\(default: `, 'm'));
  });

  it('an unknown command suggests the closest one and exits 2', async () => {
    const r = await run(['fixture', 'check']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown command "fixture" (did you mean "fixtures"?)');
  });
});

describe('fixtures check', () => {
  it('passes the default set', async () => {
    const r = await run(['fixtures', 'check', 'fixtures/default']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^fixtures\/default: valid \(4 tenants, 11 users, \d+ documents\)/);
  });

  it('names file, line and path of every problem, with a suggestion for an unknown name', async () => {
    const dir = join(tmp, 'broken');
    cpSync(join(root, 'fixtures/default'), dir, { recursive: true });
    const users = readFileSync(join(dir, 'users.yaml'), 'utf8');
    const at = users.indexOf('tenant: promo.acme.example');
    writeFileSync(join(dir, 'users.yaml'), `${users.slice(0, at)}tenant: promo.acme.exampel${users.slice(at + 'tenant: promo.acme.example'.length)}`);
    const line = users.slice(0, at).split('\n').length;
    const r = await run(['fixtures', 'check', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`users\\.yaml:${line}: users\\[\\d+\\]\\.memberships\\[\\d+\\]\\.tenant: unknown tenant "promo\\.acme\\.exampel" \\(did you mean "promo\\.acme\\.example"\\?\\)`));
  });

  it('reports an unknown key with its line and the key it resembles', async () => {
    const dir = join(tmp, 'badkey');
    cpSync(join(root, 'fixtures/default'), dir, { recursive: true });
    const text = readFileSync(join(dir, 'domains.yaml'), 'utf8');
    const at = text.indexOf('    dns: ');
    writeFileSync(join(dir, 'domains.yaml'), `${text.slice(0, at)}    dsn: ${text.slice(at + '    dns: '.length)}`);
    const r = await run(['fixtures', 'check', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/domains\.yaml:\d+: domains\[0\]\.tenants\[0\]: unknown key "dsn" \(did you mean "dns"\?\)/);
    // A top-level key: its file and its own line (the file's last), not only the folder.
    const service = readFileSync(join(dir, 'service.yaml'), 'utf8').replace(/\n*$/, '\n');
    writeFileSync(join(dir, 'service.yaml'), `${service}bogusKey: 1\n`);
    const top = await run(['fixtures', 'check', dir]);
    expect(top.err).toContain(`service.yaml:${service.split('\n').length}: bogusKey: unknown key "bogusKey"`);
  });
});

describe('fixtures generate', () => {
  it('writes a set that checks, the same for the same seed', async () => {
    const a = join(tmp, 'gen-a');
    const r = await run(['fixtures', 'generate', '--documents', '12', '--seed', '7', '--out', a]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`wrote a fixture set of 12 documents (seed 7) to ${a}`);
    expect(r.err).toBe(''); // no progress bar off a terminal
    expect(r.out).toMatch(/ in \d+\.\d s; log in as admin@generated\.example \/ Passw0rd!\n$/);
    expect(readFileSync(join(a, 'documents.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const b = join(tmp, 'gen-b');
    await run(['fixtures', 'generate', '--documents', '12', '--seed', '7', '--out', b]);
    expect(readFileSync(join(b, 'documents.jsonl'), 'utf8')).toBe(readFileSync(join(a, 'documents.jsonl'), 'utf8'));
    const checked = await run(['fixtures', 'check', a]);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain('valid (1 tenant, 9 users, 12 documents)');
  }, 60_000);

  it('writes over a set it generated, and refuses a folder holding other fixture files (they would merge into the set)', async () => {
    const again = join(tmp, 'gen-again');
    expect((await run(['fixtures', 'generate', '--documents', '5', '--out', again])).code).toBe(0);
    expect((await run(['fixtures', 'generate', '--documents', '3', '--out', again])).code).toBe(0);
    expect(readFileSync(join(again, 'documents.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
    // A scenario (not data) and files the loader does not read stay, and do not stop a new generation.
    writeFileSync(join(again, 'scenario.yaml'), 'faults: []\n');
    writeFileSync(join(again, 'notes.txt'), 'mine\n');
    expect((await run(['fixtures', 'generate', '--documents', '2', '--out', again])).code).toBe(0);
    expect(readFileSync(join(again, 'notes.txt'), 'utf8')).toBe('mine\n');
    const mixed = join(tmp, 'gen-mixed');
    cpSync(join(root, 'fixtures/default'), mixed, { recursive: true });
    const r = await run(['fixtures', 'generate', '--documents', '3', '--out', mixed]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`dms-sim fixtures generate: ${mixed} holds fixture files the generator does not write (auth.yaml, documents.yaml)`);
    expect(existsSync(join(mixed, 'documents.jsonl'))).toBe(false);
  }, 90_000);

  it('refuses a missing --out', async () => {
    const r = await run(['fixtures', 'generate', '--documents', '3']);
    expect(r.code).toBe(2);
    expect(existsSync(join(root, 'documents.jsonl'))).toBe(false);
  });
});

describe('contract', () => {
  let sim: Simulator;
  let url = '';
  beforeAll(async () => {
    sim = createSimulator({ settings: { throttling: false } });
    url = (await sim.listen()).url;
  });
  afterAll(() => sim.close());

  it('runs against --base-url, exits 0, and writes JUnit with the checks', async () => {
    const junit = join(tmp, 'contract.xml');
    const r = await run(['contract', '--base-url', `${url}/tenants/promo.acme.example`, '--area', 'discovery', '--junit', junit]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/dms-sim contract: [1-9]\d* passed, 0 failed, \d+ skipped; JUnit report in /);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="contract-tests/areas/discovery.test.ts"');
    expect(xml).toMatch(/<testcase classname="contract-tests\/areas\/discovery\.test\.ts" name="\[discovery\]/);
  }, 90_000);

  it('passes the caller\'s CONTRACT_* variables to the suite (an administrator), a flag winning over its variable', async () => {
    const junit = join(tmp, 'contract-env.xml');
    const r = await run(['contract', '--base-url', `${url}/tenants/promo.acme.example`, '--area', 'domains', '--junit', junit, '--username', 'alice@acme.example', '--password', 'Passw0rd!'], {
      CONTRACT_ADMIN_USERNAME: 'domain.admin@acme.example', CONTRACT_ADMIN_PASSWORD: 'Passw0rd!', CONTRACT_PASSWORD: 'wrong',
    });
    expect(r.code, r.out + r.err).toBe(0);
    const admin = parseJUnit(readFileSync(junit, 'utf8')).find((c) => c.name.includes('the domain for an administrator'));
    expect(admin?.status, 'run as CONTRACT_ADMIN_USERNAME, not skipped for want of one').toBe('passed');
  }, 90_000);

  it('refuses an unknown area at once, by --area or CONTRACT_AREA, naming the areas (no suite run, no stack trace)', async () => {
    for (const r of [await run(['contract', '--area', 'bogus', '--area', 'query']), await run(['contract'], { CONTRACT_AREA: 'query,bogus' })]) {
      expect(r.code).toBe(2);
      expect(r.err).toContain('dms-sim contract: unknown area "bogus" (one of session, discovery, domains, metadata, documents, files, query, configuration, errors)');
      expect(r.err + r.out).not.toMatch(/\n\s+at /);
    }
  });

  it('says at once when the target does not answer (not after a table of checks), by --base-url or CONTRACT_BASE_URL', async () => {
    // A server that closes every connection at once: reachable, but no answer (undici says the socket
    // closed, or ECONNRESET when the request was already sent when the reset came: timing decides).
    const mute = createServer();
    mute.on('connection', (socket) => socket.destroy());
    const port = await new Promise<number>((done) => mute.listen(0, '127.0.0.1', () => done((mute.address() as AddressInfo).port)));
    try {
      const base = `http://127.0.0.1:${port}/tenants/promo.acme.example`;
      // CONTRACT_TIMEOUT_MS bounds the wait (the suite's own timeout): a closed connection may leave the request waiting.
      for (const r of [await run(['contract', '--base-url', base], { CONTRACT_TIMEOUT_MS: '2000' }), await run(['contract'], { CONTRACT_BASE_URL: base, CONTRACT_TIMEOUT_MS: '2000' })]) {
        expect(r.code).toBe(1);
        expect(r.err.trim()).toMatch(new RegExp(`^dms-sim contract: no answer from http://127\\.0\\.0\\.1:${port}/tenants/promo\\.acme\\.example/api/ \\((UND_ERR_SOCKET|ECONNRESET|no answer within 2000 ms)\\)$`));
        expect(r.out).toBe('');
      }
    } finally {
      mute.close();
    }
  }, 60_000);

  it('exits non-zero when the target breaks the contract (wrong password)', async () => {
    const r = await run(['contract', '--base-url', `${url}/tenants/promo.acme.example`, '--area', 'session', '--username', 'alice@acme.example', '--password', 'wrong']);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/dms-sim contract: \d+ passed, [1-9]\d* failed/);
  }, 90_000);
});
