/**
 * Scenarios (issue 16): the four shipped under fixtures/scenarios/, each reproducing its edge case
 * from files alone; a fixture set holding scenario.yaml; a reset applies the scenario again.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/control/scenario';
import { defaultFixturesDir, loadFixtures } from '../../src/fixtures/load';
import { PASSWORD, V, testSim } from '../helpers/sim';

const dir = mkdtempSync(join(tmpdir(), 'dms-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small seeded generator (mulberry32): the same draws for the simulator and for the expectation. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fixtures/scenarios', () => {
  it('expired-session: the next call with a session finds it expired', async () => {
    const sim = testSim({ scenario: 'fixtures/scenarios/expired-session' });
    const sid = await sim.login('alice@acme.example');
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).errors).toEqual([{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }]);
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).errors[0].type).toBe('INVALID_SESSION_ID');
    const again = await sim.login('alice@acme.example');
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, again)).responseStatus).toBe('SUCCESS');
  });

  it('throttled-login: every login answers API_LIMIT_EXCEEDED until the rule goes', async () => {
    const sim = testSim({ scenario: 'fixtures/scenarios/throttled-login' });
    for (let i = 0; i < 2; i++) {
      const res = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { username: 'bob@acme.example', password: PASSWORD } });
      expect(res.errors[0].type).toBe('API_LIMIT_EXCEEDED');
    }
    sim.control.clearFaults();
    expect(typeof (await sim.login('bob@acme.example'))).toBe('string');
  });

  it('checked-out-document: document 103 is checked out by bob; alice cannot check it out', async () => {
    const sim = testSim({ scenario: 'fixtures/scenarios/checked-out-document' });
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/documents/103`, alice)).document.locked__v).toBe(true);
    expect((await sim.json('GET', `/api/${V}/objects/documents/103/lock`, alice)).lock.locked_by__v).toBe(61003);
    expect((await sim.json('POST', `/api/${V}/objects/documents/103/lock`, alice)).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
  });

  it('flaky-network: one call in ten (by the random source) is delayed 2 s', async () => {
    const sim = testSim({ scenario: 'fixtures/scenarios/flaky-network', random: seeded(42) });
    const calls = 200;
    for (let i = 0; i < calls; i++) expect((await sim.call('GET', '/api/')).status).toBe(200);
    const replay = seeded(42);
    const expected = Array.from({ length: calls }, () => replay()).filter((x) => x < 0.1).length;
    const delayed = sim.clock.slept.filter((ms) => ms === 2000).length;
    expect(delayed).toBe(expected);
    expect(delayed).toBeGreaterThan(5);
    expect(delayed).toBeLessThan(40);
    expect(sim.control.verify({ operationId: 'listVersions', count: calls })).toEqual({ ok: true, matched: calls });
  });
});

describe('scenario.yaml in a fixture set', () => {
  const set = join(dir, 'with-scenario');
  cpSync(defaultFixturesDir, set, { recursive: true });
  writeFileSync(join(set, 'scenario.yaml'), 'description: frozen at a set time, one failure\nclock: { set: 2026-06-01T12:00:00Z, frozen: true }\nfaults:\n  - { operationId: listVersions, failure: UNEXPECTED_ERROR, times: 1 }\n');

  it('is not fixture data (the loader skips it); the simulator applies it at start and after a reset', async () => {
    expect(Object.keys(loadFixtures(set).sourceOf)).not.toContain('description');
    const sim = testSim({ fixtures: set });
    expect(sim.control.clock()).toEqual({ now: '2026-06-01T12:00:00.000Z', frozen: true });
    expect((await sim.json('GET', '/api/')).responseStatus).toBe('FAILURE');
    expect((await sim.json('GET', '/api/')).responseStatus).toBe('SUCCESS');
    sim.control.reset();
    expect(sim.control.clock()).toEqual({ now: '2026-06-01T12:00:00.000Z', frozen: true });
    expect((await sim.json('GET', '/api/')).responseStatus).toBe('FAILURE');
  });

  it('a bad scenario stops start-up naming the file and the problem', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'faults:\n  - { operationId: x }\n');
    // The file is named as the user would type it (relative to the current folder, or absolute when shorter).
    expect(() => testSim({ scenario: bad })).toThrow(/(^|\/)dms-scenario-[^/]+\/bad\.yaml: faults\[0\]: a fault rule needs an effect/);
    writeFileSync(bad, 'clock: { set: someday }\n');
    expect(() => testSim({ scenario: bad })).toThrow(ScenarioError);
  });
});
