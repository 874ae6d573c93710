/** Fixture sets: the default loads; a mistake stops start-up naming the file, the path and the problem. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultFixturesDir, loadFixtures } from '../src/fixtures/load';
import { createSimulator } from '../src/simulator';
import { fixtureProblems } from './helpers/fixtures';

/** A copy of the default set with one file edited. */
function brokenSet(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dms-fixtures-'));
  cpSync(defaultFixturesDir, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

const problemsOf = fixtureProblems;

describe('fixture sets', () => {
  it('loads the default set, each key from its file', () => {
    const set = loadFixtures();
    expect(Object.keys(set.sourceOf).sort()).toEqual(expect.arrayContaining(['authProfiles', 'domains', 'service', 'users']));
    expect(set.sourceOf.users).toBe('fixtures/default/users.yaml');
    expect(set.data.users.find((u) => u.username === 'alice@acme.example')?.lastLogin).toBe('quality.acme.example');
  });

  it('names the file, the path and the problem for an unknown tenant', () => {
    const dir = brokenSet('users.yaml', (t) => t.replace('- { tenant: promo.acme.example, since: 2022-04-11 }', '- { tenant: acme-qa, since: 2022-04-11 }'));
    expect(problemsOf(dir)).toEqual([`${join(dir, 'users.yaml')}: users[2].memberships[0].tenant: unknown tenant "acme-qa"`]);
  });

  it('reports schema violations with their path: wrong enum, unknown key, missing key', () => {
    const dir = brokenSet('domains.yaml', (t) => t.replace('status: Inactive', 'status: Dormant').replace('application: QualityDocs', 'aplication: QualityDocs'));
    const problems = problemsOf(dir);
    const file = join(dir, 'domains.yaml');
    expect(problems).toContain(`${file}: domains[0].tenants[2].status: must be equal to one of the allowed values: "Active", "Inactive"`);
    expect(problems).toContain(`${file}: domains[0].tenants[1]: unknown key "aplication" (did you mean "application"?)`);
    const top = brokenSet('service.yaml', (t) => `${t}\nbogusKey: 1\n`);
    expect(problemsOf(top)).toEqual([expect.stringMatching(new RegExp(`^${join(top, 'service.yaml').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: bogusKey: unknown key "bogusKey"`))]);
    const missing = brokenSet('users.yaml', (t) => t.replace('    name: Bob Chen\n', ''));
    expect(problemsOf(missing)).toEqual([`${join(missing, 'users.yaml')}: users[2]: must have required property 'name'`]);
  });

  it('reports YAML syntax errors with their line, and duplicate keys across files', () => {
    const dir = brokenSet('auth.yaml', (t) => `${t}\n  - id: [unclosed\n`);
    expect(problemsOf(dir)[0]).toMatch(/auth\.yaml: line \d+: /);
    const dup = brokenSet('auth.yaml', (t) => `${t}\nservice:\n  versions: [v1.1]\n`);
    expect(problemsOf(dup)).toEqual([expect.stringMatching(/service\.yaml: service: already defined in .*auth\.yaml$/)]);
  });

  it('stops createSimulator before anything starts', () => {
    const dir = brokenSet('users.yaml', (t) => t.replace('lastLogin: quality.acme.example', 'lastLogin: archive.acme.example'));
    expect(() => createSimulator({ fixtures: dir })).toThrow(/users\[1\]\.lastLogin: "archive\.acme\.example" is not one of the user's tenants/);
  });
});
