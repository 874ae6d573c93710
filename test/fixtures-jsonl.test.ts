/**
 * documents.jsonl (issue 19): a set's documents as JSON Lines, read line by line while the world is
 * built; the same world as the same documents in a JSON list; problems with file, line and path.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/domain/clock';
import { createWorld } from '../src/domain/world';
import { GENERATED_ADMIN, GENERATED_TENANT, generateFixtures, writeFixtures } from '../src/fixtures/generate';
import { defaultFixturesDir, loadFixtures } from '../src/fixtures/load';
import { createSimulator } from '../src/simulator';
import { fixtureProblems } from './helpers/fixtures';
import { testSim, V } from './helpers/sim';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'dms-jsonl-set-'));
  dirs.push(d);
  return d;
};

/** A generated set of `n` documents (documents.jsonl) and its document lines. */
function generated(n: number): { dir: string; lines: string[] } {
  const dir = tmp();
  writeFixtures(dir, generateFixtures({ documents: n, seed: 5 }));
  return { dir, lines: readFileSync(join(dir, 'documents.jsonl'), 'utf8').trim().split('\n') };
}

const storesOf = (dir: string) => {
  const world = createWorld(loadFixtures(dir), manualClock());
  return [...world.documents.stores.values()].map((s) => s.all());
};
const shown = (dir: string, file: string) => join(dir, file);

