/**
 * The build `npm start` runs (scripts/build.mjs): dist/cli.mjs starts with plain `node`, reads the
 * default set the build checked, and the packages it loads on first use (ajv, jose, the XML
 * writer, pngjs) load from the bundle: a validation failure, JWKS, an XML answer, a thumbnail.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
// A build of its own (inside the project, where the server finds fixtures/ and spec/), so that a
// developer's dist/ and the bench test's build are left alone.
const OUT = join(ROOT, '.tmp', `build-test-${process.pid}`);
let child: ChildProcess | undefined;
let out = '';
let base = '';

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--force', '--out', OUT], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(build.status, build.stderr + build.stdout).toBe(0);
  const shown = relative(ROOT, OUT);
  expect(build.stdout).toMatch(new RegExp(`^built ${shown}/cli\\.mjs and ${shown}/default-world\\.json in \\d+ ms`));
  child = spawn(process.execPath, [join(OUT, 'cli.mjs'), '--port', '0', '--no-throttle'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const until = Date.now() + 20_000;
  while (!/Try: curl/.test(out)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`dist/cli.mjs did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  base = /listening on http:\/\/localhost:(\d+)/.exec(out)![1].replace(/^/, 'http://127.0.0.1:');
}, 90_000);

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(OUT, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the built server (dist/cli.mjs)', () => {
  it('is rebuilt when any file it or the library bundles changes: each is under one of the inputs the up-to-date check reads', async () => {
    const { INPUTS } = await import('../scripts/build.mjs');
    const { build } = await import('esbuild');
    const entryPoints = ['src/cli.ts', 'src/index.ts', 'src/contract/index.ts'].map((e) => join(ROOT, e));
    const r = await build({ entryPoints, outdir: join(OUT, 'meta'), bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, logLevel: 'silent' });
    const bundled = Object.keys(r.metafile!.inputs).map((p) => relative(ROOT, resolve(ROOT, p)));
    expect(bundled).toContain('contract-tests/target.ts');
    const uncovered = bundled.filter((p) => !INPUTS.some((i) => p === i || p.startsWith(`${i}/`)));
    expect(uncovered).toEqual([]);
  });

  it('is one module plus the default set the build checked, which it uses at start', () => {
    expect(existsSync(join(OUT, 'cli.mjs'))).toBe(true);
    const stored = JSON.parse(readFileSync(join(OUT, 'default-world.json'), 'utf8'));
    expect(stored.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.sourceOf.users).toBe('users.yaml');
    expect(out).toContain('Fixtures: fixtures/default (checked at build time: default-world.json beside the server)');
  });

  it('loads at start only the packages every request needs (the others through src/lazy.ts, when first used)', () => {
    const bundle = readFileSync(join(OUT, 'cli.mjs'), 'utf8');
    // import … from "x", import "x", export … from "x" (esbuild writes each on one line)
    const statics = new Set([...bundle.matchAll(/^(?:import|export)\b[^;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]).filter((id) => !id.startsWith('node:')));
    expect([...statics].sort()).toEqual(['@hono/node-server', 'hono']);
  });

  it('answers like the simulator run from source: JSON, XML, a validation failure, a session, a thumbnail', async () => {
    const api = await (await fetch(`${base}/api/`)).json();
    expect(api.responseStatus).toBe('SUCCESS');
    const xml = await (await fetch(`${base}/api/`, { headers: { Accept: 'application/xml' } })).text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><MapRestResult><responseStatus>SUCCESS<\/responseStatus><values><v19.1>/);

    const login = await (await fetch(`${base}/api/v25.3/auth`, form({ username: 'alice@acme.example', password: 'Passw0rd!' }))).json();
    expect(login.responseStatus).toBe('SUCCESS');
    const auth = { Authorization: login.sessionId as string };
    const bad = await (await fetch(`${base}/api/v25.3/objects/documents?limit=abc`, { headers: auth })).json();
    expect(bad).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: expect.stringContaining('abc') }] });

    const list = await (await fetch(`${base}/api/v25.3/objects/documents?limit=1`, { headers: auth })).json();
    const id = list.documents[0].document.id;
    const v = list.documents[0].document;
    const png = await fetch(`${base}/api/v25.3/objects/documents/${id}/versions/${v.major_version_number__v}/${v.minor_version_number__v}/thumbnail`, { headers: auth });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    // Endpoint 6 with a form body on a GET (gaps.md §11), over a real socket: the body's client_id is logged.
    const admin = await (await fetch(`${base}/api/v25.3/auth`, form({ username: 'tenant.admin@acme.example', password: 'Passw0rd!', tenantDNS: 'promo.acme.example' }))).json();
    const adminAuth = { Authorization: admin.sessionId as string };
    const got = await new Promise<number>((done, fail) => {
      const body = 'client_id=built-app';
      const r = request(`${base}/api/v25.3/objects/domains`, {
        method: 'GET', headers: { ...adminAuth, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) },
      }, (res) => res.resume().on('end', () => done(res.statusCode!)));
      r.on('error', fail);
      r.end(body);
    });
    expect(got).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    const csv = await (await fetch(`${base}/api/v25.3/logs/api_usage?date=${day}`, { headers: adminAuth })).text();
    expect(csv.split('\r\n').find((line) => line.includes('/objects/domains'))).toContain(',built-app,');

    const jwks = await (await fetch(`${base}/oauth2/jwks`)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });
});
