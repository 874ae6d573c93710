/**
 * What makes start-up fast without changing a single answer (issue 10): the default fixture set
 * stored by the build and used only while its inputs are unchanged, and request validators that
 * compile on first use or in the background warm-up, once each.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFixturesDir, digestOfSet, loadFixtures, readSetFiles } from '../src/fixtures/load';
import { precompileDefaultSet } from '../src/fixtures/precompile';
import { digestOf } from '../src/fixtures/precompiled';
import { warmValidators } from '../src/http/app';
import { loadOpenApi } from '../src/openapi/load';
import { createSimulator } from '../src/simulator';
import { documentsTarget } from '../src/domain/query/documents';
import { searchedFieldNames } from '../src/vql';
import { frameOf } from '../src/vql/frame';
import { WARM_UP_MIN_DOCUMENTS } from '../src/domain/query/warm-up';
import { GENERATED_ADMIN, GENERATED_TENANT, writeGenerated } from '../src/fixtures/generate';

const tmp = mkdtempSync(join(tmpdir(), 'dms-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const schemaDir = join(defaultFixturesDir, '..', 'schema');
const schemaFile = join(defaultFixturesDir, '..', 'schema.json');

describe('the stored default set (src/fixtures/precompiled.ts)', () => {
  const stored = join(tmp, 'default-world.json');
  const result = precompileDefaultSet(stored);

  it('holds what parsing gives, and is used while the digest matches', () => {
    expect(result.written).toBe(true);
    const parsed = loadFixtures(defaultFixturesDir, { precompiled: false });
    const fromStore = loadFixtures(defaultFixturesDir, { precompiled: stored });
    expect(parsed.precompiled).toBe(false);
    expect(fromStore.precompiled).toBe(true);
    expect(fromStore.data).toEqual(parsed.data);
    expect(fromStore.sourceOf).toEqual(parsed.sourceOf);
  });

  it('is really what a start reads (a stored change shows), and only with the same digest', () => {
    const json = JSON.parse(readFileSync(stored, 'utf8'));
    json.data.domains[0].tenants[0].name = 'Stored Name';
    writeFileSync(stored, JSON.stringify(json));
    const tenants = (set: ReturnType<typeof loadFixtures>) => (set.data.domains[0] as { tenants: { name: string }[] }).tenants;
    expect(tenants(loadFixtures(defaultFixturesDir, { precompiled: stored }))[0].name).toBe('Stored Name');
    writeFileSync(stored, JSON.stringify({ ...json, digest: '0'.repeat(64) }));
    const set = loadFixtures(defaultFixturesDir, { precompiled: stored });
    expect(set.precompiled).toBe(false);
    expect(tenants(set)[0].name).not.toBe('Stored Name');
  });

  it('has a digest that changes with any fixture byte or file name, not otherwise', () => {
    const files = readSetFiles(defaultFixturesDir);
    const d = digestOf(files, schemaDir, schemaFile);
    expect(d).toBe(digestOfSet(defaultFixturesDir));
    expect(d).toBe(result.digest);
    const edited = files.map((f, i) => (i === 0 ? { ...f, text: `${f.text} ` } : f));
    const renamed = files.map((f, i) => (i === 0 ? { ...f, name: `x${f.name}` } : f));
    const moved = files.map((f, i) => (i === 0 ? { ...f, text: f.text.slice(1) } : i === 1 ? { ...f, text: f.text[0] + f.text } : f));
    expect(new Set([d, digestOf(edited, schemaDir, schemaFile), digestOf(renamed, schemaDir, schemaFile), digestOf(moved, schemaDir, schemaFile)]).size).toBe(4);
  });

  it('is never used for another folder, even one with the very same files', () => {
    const fresh = join(tmp, 'fresh.json');
    expect(precompileDefaultSet(fresh).written).toBe(true);
    const copy = join(tmp, 'copy');
    cpSync(defaultFixturesDir, copy, { recursive: true });
    expect(loadFixtures(copy, { precompiled: fresh }).precompiled).toBe(false);
    expect(loadFixtures(join(defaultFixturesDir, '.'), { precompiled: fresh }).precompiled).toBe(true);
  });
});

describe('request validators', () => {
  it('compile on first use, and the warm-up compiles each of the others once', async () => {
    const sim = createSimulator({ settings: { throttling: false } });
    const operations = loadOpenApi().operations.length;
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const login = await sim.fetch(new Request('http://localhost/api/v25.3/auth', { method: 'POST', headers: form, body: 'username=alice%40acme.example&password=Passw0rd!' }));
    const { sessionId } = await login.json();
    const bad = await (await sim.fetch(new Request('http://localhost/api/v25.3/objects/documents?limit=abc', { headers: { Authorization: sessionId } }))).json();
    expect(bad).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: expect.stringContaining('abc') }] });
    expect(await warmValidators(sim.app)).toBe(operations - 2); // all but the login's and the list's
    expect(await warmValidators(sim.app)).toBe(0);
    const after = await (await sim.fetch(new Request('http://localhost/api/v25.3/auth', { method: 'POST', headers: form, body: 'password=x' }))).json();
    expect(after).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: expect.stringContaining('username') }] });
  });
});

describe('the background warm-up', () => {
  it('stops when asked (a closing simulator), compiling nothing more', async () => {
    const sim = createSimulator({ settings: { throttling: false } });
    const stop = new AbortController();
    stop.abort();
    expect(await warmValidators(sim.app, 0, stop.signal)).toBe(0);
    expect(await warmValidators(sim.app)).toBe(loadOpenApi().operations.length);
  });

  it('is stopped by close() of a listening simulator', async () => {
    const sim = createSimulator({ port: 0, settings: { throttling: false } });
    await sim.listen();
    await sim.close();
    // The warm-up (due 300 ms after listening) was cancelled: every validator is still to compile.
    await new Promise((r) => setTimeout(r, 400));
    expect(await warmValidators(sim.app)).toBe(loadOpenApi().operations.length);
  });
});

describe('the query warm-up of a listening simulator (src/domain/query/warm-up.ts)', () => {
  /** The searched fields of a tenant's documents whose FIND index the engine keeps now. */
  const indexed = (sim: ReturnType<typeof createSimulator>, dns = 'promo.acme.example', admin = 'tenant.admin@acme.example'): string[] => {
    const tenant = sim.world.tenants.byDnsName(dns)!;
    const user = sim.world.users.byUsername(admin)!;
    const target = documentsTarget({ store: sim.world.documents.store(tenant.id), user, allVersions: false, targetOf: () => undefined });
    return searchedFieldNames(target).filter((f) => frameOf(target)?.has(`x:${f}`));
  };

  it('builds the FIND indexes of the stores it is told to once listening, and again after a reset or a restored snapshot', async () => {
    const sim = createSimulator({ port: 0, settings: { throttling: false }, queryWarmUp: { minDocuments: 1 } });
    try {
      expect(indexed(sim)).toEqual([]);
      await sim.warmedUp(); // none running before listen()
      expect(indexed(sim)).toEqual([]);
      await sim.listen();
      // a reset before the first warm-up began: warmedUp waits for the one that follows it
      const first = sim.world.documents;
      sim.control.reset();
      expect(first.background.signal.aborted).toBe(true); // the replaced stores' background work stops
      expect(sim.world.documents.background.signal.aborted).toBe(false);
      await sim.warmedUp();
      const all = indexed(sim);
      expect(all).toContain('name__v');
      expect(all.length).toBeGreaterThan(5);
      sim.control.reset();
      expect(indexed(sim)).toEqual([]);
      await sim.warmedUp();
      expect(indexed(sim)).toEqual(all);
      // a warm-up replaced by another while awaited: warmedUp waits for the newest
      sim.control.reset();
      const awaited = sim.warmedUp();
      sim.control.reset();
      await awaited;
      expect(indexed(sim)).toEqual(all);
      const second = sim.world.documents;
      sim.control.restore(sim.control.snapshot());
      expect(second.background.signal.aborted).toBe(true);
      expect(indexed(sim)).toEqual([]);
      await sim.warmedUp();
      expect(indexed(sim)).toEqual(all);
    } finally {
      await sim.close();
    }
  });

  it('warms up a store of 5,000 documents by default, nothing when turned off, and no store under the threshold', async () => {
    const dir = join(tmp, 'w5k');
    writeGenerated(dir, { documents: WARM_UP_MIN_DOCUMENTS, seed: 3 });
    const generated = (sim: ReturnType<typeof createSimulator>) => indexed(sim, GENERATED_TENANT, GENERATED_ADMIN);
    for (const [queryWarmUp, expected] of [[undefined, true], [false, false]] as const) {
      const sim = createSimulator({ port: 0, fixtures: dir, settings: { throttling: false }, ...(queryWarmUp === false ? { queryWarmUp } : {}) });
      try {
        await sim.listen();
        await sim.warmedUp();
        expect(generated(sim).length > 5, String(queryWarmUp)).toBe(expected);
        if (!expected) expect(generated(sim)).toEqual([]);
      } finally {
        await sim.close();
      }
    }
    const small = createSimulator({ port: 0, settings: { throttling: false } });
    try {
      await small.listen();
      await small.warmedUp();
      expect(indexed(small)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
