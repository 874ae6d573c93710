/**
 * dms-sim as a package (issue 20): `npm pack`, the tarball installed into a fresh project, and
 * there: `npx dms-sim serve --port 0` answers GET /api/; a plain .mjs imports createSimulator
 * and runContract and runs both; `npx dms-sim contract --junit` writes JUnit with the suite's
 * checks; `npx dms-sim fixtures check` of a broken overlay names file, path and line; a
 * TypeScript project (moduleResolution nodenext) gets the types.
 *
 * Installing offline: the npm cache of this machine holds no packages, so `npm install --offline`
 * cannot fetch the tarball's dependencies. The test installs the tarball the way npm lays it out
 * instead: its `package/` extracted to node_modules/dms-sim, the bin linked in node_modules/.bin,
 * and the dependencies linked one by one from this repository's node_modules.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const project = mkdtempSync(join(tmpdir(), 'dms-pkg-'));
const modules = join(project, 'node_modules');
let serving: ChildProcess | undefined;

const run = (cmd: string, args: string[], timeout = 60_000) => spawnSync(cmd, args, { cwd: project, encoding: 'utf8', timeout, env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' } });
const npx = (...args: string[]) => run('npx', ['--no-install', 'dms-sim', ...args], 90_000);
/** Without blocking this process (which may be serving the target). */
const npxAsync = (...args: string[]) =>
  new Promise<{ status: number | null; out: string }>((resolve) => {
    const child = spawn('npx', ['--no-install', 'dms-sim', ...args], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--quiet', '--lib'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(built.status, built.stderr).toBe(0);
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout);
  const paths = (files as { path: string }[]).map((f) => f.path);
  for (const p of ['dist/lib/index.mjs', 'dist/lib/contract.mjs', 'dist/lib/types/index.d.ts', 'dist/lib/types/contract/index.d.ts', 'dist/cli.mjs', 'bin/dms-sim.mjs', 'spec/openapi.json', 'fixtures/default/users.yaml', 'contract-tests/vitest.config.ts']) expect(paths).toContain(p);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', type: 'module', private: true }));
  mkdirSync(join(modules, 'dms-sim'), { recursive: true });
  mkdirSync(join(modules, '.bin'));
  for (const name of readdirSync(join(root, 'node_modules'))) if (name !== '.bin' && name !== 'dms-sim') symlinkSync(join(root, 'node_modules', name), join(modules, name));
  const tar = spawnSync('tar', ['xzf', join(project, filename), '-C', join(modules, 'dms-sim'), '--strip-components=1']);
  expect(tar.status).toBe(0);
  symlinkSync('../dms-sim/bin/dms-sim.mjs', join(modules, '.bin', 'dms-sim'));
}, 90_000);

/** npx does not pass a signal on to the server it started: the server runs in a process group of its own, stopped whole. */
const stopGroup = (child: ChildProcess | undefined) => {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};

afterAll(() => stopGroup(serving));

describe('the packed dms-sim, installed in another project', () => {
  it('npx dms-sim serve --port 0 answers GET /api/ on the built-in world found beside the package', async () => {
    serving = spawn('npx', ['--no-install', 'dms-sim', 'serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    serving.stdout!.on('data', (d) => (out += d));
    serving.stderr!.on('data', (d) => (out += d));
    const until = Date.now() + 30_000;
    while (!/Try: curl/.test(out) && Date.now() < until && serving.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    const url = /listening on (http:\/\/localhost:\d+)/.exec(out)?.[1];
    expect(url, out).toBeDefined();
    expect(out).toContain('node_modules/dms-sim/fixtures/default');
    const body = await (await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/`)).json();
    expect(body.values['v25.3']).toBe(`${url}/api/v25.3`);
    const exited = new Promise((r) => serving!.once('exit', r));
    stopGroup(serving);
    await exited;
    // The server itself is gone too, not only npx: within a few seconds its port answers no more.
    let answering = true;
    for (const until = Date.now() + 10_000; answering && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      answering = await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/`).then(() => true, () => false);
    }
    expect(answering, 'the server still answers after its process group was stopped').toBe(false);
  }, 60_000);

  it('a plain .mjs imports createSimulator and runContract and runs both', () => {
    writeFileSync(join(project, 'use.mjs'), [
      "import { createSimulator } from 'dms-sim';",
      "import { runContract } from 'dms-sim/contract';",
      'const sim = createSimulator({ settings: { throttling: false } });',
      'const { url, port } = await sim.listen();',
      "const result = await runContract({ baseUrl: `${url}/tenants/promo.acme.example`, areas: ['discovery'] });",
      'await sim.close();',
      'console.log(JSON.stringify({ url, port, ok: result.ok, summary: result.summary, checks: result.checks }));',
    ].join('\n'));
    const r = run(process.execPath, ['use.mjs']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(out.port).toBeGreaterThan(0);
    expect(out.port).not.toBe(8080);
    expect(out.ok).toBe(true);
    expect(out.summary.failed).toBe(0);
    expect(out.summary.passed).toBeGreaterThan(0);
    expect(out.checks.every((c: any) => c.file === 'contract-tests/areas/discovery.test.ts' && c.name.startsWith('[discovery]'))).toBe(true);
  }, 60_000);

  it('npx dms-sim contract --base-url ... --junit out.xml writes JUnit with the checks, exit 0', async () => {
    const { createSimulator } = await import('../src/simulator');
    const sim = createSimulator({ settings: { throttling: false } });
    const { url } = await sim.listen();
    try {
      const r = await npxAsync('contract', '--base-url', `${url}/tenants/promo.acme.example`, '--area', 'discovery', '--junit', 'out.xml');
      expect(r.status, r.out).toBe(0);
      const xml = readFileSync(join(project, 'out.xml'), 'utf8');
      expect(xml).toMatch(/<testcase classname="contract-tests\/areas\/discovery\.test\.ts" name="\[discovery\] /);
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('npx dms-sim contract without --base-url starts the package\'s built server and passes, exit 0', async () => {
    const r = await npxAsync('contract', '--area', 'discovery');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/dms-sim contract: [1-9]\d* passed, 0 failed/);
  }, 60_000);

  it('npx dms-sim fixtures check of a broken overlay exits non-zero naming file, path and line', () => {
    mkdirSync(join(project, 'overlay'));
    writeFileSync(join(project, 'overlay', 'users.yaml'), 'extends: default\nusers:\n  - id: 70001\n    username: x@acme.example\n    name: X\n    password: p\n    memberships:\n      - { tenant: promo.acme.exampel, since: 2024-01-01 }\n');
    const r = npx('fixtures', 'check', 'overlay');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('overlay/users.yaml:8: users[0].memberships[0].tenant: unknown tenant "promo.acme.exampel" (did you mean "promo.acme.example"?)');
  });

  it('a TypeScript project resolving as Node does (nodenext) gets the types of both entries', () => {
    writeFileSync(join(project, 'typed.ts'), [
      "import { createSimulator, type Simulator } from 'dms-sim';",
      "import { runContract, type ContractResult } from 'dms-sim/contract';",
      'const sim: Simulator = createSimulator({ settings: { sessionTimeoutMinutes: 5 } });',
      'const result: Promise<ContractResult> = runContract({ baseUrl: sim.publicUrl });',
      '// @ts-expect-error: not an option',
      'createSimulator({ nonsense: true });',
      'void result;',
    ].join('\n'));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] }, files: ['typed.ts'] }));
    const r = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
