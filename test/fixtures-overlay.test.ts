/**
 * Overlays (issue 20, src/fixtures/overlay.ts): `extends:` in a set and `default,./overlay` on the
 * command line; the merge rule (identity keys, later wins, nothing removed); problems named in the
 * overlay's own file, path and line; a document seeded checked out (`lock: {user, date}`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FixtureError, loadFixtures } from '../src/fixtures/load';
import { mergeValue } from '../src/fixtures/overlay';
import { V, testSim } from './helpers/sim';
import { CLI } from './helpers/cli-command';

const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'dms-overlay-'));

function set(name: string, files: Record<string, string>): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

const CHANGES = {
  'domains.yaml': 'domains:\n  - name: acme\n    tenants:\n      - id: 1001\n        sessionTimeoutMinutes: 10\n',
  'users.yaml': [
    'users:',
    '  - id: 70001',
    '    username: carol@acme.example',
    '    name: Carol Overlay',
    '    password: Passw0rd!',
    '    memberships:',
    '      - { tenant: promo.acme.example, since: 2024-01-01 }',
    '  - id: 61002',
    '    name: Alice Renamed',
    '',
  ].join('\n'),
  'documents.yaml': 'documents:\n  - id: 101\n    lock: { user: 61002, date: 2026-01-15T09:00:00.000Z }\n',
};

const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof FixtureError) return e.problems;
    throw e;
  }
  return [];
};

describe('the merge rule', () => {
  it('merges mappings by key and lists of identified items by identity, replaces the rest, removes nothing', () => {
    expect(mergeValue(
      { a: 1, m: { x: 1, y: 2 }, list: [{ id: 1, v: 'a', w: 1 }, { id: 2, v: 'b' }], plain: [1, 2], anon: [{ t: 1 }] },
      { m: { y: 3 }, list: [{ id: 2, v: 'B' }, { id: 3, v: 'c' }], plain: [9], anon: [{ t: 2 }] },
    )).toEqual({ a: 1, m: { x: 1, y: 3 }, list: [{ id: 1, v: 'a', w: 1 }, { id: 2, v: 'B' }, { id: 3, v: 'c' }], plain: [9], anon: [{ t: 2 }] });
    expect(mergeValue([{ name: 'acme', tenants: [{ id: 1, a: 1 }] }], [{ name: 'acme', tenants: [{ id: 1, b: 2 }] }])).toEqual([{ name: 'acme', tenants: [{ id: 1, a: 1, b: 2 }] }]);
  });
});

describe('extends: default', () => {
  const dir = set('extends', { 'base.yaml': 'extends: default\n', ...CHANGES });

  it('layers the set on the default world: additions, changes inside nested lists, and the rest kept', () => {
    const fx = loadFixtures(dir);
    expect(fx.layers).toEqual([join(root, 'fixtures/default'), dir]);
    expect(fx.data.users).toHaveLength(12);
    expect(fx.data.users.find((u) => u.id === 61002)).toMatchObject({ username: 'alice@acme.example', name: 'Alice Renamed', password: 'Passw0rd!' });
    const promo = fx.data.domains[0].tenants[0];
    expect(promo).toMatchObject({ id: 1001, dns: 'promo.acme.example', sessionTimeoutMinutes: 10, status: 'Active' });
    expect(fx.data.domains[0].tenants[1].sessionTimeoutMinutes).toBe(30);
    expect('extends' in fx.data).toBe(false);
  });

  it('serves the merged world: the new user logs in, the base documents keep their files, 101 is seeded checked out', async () => {
    const sim = testSim({ fixtures: dir });
    await sim.login('carol@acme.example', { tenantDNS: 'promo.acme.example' });
    const bob = await sim.login('bob@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/documents/101/lock`, bob)).lock).toEqual({ locked_by__v: 61002, locked_date__v: '2026-01-15T09:00:00.000Z' });
    const doc = await sim.json('GET', `/api/${V}/objects/documents/101`, bob);
    expect(doc.document.locked__v).toBe(true);
    const file = await sim.call('GET', `/api/${V}/objects/documents/101/file`, { headers: { Authorization: bob } });
    expect((await file.arrayBuffer()).byteLength).toBe(752);
    expect(sim.world.tenants.byDnsName('promo.acme.example')!.sessionTimeoutMinutes).toBe(10);
  });
});

describe('layers from the command line', () => {
  it('"default,DIR" gives the same world as extends: default', () => {
    const dir = set('plain', CHANGES);
    const cwd = process.cwd();
    const fx = loadFixtures(`default,${relative(cwd, dir)}`);
    expect(fx.data).toEqual(loadFixtures(join(tmp, 'extends')).data);
  });

  it('an extends chain by relative path, and a cycle refused', () => {
    set('middle', { 'a.yaml': 'extends: default\nservice:\n  settings:\n    authBurstLimit: 7\n' });
    const top = set('top', { 'a.yaml': 'extends: ../middle\nservice:\n  settings:\n    apiBurstLimit: 9\n' });
    const fx = loadFixtures(top);
    expect(fx.data.service.settings).toMatchObject({ authBurstLimit: 7, apiBurstLimit: 9, throttling: true });
    expect(fx.data.service.versions.length).toBeGreaterThan(3);
    set('loop-a', { 'a.yaml': 'extends: ../loop-b\n' });
    set('loop-b', { 'a.yaml': 'extends: ../loop-a\n' });
    expect(problemsOf(() => loadFixtures(join(tmp, 'loop-a')))[0]).toMatch(/extends itself \(.*loop-a → .*loop-b → .*loop-a\)/);
  });
});

describe('a broken overlay', () => {
  it('names the overlay file, its own path and line, with a suggestion; lock of a stranger refused', () => {
    const dir = set('broken', {
      'base.yaml': 'extends: default\n',
      'users.yaml': 'users:\n  - id: 70001\n    username: dave@acme.example\n    name: Dave\n    password: x\n    memberships:\n      - { tenant: promo.acme.exampel, since: 2024-01-01 }\n',
    });
    const r = spawnSync(process.execPath, [CLI, 'fixtures', 'check', dir], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(1);
    // A folder outside the current one is shown by its absolute path (src/shown-path.ts).
    expect(r.stderr).toContain(`${join(dir, 'users.yaml')}:7: users[0].memberships[0].tenant: unknown tenant "promo.acme.exampel" (did you mean "promo.acme.example"?)`);
    const locked = set('badlock', { 'base.yaml': 'extends: default\n', 'documents.yaml': 'documents:\n  - id: 101\n    lock: { user: 99, date: 2026-01-15T09:00:00.000Z }\n' });
    expect(problemsOf(() => testSim({ fixtures: locked })).join('\n')).toContain('documents[0].lock.user: unknown user 99');
  }, 30_000);
});
