/**
 * Endpoint 21's kept answers through the real app (issue 10): a repeated list answers the very same
 * bytes, and every kind of change that can alter a list shows in the next answer.
 * One simulator for the file: each test states the changes it makes and undoes what others read.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cachedListCount, LIST_ANSWERS_KEPT, listDocuments } from '../../src/domain/documents';
import { callerIn } from '../../src/domain/query';
import { deepFreeze } from '../../src/domain/cache';
import { keepJsonText } from '../../src/domain/json-text';
import { withKeptSlot } from '../../src/domain/kept-slot';
import { listJson } from '../../src/handlers/documents';
import { reusableBodyOf, structured } from '../../src/http/respond';
import { newOutcome } from '../../src/http/outcome';
import { ids, mdl as runMdl, raw as answer } from '../helpers/answers';
import { V } from '../helpers/sim';
import { PROMO, type Personas, api, personas } from './world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const store = () => p.sim.world.documents.store(p.sim.world.tenants.byDnsName(PROMO)!.id);
const raw = (session: string, query = '', headers: Record<string, string> = {}) => answer(p.sim, 'GET', api(`/objects/documents${query}`), session, { headers });
const list = (session: string, query = '') => p.sim.json('GET', api(`/objects/documents${query}`), session);
const doc = async (session: string, id: number, query = '') => (await list(session, query)).documents.find((d: any) => d.document.id === id)?.document;
const mdl = (script: string) => runMdl(p.sim, p.admin, script);

describe('a repeated list', () => {
  it('answers identical bytes, those JSON.stringify gives, kept once per user and parameters', async () => {
    const a = await raw(p.alice, '?limit=20');
    const b = await raw(p.alice, '?limit=20');
    expect(a.status).toBe(200);
    expect(a.type).toBe('application/json;charset=UTF-8');
    expect(b.text).toBe(a.text);
    expect(a.text).toBe(JSON.stringify(JSON.parse(a.text)));
    const body = JSON.parse(a.text);
    expect(body).toMatchObject({ responseStatus: 'SUCCESS', size: 20, start: 0, limit: 20 });
    expect(Object.keys(body)).toEqual(['responseStatus', 'size', 'start', 'limit', 'documents']);
    expect(ids(body)).toEqual(ids(await list(p.alice)).slice(0, 20));
    // another user, other parameters: their own answers
    expect(ids(JSON.parse((await raw(p.bob, '?limit=20')).text))).not.toEqual(ids(body));
    expect(JSON.parse((await raw(p.alice, '?limit=20&start=1')).text).documents[0]).toEqual(body.documents[1]);
  });

  it('in XML, is built per answer from the same body and stays the same', async () => {
    const xml = { Accept: 'application/xml' };
    const a = await raw(p.alice, '?limit=2', xml);
    const b = await raw(p.alice, '?limit=2', xml);
    expect(a.type).toBe('application/xml;charset=UTF-8');
    expect(b.text).toBe(a.text);
    expect(a.text).toMatch(/^<\?xml[^>]*\?>\s*<ApiRestResult>/);
    expect(a.text).toContain('<responseStatus>SUCCESS</responseStatus>');
    // the JSON of the same kept answer is unaffected
    const json = await raw(p.alice, '?limit=2');
    expect(JSON.parse(json.text)).toMatchObject({ responseStatus: 'SUCCESS', size: 2 });
  });

  it('GET /api/ too answers the same bytes again', async () => {
    const a = await (await p.sim.call('GET', '/api/')).text();
    const b = await (await p.sim.call('GET', '/api/')).text();
    expect(b).toBe(a);
    expect(JSON.parse(a).values[V]).toBe(`http://localhost:8080/api/${V}`);
  });
});

describe('reusableBodyOf (src/http/respond.ts)', () => {
  it('answers the UTF-8 bytes of JSON.stringify, encoded once, in JSON; XML as for any body', async () => {
    const kept = withKeptSlot({});
    const build = () => ({ responseStatus: 'SUCCESS', name: 'Crème brûlée \u2028 ✓ 𝄞', list: [{ a: 1 }, { b: [true, null] }] });
    const body = reusableBodyOf(kept, build);
    expect(reusableBodyOf(kept, build)).toBe(body); // handed out again: frozen now
    expect(Object.isFrozen(body.list[1].b)).toBe(true);
    const env = { xml: false, outcome: newOutcome('x') };
    const first = structured(env, body);
    const again = structured(env, body);
    const expected = new TextEncoder().encode(JSON.stringify(body));
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(expected);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(expected);
    expect(first.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    const xml = await structured({ xml: true, outcome: newOutcome('x') }, body).text();
    expect(xml).toContain('<name>Crème brûlée');
  });
});

describe('listJson (src/handlers/documents.ts)', () => {
  it('writes a list body as JSON.stringify does, and leaves to jsonTextOrBytes a body whose documents are not its last field', () => {
    const r = deepFreeze(keepJsonText({ id: 1, name__v: 'Crème ✓' }));
    const body = { responseStatus: 'SUCCESS', size: 2, start: 0, limit: 2, documents: [{ document: r }, { document: r }] };
    const plain = JSON.stringify({ ...body, documents: [{ document: { ...r } }, { document: { ...r } }] });
    expect(listJson(body, 0)!.toString('utf8')).toBe(plain);
    expect(listJson(body, plain.length + 1)).toBeUndefined(); // a short one is its text (jsonTextOrBytes)
    expect(listJson({ ...body, extra: 1 }, 0)).toBeUndefined();
    expect(listJson({ documents: body.documents, responseStatus: 'SUCCESS' }, 0)).toBeUndefined();
    expect(listJson({ responseStatus: 'SUCCESS', note: undefined, size: 2, documents: body.documents }, 0)!.toString('utf8')).toBe(`{"responseStatus":"SUCCESS","size":2,${plain.slice(plain.indexOf('"documents"'))}`); // a field JSON leaves out
    expect(listJson({ ...body, documents: 'none' }, 0)).toBeUndefined();
  });
});

describe('the next list answer shows', () => {
  it('a created document', async () => {
    const before = await list(p.alice);
    const id = store().peekNextId();
    const created = await p.sim.json('POST', api('/objects/documents'), p.alice, { form: { name__v: 'Kept-list probe', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' } });
    expect(created).toMatchObject({ responseStatus: 'SUCCESS', id });
    const after = await list(p.alice);
    expect(after.size).toBe(before.size + 1);
    expect(ids(after)).toEqual([...ids(before), id]);
    expect((await doc(p.alice, id)).name__v).toBe('Kept-list probe');
    expect(ids(await list(p.alice, '?named_filter=My%20Documents'))).toContain(id);
  });

  it('a check-out and its undo, in locked__v and in the holder\'s My Documents', async () => {
    const mine = async () => ids(await list(p.admin, '?named_filter=My%20Documents'));
    expect((await doc(p.alice, 104)).locked__v).toBe(false);
    expect(await mine()).not.toContain(104);
    expect((await p.sim.json('POST', api('/objects/documents/104/lock'), p.admin)).responseStatus).toBe('SUCCESS');
    expect((await doc(p.alice, 104)).locked__v).toBe(true);
    expect(await mine()).toContain(104);
    expect((await p.sim.json('DELETE', api('/objects/documents/104/lock'), p.admin)).responseStatus).toBe('SUCCESS');
    expect((await doc(p.alice, 104)).locked__v).toBe(false);
    expect(await mine()).not.toContain(104);
  });

  it('a retrieved document in Recent Documents', async () => {
    const recent = async () => ids(await list(p.bob, '?named_filter=Recent%20Documents'));
    const before = await recent();
    const fresh = [101, 103, 105, 107].find((id) => !before.includes(id))!;
    expect(fresh).toBeDefined();
    expect((await p.sim.json('GET', api(`/objects/documents/${fresh}`), p.bob)).responseStatus).toBe('SUCCESS');
    expect(await recent()).toEqual([...before, fresh].sort((x, y) => x - y));
  });

  it('an MDL change of a Doctype label', async () => {
    expect((await doc(p.alice, 101)).type__v).toBe('Promotional Piece');
    expect((await mdl("ALTER Doctype promotional_piece__c (label('Promo Piece'));")).responseStatus).toBe('SUCCESS');
    expect((await doc(p.alice, 101)).type__v).toBe('Promo Piece');
    expect((await mdl("ALTER Doctype promotional_piece__c (label('Promotional Piece'));")).responseStatus).toBe('SUCCESS');
    expect((await doc(p.alice, 101)).type__v).toBe('Promotional Piece');
  });

  it('an MDL change of a picklist entry label, in search', async () => {
    const found = async () => ids(await list(p.alice, '?search=podcast'));
    expect(await found()).toEqual([]);
    const run = await mdl("ALTER Picklist channel__c (MODIFY Picklistentry congress__c (value('Podcast')));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const withCongress = (await list(p.alice)).documents.filter((d: any) => (d.document.channel__c ?? []).includes('congress__c')).map((d: any) => d.document.id);
    expect(withCongress.length).toBeGreaterThan(0);
    expect(await found()).toEqual(withCongress);
  });

  it('an MDL change of a Docfield (hidden fields are not searched)', async () => {
    const found = async () => ids(await list(p.alice, '?search=northlight'));
    const shown = await found();
    expect(shown.length).toBeGreaterThan(0);
    expect((await mdl('ALTER Docfield agency__c (hidden(true));')).responseStatus).toBe('SUCCESS');
    expect(await found()).toEqual([]);
    expect((await mdl('ALTER Docfield agency__c (hidden(false));')).responseStatus).toBe('SUCCESS');
    expect(await found()).toEqual(shown);
  });

  it('a new Docfield created by MDL: sortable at once, the list otherwise the same', async () => {
    const before = await raw(p.alice);
    const refused = await list(p.alice, '?sort=rank_order__c%20DESC');
    expect(refused.responseStatus).toBe('FAILURE');
    const run = await mdl("CREATE Docfield rank_order__c (label('Rank Order'), type('Number'));");
    expect(run.responseStatus, JSON.stringify(run)).toBe('SUCCESS');
    const sorted = await list(p.alice, '?sort=rank_order__c%20DESC');
    expect(sorted.responseStatus).toBe('SUCCESS');
    expect(ids(sorted)).toEqual(ids(JSON.parse(before.text)));
    expect((await raw(p.alice)).text).toBe(before.text);
  });

  it(`keeps at most ${LIST_ANSWERS_KEPT} answers per tenant store; the least recently used leaves first`, async () => {
    const alice = p.sim.world.users.byUsername('alice@acme.example')!;
    const starts = Array.from({ length: LIST_ANSWERS_KEPT }, (_, i) => i);
    // Each asked for twice: an answer is kept from its second request on (cache/doorkeeper.ts).
    for (const start of starts) for (const _ of [1, 2]) expect((await raw(p.alice, `?limit=1&start=${start}`)).status).toBe(200);
    expect(cachedListCount(store())).toBe(LIST_ANSWERS_KEPT);
    // the answers the app kept, in the same order (each a hit: the handler passes the parameters so, the sort by its default)
    const params = (start: number) => ({ limit: 1, start, sort: 'id ASC' });
    const kept = starts.map((start) => listDocuments(store(), alice, params(start)));
    expect(cachedListCount(store())).toBe(LIST_ANSWERS_KEPT);
    expect((await raw(p.alice, '?limit=1&start=0')).status).toBe(200); // start=0 used again: start=1 is now the least recent
    for (const _ of [1, 2]) expect((await raw(p.alice, `?limit=1&start=${LIST_ANSWERS_KEPT}`)).status).toBe(200); // one more: one leaves
    expect(cachedListCount(store())).toBe(LIST_ANSWERS_KEPT);
    for (const start of starts.filter((s) => s !== 1)) expect(listDocuments(store(), alice, params(start)), `start=${start}`).toBe(kept[start]);
    const again = listDocuments(store(), alice, params(1));
    expect(again).not.toBe(kept[1]);
    expect(again.rows.map((r) => r.document.id)).toEqual(kept[1].rows.map((r) => r.document.id));
    expect(cachedListCount(store())).toBe(LIST_ANSWERS_KEPT);
  });
});

describe('a retrieve or download that changes Recent Documents', () => {
  it('keeps the kept plain list and query answers (same objects, same bytes); Recent Documents shows it at once', async () => {
    const world = p.sim.world;
    const bob = world.users.byUsername('bob@acme.example')!;
    const caller = callerIn(world, world.tenants.byDnsName(PROMO)!, bob);
    const q = 'SELECT id, name__v FROM documents WHERE id > 0 PAGESIZE 100';
    const queryText = async () => (await p.sim.call('POST', `/api/${V}/query`, { headers: { Authorization: p.bob }, form: { q } })).text();
    const recent = async () => ids(await list(p.bob, '?named_filter=Recent%20Documents'));
    const listBytes = (await raw(p.bob, '?limit=20')).text;
    const queryBytes = await queryText();
    expect(JSON.parse(queryBytes)).toMatchObject({ responseStatus: 'SUCCESS', responseDetails: { size: 22 } });
    // Each asked for twice: an answer is kept from its second request on (cache/doorkeeper.ts).
    const [, keptList] = [listDocuments(store(), bob, { limit: 20 }), listDocuments(store(), bob, { limit: 20 })];
    const [, keptQuery] = [world.queries.run(caller, q), world.queries.run(caller, q)];
    const before = await recent();
    const fresh = [109, 110, 112].filter((id) => !before.includes(id));
    expect(fresh).toHaveLength(3);
    const revision = store().revision;
    for (const [i, id] of fresh.entries()) {
      const path = api(`/objects/documents/${id}${i === 1 ? '/file' : ''}`);
      expect((await p.sim.call('GET', path, { headers: { Authorization: p.bob } })).status).toBe(200);
      expect(await recent()).toEqual([...before, ...fresh.slice(0, i + 1)].sort((x, y) => x - y));
      expect(listDocuments(store(), bob, { limit: 20 })).toBe(keptList);
      expect(world.queries.run(caller, q)).toBe(keptQuery);
    }
    expect(store().namedList(bob, 'recent').slice(0, 3)).toEqual([...fresh].reverse());
    expect(store().revision).toBe(revision);
    expect((await raw(p.bob, '?limit=20')).text).toBe(listBytes);
    expect(await queryText()).toBe(queryBytes);
  });
});
