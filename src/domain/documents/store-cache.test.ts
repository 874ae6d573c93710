/**
 * What a document store keeps (store-cache.ts): one lower-case text per file for list content search
 * and query FIND alike; generated thumbnails and renditions kept per version. (The query's rows are
 * the shared tables of query/document-table.ts, tested there.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../fixtures/load';
import { manualClock } from '../clock';
import { callerIn } from '../query';
import { type World, createWorld } from '../world';
import { textOf } from './files';
import { listDocuments } from './listing';
import { latestVersion } from './model';

const PROMO = 'promo.acme.example';
let world: World;
beforeEach(() => {
  world = createWorld(loadFixtures(), manualClock());
});
const store = () => world.documents.store(world.tenants.byDnsName(PROMO)!.id);
const admin = () => world.users.byUsername('tenant.admin@acme.example')!;

describe('file texts', () => {
  it('one lower-case text per file, read by the list content search and the query FIND alike', () => {
    const s = store();
    const files = new Set(s.visibleTo(admin()).map((d) => latestVersion(d).file).filter((f) => f !== undefined));
    expect(files.size).toBeGreaterThan(0);
    expect(s.kept.sizes.fileTexts).toBe(0);
    const answer = world.queries.run(callerIn(world, world.tenants.byDnsName(PROMO)!, admin()), "SELECT id FROM documents FIND ('zzz-none' SCOPE CONTENT)");
    expect(answer.size).toBe(0);
    expect(s.kept.sizes.fileTexts).toBe(files.size); // FIND read each file's text through the store
    const kept = [...files].map((f) => s.searchText(f));
    listDocuments(s, admin(), { search: 'zzz-none', scope: 'contents' });
    expect(s.kept.sizes.fileTexts).toBe(files.size); // the list content search read the same texts
    const listed = [...files].map((f) => s.searchText(f));
    expect(listed).toEqual(kept);
    [...files].forEach((f, i) => {
      expect(s.searchText(f)).toBe(listed[i]);
      expect(listed[i]).toBe(textOf(f).toLowerCase());
    });
  });
});

describe('thumbnails and renditions', () => {
  it('are generated once per version while kept', () => {
    const s = store();
    const doc = s.visibleTo(admin()).find((d) => latestVersion(d).file && latestVersion(d).file!.format !== 'application/pdf' && s.renditionTypes(d, latestVersion(d)).length > 0)!;
    const v = latestVersion(doc);
    const png = s.thumbnail(v);
    expect(s.thumbnail(v)).toBe(png);
    const type = s.renditionTypes(doc, v)[0];
    const pdf = s.rendition(doc, v, type);
    expect(s.rendition(doc, v, type)).toBe(pdf);
    expect(pdf.format).toBe('application/pdf');
    expect(s.kept.sizes).toMatchObject({ thumbnails: 1, renditions: 1 });
  });
});
