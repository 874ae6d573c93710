/**
 * Document records share no array with the stored document (issue 10 review): answers deep-freeze
 * records, which must leave the stored versions' multi-value fields, and the fixture set they were
 * loaded from, mutable.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { documentRecord, latestVersion } from '../../src/domain/documents';
import { createWorld } from '../../src/domain/world';
import { loadFixtures } from '../../src/fixtures/load';
import { withKeptSlot } from '../../src/domain/kept-slot';
import { reusableBodyOf } from '../../src/http/respond';
import { PROMO, api, personas } from './world';

/** The `fields` of document 101's first version in the fixture set (its multi-value arrays are shared with the store). */
const fixtureFields = (data: Record<string, unknown>) =>
  ((data.documents as { id: number; versions: { fields: Record<string, unknown> }[] }[]).find((d) => d.id === 101)!).versions[0].fields;

describe('documentRecord', () => {
  it('copies multi-value arrays: a deep-frozen record leaves the stored and fixture arrays mutable', () => {
    const fixtures = loadFixtures();
    const world = createWorld(fixtures, manualClock());
    const store = world.documents.store(world.tenants.byDnsName(PROMO)!.id);
    const doc = store.get(world.users.byUsername('tenant.admin@acme.example')!, 101);
    const stored = latestVersion(doc).fields;
    expect(Array.isArray(stored.channel__c)).toBe(true);
    const record = documentRecord(store.view(), doc);
    expect(record.channel__c).toEqual(stored.channel__c);
    expect(record.channel__c).not.toBe(stored.channel__c);
    const kept = withKeptSlot({});
    for (let i = 0; i < 2; i++) reusableBodyOf(kept, () => ({ document: record })); // handed out again: frozen
    expect(Object.isFrozen(record.channel__c)).toBe(true);
    for (const [name, value] of Object.entries(stored)) {
      if (Array.isArray(value)) expect(Object.isFrozen(value), name).toBe(false);
    }
    (stored.channel__c as string[]).push('web__c');
    expect(stored.channel__c).toContain('web__c');
    expect(Object.isFrozen(fixtureFields(fixtures.data).audience__c)).toBe(false);
  });

  it('answers in the app (list, retrieve, query) leave the stored and fixture arrays mutable', async () => {
    const p = await personas();
    // each asked twice: a kept answer's body is deep-frozen when it is handed out again (respond.ts)
    for (let round = 0; round < 2; round++) {
      for (const path of ['/objects/documents', '/objects/documents/101']) {
        expect((await p.sim.json('GET', api(path), p.alice)).responseStatus).toBe('SUCCESS');
      }
      const q = await p.sim.json('POST', api('/query'), p.alice, { form: { q: 'SELECT id, channel__c FROM documents WHERE id = 101' } });
      expect(q).toMatchObject({ responseStatus: 'SUCCESS', data: [{ id: 101, channel__c: ['print__c'] }] });
    }
    const world = p.sim.world;
    const doc = world.documents.store(world.tenants.byDnsName(PROMO)!.id).get(world.users.byUsername('alice@acme.example')!, 101);
    const arrays = doc.versions.flatMap((v) => Object.values(v.fields).filter(Array.isArray));
    expect(arrays.length, 'stored multi-value arrays to check').toBeGreaterThan(0);
    for (const value of arrays) expect(Object.isFrozen(value)).toBe(false);
    expect(Object.isFrozen(fixtureFields(world.fixtures.data).channel__c)).toBe(false);
  });
});
