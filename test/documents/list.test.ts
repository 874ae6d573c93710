/** Endpoint 21: access by role, versions, named filters, search, content scope, sort, paging, errors. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testSim } from '../helpers/sim';
import { documentsTarget } from '../../src/domain/query/documents';
import { searchedFields } from '../../src/domain/documents/search-text';
import { textIndexesKept } from '../../src/vql';
import { ALICE_ONLY, ALICE_SEES, BOB_SEES, type Personas, api, ids, personas, worldWithManyDocuments } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const list = (session: string, query = '') => p.sim.json('GET', api(`/objects/documents${query}`), session);

describe('access', () => {
  it('bob sees a strict subset of what alice sees; the tenant administrator sees every document', async () => {
    const [a, b, admin] = await Promise.all([list(p.alice), list(p.bob), list(p.admin)]);
    expect(ids(a)).toEqual(ALICE_SEES);
    expect(ids(b)).toEqual(BOB_SEES);
    expect(ids(admin)).toHaveLength(30);
    expect(ids(a)).toContain(102); // viewer through the Marketing group
    expect(ids(b)).not.toContain(102);
    expect(ids(b)).toContain(117); // viewer through the Medical Reviewers group
    expect(ids(a)).toContain(117); // bob's documents name alice as a viewer
    expect(ids(a)).not.toContain(115); // owned by the tenant administrator only
    expect(ids(b).every((id: number) => ids(a).includes(id))).toBe(true);
    expect(ids(a).filter((id: number) => !ids(b).includes(id))).toEqual(ALICE_ONLY);
    expect(a).toMatchObject({ responseStatus: 'SUCCESS', size: 29, start: 0, limit: 200 });
    expect(b).toMatchObject({ responseStatus: 'SUCCESS', size: 22, start: 0, limit: 200 });
  });

  it('each entry carries id, version_id, labels and version numbers (gaps.md §11); latest version only', async () => {
    const body = await list(p.alice);
    const doc = body.documents.find((d: any) => d.document.id === 101).document;
    expect(doc).toMatchObject({
      id: 101, version_id: '101_1_1', name__v: 'Cholecap Patient Brochure', type__v: 'Promotional Piece', subtype__v: 'Sales Aid',
      lifecycle__v: 'Promotional Piece Lifecycle', status__v: 'Draft', major_version_number__v: 1, minor_version_number__v: 1, locked__v: false,
    });
    expect(doc).not.toHaveProperty('classification__v');
    expect(body.documents.filter((d: any) => d.document.id === 101)).toHaveLength(1);
  });

  it('documents of another tenant never show', async () => {
    const body = await list(p.admin);
    expect(ids(body).every((id: number) => id >= 101 && id <= 130)).toBe(true);
  });
});

describe('versionscope=all', () => {
  it('lists every version of every visible document', async () => {
    const body = await list(p.alice, '?versionscope=all');
    const of101 = body.documents.filter((d: any) => d.document.id === 101).map((d: any) => d.document.version_id);
    expect(of101).toEqual(['101_0_1', '101_1_0', '101_1_1']);
    const steady = body.documents.find((d: any) => d.document.version_id === '101_1_0').document;
    expect(steady.status__v).toBe('Approved for Distribution');
    expect(body.size).toBeGreaterThan(ALICE_SEES.length);
  });
});

describe('named_filter', () => {
  it('My Documents: owned by the caller', async () => {
    expect(ids(await list(p.alice, '?named_filter=My%20Documents'))).toEqual([101, 102, 104, 106, 107, 110, 111, 113, 116, 119, 127, 129]);
    expect(ids(await list(p.bob, '?named_filter=My%20Documents'))).toEqual([103, 105, 109, 112, 114, 117, 118, 120, 122, 130]);
  });

  it('Favorites and Cart come from the per-user state; Recent Documents grows when a document is read', async () => {
    expect(ids(await list(p.alice, '?named_filter=Favorites'))).toEqual([101, 102]);
    expect(ids(await list(p.alice, '?named_filter=Cart'))).toEqual([106, 116]);
    expect(ids(await list(p.bob, '?named_filter=Favorites'))).toEqual([103, 105]);
    expect(ids(await list(p.alice, '?named_filter=Recent%20Documents'))).toEqual([101, 104]);
    await p.sim.json('GET', api('/objects/documents/105'), p.alice);
    expect(ids(await list(p.alice, '?named_filter=Recent%20Documents'))).toEqual([101, 104, 105]);
  });

  it('an unknown filter is INVALID_FILTER', async () => {
    const body = await list(p.alice, '?named_filter=Everything');
    expect(body).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_FILTER' }] });
  });

  it('names of inherited object members are unknown filters too (INVALID_FILTER, not a 500)', async () => {
    for (const name of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
      const body = await list(p.alice, `?named_filter=${name}`);
      expect(body, name).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_FILTER' }] });
    }
  });
});

describe('query parameters named like inherited object members', () => {
  it('are parameters like any other (ignored when unknown; the known ones still read)', async () => {
    const body = await list(p.alice, '?__proto__=1&constructor=2&toString=3&hasOwnProperty=4&limit=2');
    expect(body).toMatchObject({ responseStatus: 'SUCCESS', size: 2, start: 0, limit: 2 });
  });
});

describe('search and scope', () => {
  it('search matches searchable fields, every keyword, case-insensitively', async () => {
    expect(ids(await list(p.alice, '?search=cholecap%20brochure'))).toEqual([101]);
    expect(ids(await list(p.alice, '?search=NYAXA'))).toEqual([102, 104, 111, 117, 120, 123, 126, 129]);
  });

  it('search over picklist labels', async () => {
    const body = await list(p.alice, '?search=Neurology');
    expect(ids(body)).toEqual([103, 118, 121, 124, 127, 130]);
  });

  it('scope=contents searches file content only; scope=all content and fields', async () => {
    expect(ids(await list(p.bob, '?search=myalgia&scope=contents'))).toEqual([101]); // only in the v1.1 PDF text
    expect(ids(await list(p.bob, '?search=myalgia'))).toEqual([]);
    expect(ids(await list(p.bob, '?search=pooled%20analysis&scope=contents'))).toEqual([118, 121, 127, 130]);
    expect(ids(await list(p.bob, '?search=Veneva%20migraine&scope=all'))).toEqual(expect.arrayContaining([103]));
  });

  it('answers the same through the indexes built in the background after a first search (query/list-search.ts)', async () => {
    const searches: [string, string, number[]][] = [
      [p.alice, '?search=cholecap%20brochure', [101]],
      [p.alice, '?search=NYAXA', [102, 104, 111, 117, 120, 123, 126, 129]],
      [p.alice, '?search=Neurology', [103, 118, 121, 124, 127, 130]],
      [p.bob, '?search=myalgia&scope=contents', [101]],
      [p.bob, '?search=myalgia', []],
      [p.bob, '?search=pooled%20analysis&scope=contents', [118, 121, 127, 130]],
    ];
    const tenant = p.sim.world.tenants.byDnsName('promo.acme.example')!;
    const store = p.sim.world.documents.store(tenant.id);
    const indexed = (username: string) => {
      const target = documentsTarget({ store, user: p.sim.world.users.byUsername(username)!, allVersions: false, targetOf: () => undefined });
      return textIndexesKept(target, searchedFields(store.view()).map((f) => `list:${f.name}`), true);
    };
    for (const [session, query, want] of searches) expect(ids(await list(session, `${query}&limit=150`)), query).toEqual(want);
    const end = Date.now() + 5000;
    // alice's and bob's searches read the same table (latest versions), so its indexes serve both
    while (!indexed('alice@acme.example') && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(indexed('alice@acme.example')).toBe(true);
    // other pages sizes: not the kept answers of the first round
    for (const [session, query, want] of searches) expect(ids(await list(session, `${query}&limit=149`)), query).toEqual(want);
  });

  it('scope without search is PARAMETER_REQUIRED', async () => {
    expect(await list(p.alice, '?scope=contents')).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED' }] });
  });
});

describe('sort', () => {
  it('defaults to id ASC; sorts by any sortable field ASC or DESC', async () => {
    expect(ids(await list(p.alice, '?sort=id%20DESC'))).toEqual([...ALICE_SEES].reverse());
    const byName = (await list(p.alice, '?sort=name__v%20ASC')).documents.map((d: any) => d.document.name__v);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const bySize = (await list(p.alice, '?sort=size__v%20DESC')).documents.map((d: any) => d.document.size__v);
    expect(bySize).toEqual([...bySize].sort((a: number, b: number) => b - a));
  });

  it('an unknown or repeating field is INVALID_DATA', async () => {
    for (const sort of ['nope__c%20ASC', 'language__v%20ASC', 'name__v%20SIDEWAYS']) {
      expect((await list(p.alice, `?sort=${sort}`)).responseStatus).toBe('FAILURE');
    }
    expect(await list(p.alice, '?sort=nope__c')).toMatchObject({ errors: [{ type: 'INVALID_DATA' }] });
  });
});

describe('start and limit', () => {
  it('pages with start and limit', async () => {
    const first = await list(p.alice, '?limit=5');
    const second = await list(p.alice, '?limit=5&start=5');
    expect(first).toMatchObject({ size: 5, start: 0, limit: 5 });
    expect(ids(first)).toEqual(ALICE_SEES.slice(0, 5));
    expect(ids(second)).toEqual(ALICE_SEES.slice(5, 10));
    expect(await list(p.alice, '?start=500')).toMatchObject({ size: 0, start: 500, documents: [] });
  });

  it('limit over 200, below 1, or not a number is INVALID_DATA', async () => {
    for (const q of ['?limit=201', '?limit=0', '?limit=ten', '?start=-1']) {
      expect(await list(p.alice, q)).toMatchObject({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA' }] });
    }
  });

  it('pages over more than 200 documents: 200 per page at most', async () => {
    const sim = testSim({ fixtures: worldWithManyDocuments(250) });
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const page1 = await sim.json('GET', api('/objects/documents'), alice);
    const page2 = await sim.json('GET', api('/objects/documents?start=200'), alice);
    expect(page1).toMatchObject({ size: 200, start: 0, limit: 200 });
    expect(page2).toMatchObject({ size: ALICE_SEES.length + 250 - 200, start: 200, limit: 200 });
    const all = [...ids(page1), ...ids(page2)];
    expect(new Set(all).size).toBe(ALICE_SEES.length + 250);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all.at(-1)).toBe(1250);
    const bob = await sim.login('bob@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', api('/objects/documents'), bob)).size).toBe(BOB_SEES.length);
    expect(sim.breaches).toEqual([]);
  });
});
