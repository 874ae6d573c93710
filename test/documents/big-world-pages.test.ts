/**
 * Pages of a world bigger than the record cache (issue 19): records shown again come from their
 * kept JSON bytes (row-cache.ts, pageRecord), and every answer is what the records themselves give,
 * in JSON and in XML, before and after a change of a document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORDS_KEPT } from '../../src/domain/documents/row-cache';
import { GENERATED_ADMIN, GENERATED_TENANT, generateFixtures, writeFixtures } from '../../src/fixtures/generate';
import { testSim, V } from '../helpers/sim';

const dir = mkdtempSync(join(tmpdir(), 'dms-sim-big-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pages of a world bigger than the record cache', () => {
  it('show the same records from kept bytes, in JSON and XML, and a changed document as changed', async () => {
    const documents = RECORDS_KEPT.entries + 60;
    writeFixtures(dir, generateFixtures({ documents, seed: 5 }));
    const sim = testSim({ fixtures: dir });
    const admin = await sim.login(GENERATED_ADMIN, { tenantDNS: GENERATED_TENANT });
    const page = (query: string, accept?: string) => sim.call('GET', `/api/${V}/objects/documents?${query}`, { headers: { Authorization: admin, ...(accept ? { Accept: accept } : {}) } });
    const text = async (query: string, accept?: string) => (await page(query, accept)).text();
    const records = (body: string) => (JSON.parse(body).documents as { document: Record<string, unknown> }[]).map((d) => d.document);

    // The first page made its records; other pages over the same documents (another order, offset or size) show them from bytes.
    const first = records(await text('limit=50&start=100'));
    expect(first).toHaveLength(50);
    expect(first.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    const fromBytes = records(await text('limit=40&start=110'));
    expect(fromBytes).toEqual(first.slice(10, 50));
    const descending = records(await text(`limit=50&start=${documents - 150}&sort=id%20DESC`));
    expect(descending).toEqual([...first].reverse());
    const store = sim.world.documents.store(sim.world.tenants.byDnsName(GENERATED_TENANT)!.id);
    expect(store.recordsKept.jsonBytes.entries).toBe(50);
    expect(store.recordsKept.objects.entries).toBe(0);
    // A page's row of a document shown before holds its JSON only (no fields made), written as the record.
    const shown = store.all().find((d) => d.id === 120)!;
    const row = store.recordRow(shown, shown.versions[shown.versions.length - 1]);
    expect(Object.keys(row.record)).toEqual([]);
    expect(JSON.parse(JSON.stringify(row.record))).toEqual(first[19]);

    // XML shows the fields of records kept as bytes, element for element as from the records.
    const elements = (xml: string) => xml.match(/<document>.*?<\/document>/gs) ?? [];
    const fromRecords = elements(await text('limit=5&start=300', 'application/xml'));
    const fromKept = elements(await text('limit=4&start=300', 'application/xml'));
    expect(fromRecords).toHaveLength(5);
    expect(fromKept).toEqual(fromRecords.slice(0, 4));
    const xml = await text('limit=2&start=120', 'application/xml');
    expect(xml).toContain(`<id>121</id>`);
    expect(xml).toContain(`<name__v>${escapeXml(String(first[20].name__v))}</name__v>`);
    expect(xml).toContain(`<name__v>${escapeXml(String(first[21].name__v))}</name__v>`);

    // A check-out changes the document's record: pages show it checked out.
    const out = await sim.json('POST', `/api/${V}/objects/documents/125/lock`, admin);
    expect(out.responseStatus).toBe('SUCCESS');
    const after = records(await text('limit=10&start=120'));
    expect(after[4].locked__v).toBe(true);
    expect(after.filter((r) => r.id !== 125)).toEqual(first.slice(20, 30).filter((r) => r.id !== 125));
    expect(sim.breaches).toEqual([]);
  });
});

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
