/** The faker fixture generator: deterministic, valid, and the simulator starts and answers on it. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GENERATED_ADMIN, GENERATED_TENANT, generateFixtures, writeFixtures } from '../../src/fixtures/generate';
import { testSim, V } from '../helpers/sim';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('fixture generator', () => {
  it('the same seed gives byte-identical files; another seed differs', () => {
    const a = generateFixtures({ documents: 50, seed: 3 });
    const b = generateFixtures({ documents: 50, seed: 3 });
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect(generateFixtures({ documents: 50, seed: 4 }).get('documents.jsonl')).not.toEqual(a.get('documents.jsonl'));
    expect(a.has('documents.yaml')).toBe(false);
    expect(a.has('documents.json')).toBe(false);
    const lines = a.get('documents.jsonl')!.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(generateFixtures({ documents: 0, seed: 3 }).get('documents.jsonl')).toBe('');
  });

  it('the simulator starts on a generated set; queries agree with the written documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dms-sim-gen-'));
    dirs.push(dir);
    writeFixtures(dir, generateFixtures({ documents: 300, seed: 11 }));
    const docs: any[] = readFileSync(join(dir, 'documents.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const users: any[] = parse(readFileSync(join(dir, 'users.yaml'), 'utf8')).users;
    const groups: any[] = parse(readFileSync(join(dir, 'groups.yaml'), 'utf8')).groups;
    const sim = testSim({ fixtures: dir });
    const admin = await sim.login(GENERATED_ADMIN, { tenantDNS: GENERATED_TENANT });
    const all = await sim.json('POST', `/api/${V}/query`, admin, { form: { q: 'SELECT id FROM documents' } });
    expect(all.responseDetails.total).toBe(300);

    // A plain user sees the documents where they, or a group of theirs, hold a role (computed from the YAML).
    const user = users[1];
    const mine = new Set(groups.filter((g) => g.members.includes(user.id)).map((g) => g.id));
    const expected = docs
      .filter((d) => Object.values(d.roles).some((m: any) => (m.users ?? []).includes(user.id) || (m.groups ?? []).some((g: number) => mine.has(g))))
      .map((d) => d.id);
    const session = await sim.login(user.username, { tenantDNS: GENERATED_TENANT });
    const seen = await sim.json('POST', `/api/${V}/query`, session, { form: { q: 'SELECT id FROM documents' } });
    expect(seen.data.map((r: any) => r.id)).toEqual(expected);
    expect(expected.length).toBeLessThan(300);

    const versions = await sim.json('POST', `/api/${V}/query`, admin, { form: { q: 'SELECT id FROM ALLVERSIONS documents' } });
    expect(versions.responseDetails.total).toBe(docs.reduce((n, d) => n + d.versions.length, 0));
    const products = await sim.json('POST', `/api/${V}/query`, admin, { form: { q: 'SELECT id, name__v FROM product__v' } });
    expect(products.responseDetails.total).toBe(50);
    expect(sim.breaches).toEqual([]);
  });
});
