/** The fixture key `documents`: file paths must stay inside the fixture folder; problems name the file and path. */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/simulator';
import { defaultFixturesDir } from '../../src/fixtures/load';
import { fixtureProblems } from '../helpers/fixtures';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the default fixtures in `<tmp>/fixtures`, next to an existing `<tmp>/outside.txt`. */
function copyWith(edit: (yaml: string) => string): string {
  const parent = mkdtempSync(join(tmpdir(), 'dms-documents-'));
  dirs.push(parent);
  const dir = join(parent, 'fixtures');
  cpSync(defaultFixturesDir, dir, { recursive: true });
  writeFileSync(join(parent, 'outside.txt'), 'outside');
  const file = join(dir, 'documents.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

const problems = fixtureProblems;

describe('fixture key documents: version numbers', () => {
  it('a version number beyond 999999 stops start-up naming the file and path', () => {
    const dir = copyWith((y) => y.replace('"number": "0.1", "state": "draft__c", "file": "files/cholecap-brochure-v0.1.pdf"', '"number": "0.99999999999999999999", "state": "draft__c", "file": "files/cholecap-brochure-v0.1.pdf"'));
    expect(problems(() => createSimulator({ fixtures: dir })).join('\n')).toMatch(/documents\.yaml: documents\[0\]\.versions\[0\]\.number: "0\.99999999999999999999" is not <major>\.<minor> with integers 0…999999/);
  });
});

describe('fixture key documents: file paths', () => {
  it('refuses a version or attachment file whose path leaves the fixture folder (../, absolute), even when the file exists', () => {
    for (const path of ['../../../../../../etc/hostname', 'files/../../outside.txt', '/etc/hostname']) {
      const dir = copyWith((y) => y.replace('"file": "files/cholecap-logo.png"', `"file": "${path}"`).replace('"file": "files/cholecap-brochure-v0.1.pdf"', `"file": "${path}"`));
      const p = problems(() => createSimulator({ fixtures: dir })).join('\n');
      expect(p, path).toMatch(new RegExp(`documents\\.yaml: documents\\[0\\]\\.attachments\\[1\\]\\.file: file "${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" is outside the fixture folder`));
      expect(p, path).toMatch(/documents\.yaml: documents\[0\]\.versions\[0\]\.file: file ".*" is outside the fixture folder/);
    }
  });

  it('refuses a file that is a symbolic link leading out of the fixture folder', () => {
    const dir = copyWith((y) => y.replace('"file": "files/cholecap-logo.png"', '"file": "files/escape.txt"'));
    symlinkSync('/etc/hostname', join(dir, 'files', 'escape.txt'));
    expect(problems(() => createSimulator({ fixtures: dir })).join('\n')).toMatch(/documents\.yaml: documents\[0\]\.attachments\[1\]\.file: file "files\/escape\.txt" links outside the fixture folder/);
  });

  it('a missing file is named with the fixture file and path; a path that stays inside (files/../files/x) loads', () => {
    const missing = copyWith((y) => y.replace('"file": "files/cholecap-logo.png"', '"file": "files/nope.png"'));
    expect(problems(() => createSimulator({ fixtures: missing })).join('\n')).toMatch(/documents\.yaml: documents\[0\]\.attachments\[1\]\.file: file "files\/nope\.png" not found/);
    const inside = copyWith((y) => y.replace('"file": "files/cholecap-logo.png"', '"file": "files/../files/cholecap-logo.png"'));
    expect(createSimulator({ fixtures: inside }).world.documents.store(1001).size()).toBeGreaterThan(0);
  });
});
