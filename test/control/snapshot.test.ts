/**
 * Snapshots (issue 16): GET /_sim/snapshot → PUT /_sim/snapshot round trip on a world changed
 * through the service API, onto the same simulator after a reset and onto a fresh one; a snapshot
 * that does not fit changes nothing; POST /_sim/snapshot/save writes --state-file atomically.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testSim } from '../helpers/sim';
import { control } from './helpers';
import { type Call, changeWorld, expectChanged, expectUnchanged } from './world-changes';

const callOf = (sim: ReturnType<typeof testSim>): Call => (method, path, init = {}) => sim.call(method, path, init);
const dir = mkdtempSync(join(tmpdir(), 'dms-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('snapshot round trip', () => {
  it('restores documents with files, a check-out, an MDL change, staged files, sessions, lists and the clock', async () => {
    const sim = testSim();
    const changed = await changeWorld(callOf(sim));
    await control(sim, 'POST', '/_sim/clock', { advance: 'PT3M', freeze: true });
    const snap = (await control(sim, 'GET', '/_sim/snapshot')).body;
    expect(snap.format).toBe('dms-sim-snapshot/1');
    expect(snap.clock).toEqual({ now: '2026-01-15T09:03:00.000Z', frozen: true });
    expect(snap.sessions.map((s: { user: number }) => s.user)).toEqual([61008, 61003]);
    expect(JSON.stringify(snap)).toContain(Buffer.from('staged text').toString('base64'));
    // Dates as milliseconds since 1970, whatever the model keeps (a day and a millisecond in it).
    const probe = Object.values(snap.tenants as Record<string, { documents: { id: number; versions: object[] }[] }>).flatMap((t) => t.documents).find((d) => d.id === changed.docId);
    const createdAt = Date.parse('2026-01-15T09:00:00.000Z');
    expect(probe).toMatchObject({ created: createdAt, versions: [{ created: createdAt, modified: createdAt }] });
    expect([probe!, ...probe!.versions].flatMap((o) => Object.keys(o)).filter((k) => /Day$|Ms$/.test(k))).toEqual([]);

    await control(sim, 'POST', '/_sim/reset');
    await expectUnchanged(callOf(sim), changed);
    expect(sim.world.mdlStaging.of(1001).has(changed.staged)).toBe(false);

    expect((await control(sim, 'PUT', '/_sim/snapshot', snap)).body).toEqual({ restored: true, now: '2026-01-15T09:03:00.000Z', frozen: true });
    await expectChanged(callOf(sim), changed);
    expect(sim.world.mdlStaging.of(1001).get(changed.staged)?.bytes).toEqual(new TextEncoder().encode('staged text'));

    // Onto a fresh simulator of the same fixtures: the same state, snapshot for snapshot.
    const other = testSim();
    await control(other, 'PUT', '/_sim/snapshot', snap);
    expect(other.control.snapshot()).toEqual(snap);
    await expectChanged(callOf(other), changed);
    expect(other.breaches).toEqual([]);
  });

  it('a restored configuration still refuses what MDL would take from under documents and object records', async () => {
    const sim = testSim();
    const snap = (await control(sim, 'GET', '/_sim/snapshot')).body;
    await control(sim, 'PUT', '/_sim/snapshot', snap);
    const admin = await sim.login('tenant.admin@acme.example');
    const refusal = async (script: string) => (await sim.call('POST', '/api/mdl/execute', { headers: { Authorization: admin, 'Content-Type': 'text/plain' }, body: script }).then((r) => r.json())).errors?.[0]?.message;
    expect(await refusal('RENAME Object campaign__c TO camp__c;')).toBe('MDL statement 1 failed, nothing of the script was applied: Cannot rename Object.campaign__c: it is used by campaign__c record 0CM000000000201, campaign__c record 0CM000000000202');
    expect(await refusal('RENAME Docfield agency__c TO ag__c;')).toBe('MDL statement 1 failed, nothing of the script was applied: Cannot rename Docfield.agency__c: it is used by document 102, document 103, document 111');
  });

  it('a snapshot that does not fit answers 400 and changes nothing', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example');
    const before = sim.control.snapshot();
    const bad = { ...before, sessions: [{ ...before.sessions[0], user: 424242 }] };
    expect(await control(sim, 'PUT', '/_sim/snapshot', bad)).toMatchObject({ status: 400, body: { error: 'user 424242 is not a user of the loaded fixture set' } });
    expect((await control(sim, 'PUT', '/_sim/snapshot', { format: 'other' })).body).toEqual({ error: 'not a dms-sim snapshot (format "dms-sim-snapshot/1")' });
    expect(sim.control.snapshot()).toEqual(before);
    expect((await sim.json('GET', '/api/v25.3/objects/documents?limit=1', sid)).responseStatus).toBe('SUCCESS');
  });

  it('POST /_sim/snapshot/save writes --state-file atomically (no temporary file left); 409 without one', async () => {
    expect((await control(testSim(), 'POST', '/_sim/snapshot/save')).status).toBe(409);
    const stateFile = join(dir, 'state.json');
    const sim = testSim({ stateFile });
    await sim.login('alice@acme.example');
    expect((await control(sim, 'POST', '/_sim/snapshot/save')).body).toEqual({ saved: stateFile });
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual(sim.control.snapshot());
    // A second simulator on the same file starts from it.
    const again = testSim({ stateFile });
    expect(again.control.sessions()).toEqual(sim.control.sessions());
    expect(existsSync(stateFile)).toBe(true);
  });
});
