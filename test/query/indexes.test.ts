/**
 * Endpoint 7 on the shared, patched tables (issue 19) over HTTP: after the engine kept its columns,
 * orders, key indexes and FIND indexes, a document created through endpoint 28 shows in the next
 * filtered, ordered and FIND query of its creator and of the administrator, and in no other
 * user's query but the ones whose access rule gives it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../helpers/answers';
import { testSim, V, type TestSim } from '../helpers/sim';

const PROMO = 'promo.acme.example';
let sim: TestSim;
let admin: string;
let alice: string;
let bob: string;

const query = (session: string, q: string) => sim.json('POST', `/api/${V}/query`, session, { form: { q } });
const found = async (session: string, q: string) => {
  const body = await query(session, q);
  expect(body.responseStatus, q).toBe('SUCCESS');
  return ids(body);
};

const QUERIES = [
  "SELECT id FROM documents WHERE name__v = 'Zyxwv placeholder'",
  "SELECT id FROM documents WHERE name__v LIKE 'Zyx%' ORDER BY name__v DESC",
  "SELECT id FROM documents WHERE id > 100 AND name__v LIKE 'Zy%'",
  "SELECT id FROM documents FIND ('zyxwv')",
  "SELECT id FROM documents FIND ('zyxwv placeholder' SCOPE name__v)",
];

beforeAll(async () => {
  sim = testSim();
  admin = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
  alice = await sim.login('alice@acme.example', { tenantDNS: PROMO });
  bob = await sim.login('bob@acme.example', { tenantDNS: PROMO });
});

describe('a created document in the next query', () => {
  it('shows for its creator and the administrator, in filtered, ordered and FIND queries, once kept indexes exist', async () => {
    for (const s of [admin, alice, bob]) for (const q of QUERIES) expect(await found(s, q), q).toEqual([]);
    const before = await found(bob, 'SELECT id FROM documents ORDER BY id DESC');
    const created = await sim.json('POST', `/api/${V}/objects/documents`, bob, {
      form: { name__v: 'Zyxwv placeholder', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' },
    });
    expect(created.responseStatus).toBe('SUCCESS');
    const id = created.id as number;
    for (const s of [admin, bob]) for (const q of QUERIES) expect(await found(s, q), q).toEqual([id]);
    expect(await found(bob, 'SELECT id FROM documents ORDER BY id DESC')).toEqual([id, ...before]);
    // alice sees it exactly when the documents list (endpoint 21) shows it to her
    const list = await sim.json('GET', `/api/${V}/objects/documents?limit=200`, alice);
    expect(list.responseStatus).toBe('SUCCESS');
    const listed = ids(list);
    for (const q of QUERIES) expect(await found(alice, q), q).toEqual(listed.includes(id) ? [id] : []);
  });
});

describe('a paged result found before documents are created', () => {
  it('pages on as it was found (the created ones, sorted into the kept orders in between, are not in it), for a filtered and an unfiltered list', async () => {
    const create = async (name: string) => {
      const c = await sim.json('POST', `/api/${V}/objects/documents`, admin, { form: { name__v: name, type__v: 'Product Label', lifecycle__v: 'General Lifecycle' } });
      expect(c.responseStatus).toBe('SUCCESS');
    };
    for (const q of ['SELECT id, name__v FROM documents ORDER BY name__v ASC', "SELECT id, name__v FROM documents WHERE name__v != 'zz' ORDER BY name__v DESC"]) {
      const whole = await query(admin, q);
      const first = await query(admin, `${q} PAGESIZE 3`);
      expect(first.data).toEqual(whole.data.slice(0, 3));
      // names that sort among the found ones, in both directions
      for (const r of whole.data.slice(0, 4)) await create(`${r.name__v} b`);
      // a query after the creates: the engine's kept order is patched now (the result found before reads it)
      expect((await query(admin, q)).data.length).toBe(whole.data.length + 4);
      const pages: any[] = [first];
      while (pages.at(-1).responseDetails.next_page) pages.push(await sim.json('POST', pages.at(-1).responseDetails.next_page, admin));
      expect(pages.flatMap((p) => p.data)).toEqual(whole.data);
      expect(pages.at(-1).responseDetails.total).toBe(whole.data.length);
    }
  });
});