describe('documents.jsonl', () => {
  it('is read line by line: not kept in the set, the same stored documents as a JSON list of them', () => {
    const { dir, lines } = generated(40);
    const set = loadFixtures(dir);
    expect(set.data.documents).toBeUndefined();
    expect(set.documentsFile).toMatchObject({ shown: shown(dir, 'documents.jsonl') });
    expect(set.sourceOf.documents).toBe(shown(dir, 'documents.jsonl'));
    const json = tmp();
    cpSync(dir, json, { recursive: true });
    rmSync(join(json, 'documents.jsonl'));
    writeFileSync(join(json, 'documents.json'), `{"documents": [\n${lines.join(',\n')}\n]}\n`);
    const streamed = storesOf(dir);
    expect(streamed.flat()).toHaveLength(40);
    expect(streamed).toEqual(storesOf(json));
  });

  it('the simulator answers on it, and a reset reads it again', async () => {
    const { dir } = generated(25);
    const sim = testSim({ fixtures: dir });
    const admin = await sim.login(GENERATED_ADMIN, { tenantDNS: GENERATED_TENANT });
    const count = async () => (await sim.json('POST', `/api/${V}/query`, admin, { form: { q: 'SELECT id FROM documents' } })).responseDetails.total;
    expect(await count()).toBe(25);
    sim.control.reset();
    const again = await sim.login(GENERATED_ADMIN, { tenantDNS: GENERATED_TENANT });
    expect((await sim.json('POST', `/api/${V}/query`, again, { form: { q: 'SELECT id FROM documents' } })).responseDetails.total).toBe(25);
    expect(sim.breaches).toEqual([]);
  });

  it('stores a document\'s versions ascending by number, however the line lists them', () => {
    const { dir, lines } = generated(3);
    const doc = JSON.parse(lines[0]) as { versions: { number: string }[] };
    const first = doc.versions[0];
    doc.versions = [{ ...first, number: '2.0' }, { ...first, number: '0.1' }, { ...first, number: '1.10' }, { ...first, number: '1.2' }];
    writeFileSync(join(dir, 'documents.jsonl'), [JSON.stringify(doc), ...lines.slice(1)].join('\n'));
    const stored = storesOf(dir).flat();
    const numbers = (i: number) => stored[i].versions.map((v) => `${v.major}.${v.minor}`);
    expect(numbers(0)).toEqual(['0.1', '1.2', '1.10', '2.0']);
    // a document listed in order keeps its order
    expect(numbers(1)).toEqual((JSON.parse(lines[1]) as { versions: { number: string }[] }).versions.map((v) => v.number));
  });

  it('names the file and the line of a syntax error, a schema problem and a referential one (blank lines counted)', () => {
    const { dir, lines } = generated(5);
    const bad = JSON.parse(lines[3]);
    bad.type = 'Not A Type';
    const stranger = JSON.parse(lines[4]);
    stranger.createdBy = 4242;
    writeFileSync(join(dir, 'documents.jsonl'), [lines[0], '', lines[1], '{"id": 3,', JSON.stringify(bad), JSON.stringify(stranger)].join('\n'));
    const file = shown(dir, 'documents.jsonl');
    const problems = fixtureProblems(() => createSimulator({ fixtures: dir }));
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${file.replace(/[.]/g, '\\.')}:4: \\S`)),
      `${file}:5: documents[3].type: must match pattern "^[a-z][a-z0-9_]*$"`,
      `${file}:6: documents[4].createdBy: unknown user 4242`,
      `${file}:6: documents[4].versions[0].createdBy: unknown user 4242`,
    ]);
  });

  it('refuses documents given both in documents.jsonl and in another file', () => {
    const { dir } = generated(2);
    writeFileSync(join(dir, 'more.yaml'), 'documents: []\n');
    expect(fixtureProblems(dir)).toEqual([`${shown(dir, 'documents.jsonl')}: documents: already defined in ${shown(dir, 'more.yaml')}`]);
  });

  it('a reset after the file changed refuses to build a different world', () => {
    const { dir, lines } = generated(3);
    const set = loadFixtures(dir);
    createWorld(set, manualClock());
    writeFileSync(join(dir, 'documents.jsonl'), `${lines.slice(0, 2).join('\n')}\n`);
    utimesSync(join(dir, 'documents.jsonl'), new Date(), new Date(Date.now() + 5000));
    expect(fixtureProblems(() => createWorld(set, manualClock()))).toEqual([`${shown(dir, 'documents.jsonl')}: changed since the fixture set was loaded (restart dms-sim to load it)`]);
  });

  it('an overlay on a streamed set holds its documents (merged by id) and reports their lines', () => {
    const { dir } = generated(4);
    const overlay = tmp();
    writeFileSync(join(overlay, 'service.yaml'), `extends: ${dir}\n`);
    const set = loadFixtures(overlay);
    expect((set.data.documents as unknown[]).length).toBe(4);
    expect(storesOf(overlay).flat()).toHaveLength(4);
    writeFileSync(join(dir, 'documents.jsonl'), '{"id": 1}\n{oops\n');
    expect(fixtureProblems(overlay)).toEqual([expect.stringMatching(new RegExp(`${shown(dir, 'documents.jsonl').replace(/[.]/g, '\\.')}:2: \\S`))]);
  });

  it('a large documents.json as the generator wrote it before (one document per line) is read line by line too', () => {
    // 8 MB or more: about 11,000 generated documents.
    const { dir, lines } = generated(12_000);
    const legacy = tmp();
    cpSync(dir, legacy, { recursive: true });
    rmSync(join(legacy, 'documents.jsonl'));
    const write = (docs: string[]) => writeFileSync(join(legacy, 'documents.json'), `{"documents": [\n${docs.join(',\n')}\n]}\n`);
    write(lines);
    const set = loadFixtures(legacy);
    expect(set.data.documents).toBeUndefined();
    expect(set.documentsFile).toMatchObject({ layout: 'list', shown: shown(legacy, 'documents.json') });
    // isDeepStrictEqual: vitest's toEqual takes seconds on 12,000 documents.
    const expected = storesOf(dir);
    expect(isDeepStrictEqual(storesOf(legacy), expected)).toBe(true);
    // A problem names its line (the list opens on line 1).
    const bad = JSON.parse(lines[9]);
    bad.lifecycle = 'no_such__c';
    write([...lines.slice(0, 9), JSON.stringify(bad), ...lines.slice(10)]);
    expect(fixtureProblems(() => storesOf(legacy))).toEqual([`${shown(legacy, 'documents.json')}:11: documents[9].lifecycle: "no_such__c" is not a Doclifecycle of ${GENERATED_TENANT}`]);
    // A document over several lines: read whole from there on, the same documents.
    write([...lines.slice(0, 5), JSON.stringify(JSON.parse(lines[5]), null, 2), ...lines.slice(6)]);
    expect(isDeepStrictEqual(storesOf(legacy), expected)).toBe(true);
    // Not JSON: JSON.parse's error with its line.
    write([...lines.slice(0, 5), `${lines[5]},`, ...lines.slice(6)]);
    expect(fixtureProblems(() => storesOf(legacy))).toEqual([expect.stringMatching(new RegExp(`^${shown(legacy, 'documents.json').replace(/[.]/g, '\\.')}: (line 7|JSON): \\S`))]);
  });

  it('the default set has none: its documents are a list in YAML', () => {
    expect(loadFixtures(defaultFixturesDir).documentsFile).toBeUndefined();
  });
});
