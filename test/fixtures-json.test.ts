/** Fixture files in JSON: merged, validated and reported like YAML files (src/fixtures/load.ts). */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultFixturesDir, loadFixtures } from '../src/fixtures/load';
import { fixtureProblems } from './helpers/fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the default set with `users.yaml` replaced by `users.json` holding `edit(users data)`. */
function withUsersJson(edit: (data: any) => unknown = (d) => d, text?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dms-fixtures-json-'));
  dirs.push(dir);
  cpSync(defaultFixturesDir, dir, { recursive: true });
  const data = parse(readFileSync(join(dir, 'users.yaml'), 'utf8'));
  unlinkSync(join(dir, 'users.yaml'));
  writeFileSync(join(dir, 'users.json'), text ?? JSON.stringify(edit(data), null, 2));
  return dir;
}

const problemsOf = fixtureProblems;

describe('JSON fixture files', () => {
  it('load like the same data in YAML, the key from the JSON file', () => {
    const dir = withUsersJson();
    const set = loadFixtures(dir);
    expect(set.data).toEqual(loadFixtures().data);
    expect(set.sourceOf.users).toBe(join(dir, 'users.json'));
  });

  it('report schema and referential problems with the JSON file and the path', () => {
    const dir = withUsersJson((d) => {
      delete d.users[2].name;
      d.users[1].memberships[0].tenant = 'acme-qa';
      return d;
    });
    const file = join(dir, 'users.json');
    expect(problemsOf(dir)).toEqual([`${file}: users[2]: must have required property 'name'`]);
    const ref = withUsersJson((d) => {
      d.users[2].memberships[0].tenant = 'acme-qa';
      return d;
    });
    expect(problemsOf(ref)).toEqual([`${join(ref, 'users.json')}: users[2].memberships[0].tenant: unknown tenant "acme-qa"`]);
  });

  it('report syntax errors with the file (and the line when known), a key defined twice, a non-mapping', () => {
    const broken = withUsersJson(undefined, '{\n  "users": [\n    {"id": 1,}\n  ]\n}\n');
    expect(problemsOf(broken)).toEqual([expect.stringMatching(/users\.json: (line \d+|JSON): \S/)]);
    const dup = withUsersJson((d) => ({ ...d, service: { versions: ['v1.1'] } }));
    expect(problemsOf(dup)).toEqual([expect.stringMatching(/users\.json: service: already defined in .*service\.yaml$|service\.yaml: service: already defined in .*users\.json$/)]);
    const list = withUsersJson(() => [1, 2]);
    expect(problemsOf(list)).toEqual([`${join(list, 'users.json')}: the file must be a mapping of top-level keys`]);
  });
});
