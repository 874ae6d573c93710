/** The fixture key `configuration`: a bad configuration stops start-up naming the file and the record. */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/domain/world';
import { createSimulator } from '../../src/simulator';
import { defaultFixturesDir, loadFixtures } from '../../src/fixtures/load';
import { fixtureProblems } from '../helpers/fixtures';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function copyWith(edit: (yaml: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dms-config-'));
  dirs.push(dir);
  cpSync(defaultFixturesDir, dir, { recursive: true });
  const file = join(dir, 'configuration.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

const problems = fixtureProblems;

describe('fixture key configuration', () => {
  it('loads the default world: promo has picklists, fields, types, lifecycles, objects and bound files', () => {
    const sim = createSimulator();
    const promo = sim.world.configuration.get(1001)!;
    for (const type of ['Picklist', 'Docfield', 'Doctype', 'Doclifecycle', 'Object', 'Formattedoutput', 'Overlaytemplate', 'Signaturepage']) {
      expect(promo.list(type).length, type).toBeGreaterThan(0);
    }
    expect(promo.files('Signaturepage', 'standard_signature_page__c')).toHaveLength(1);
    expect(sim.world.configuration.get(2001)!.all()).toEqual([]);
  });

  it('reports a record the model refuses with its file and index', () => {
    const dir = copyWith((y) => y.replace('attributes: { label: Audience, active: true }', `attributes: { label: '${'A'.repeat(41)}', active: true }`));
    const p = problems(() => loadFixtures(dir));
    expect(p.join('\n')).toMatch(/configuration\.yaml: configuration\.promo\.acme\.example\[1\]: Record #2: .*label.*40/);
  });

  it('reports an unknown tenant DNS name', () => {
    const dir = copyWith((y) => y.replace('  quality.acme.example:', '  nowhere.acme.example:'));
    expect(problems(() => loadFixtures(dir)).join('\n')).toContain('configuration.nowhere.acme.example: no tenant has the DNS name');
  });

  it('reports a File attribute naming a file missing from files/mdl/', () => {
    const dir = copyWith((y) => y.replace('file: signature_page.pdf', 'file: missing_page.pdf'));
    expect(problems(() => createSimulator({ fixtures: dir })).join('\n')).toMatch(/configuration\.promo\.acme\.example: Signaturepage\.standard_signature_page__c attribute \[file\] names file \[missing_page\.pdf\]/);
  });

  it('refuses a File attribute whose path leaves files/mdl/ (../, absolute), even when the file exists', () => {
    for (const path of ['../../configuration.yaml', '../mdl/../../users.yaml', '/etc/hostname', 'sub/../../signature_page.pdf']) {
      const dir = copyWith((y) => y.replace('file: signature_page.pdf', `file: '${path}'`));
      const p = problems(() => createSimulator({ fixtures: dir })).join('\n');
      expect(p, path).toContain(`configuration.yaml: configuration.promo.acme.example: Signaturepage.standard_signature_page__c attribute [file] names file [${path}]`);
      expect(p, path).toContain('outside files/mdl/');
    }
  });

  it('refuses a file of files/mdl/ that is a symbolic link to outside it', () => {
    const dir = copyWith((y) => y.replace('file: signature_page.pdf', 'file: linked.pdf'));
    symlinkSync(join(dir, 'users.yaml'), join(dir, 'files', 'mdl', 'linked.pdf'));
    expect(problems(() => createSimulator({ fixtures: dir })).join('\n')).toContain('names file [linked.pdf], which links outside files/mdl/');
  });

  it('accepts a path that stays inside files/mdl/', () => {
    const dir = copyWith((y) => y.replace('file: signature_page.pdf', `file: './x/../signature_page.pdf'`));
    const sim = createSimulator({ fixtures: dir });
    expect(sim.world.configuration.get(1001)!.files('Signaturepage', 'standard_signature_page__c')).toHaveLength(1);
  });
});
