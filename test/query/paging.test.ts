/**
 * Paging links of endpoint 7: walking every page yields each record once, next/previous are the
 * adjacent slices of the same result, links are absolute, work with POST and GET with the same
 * session's user, and expire 72 hours after the query or the last page call (simulator clock).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testSim, BASE, V, type TestSim } from '../helpers/sim';
import { visibleIds } from './fixture-expectations';

const PROMO = 'promo.acme.example';
const HOUR = 3_600_000;
let sim: TestSim;
let admin: string;

const post = (session: string, q: string) => sim.json('POST', `/api/${V}/query`, session, { form: { q } });
const follow = (session: string, url: string, method = 'POST') => sim.json(method, url, session);

beforeAll(async () => {
  sim = testSim();
  admin = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
});

describe('paging walks', () => {
  it('walking next_page yields each record once, in order, and previous_page gives back the slice before', async () => {
    const expected = visibleIds('tenant.admin@acme.example');
    const pages: any[] = [await post(admin, 'SELECT id FROM documents PAGESIZE 5')];
    expect(pages[0].responseDetails.previous_page).toBeUndefined();
    while (pages.at(-1).responseDetails.next_page) {
      const next = pages.at(-1).responseDetails.next_page as string;
      expect(next.startsWith(`${BASE}/tenants/${PROMO}/api/${V}/query/`)).toBe(true);
      pages.push(await follow(admin, next, pages.length % 2 ? 'POST' : 'GET'));
    }
    const seen = pages.flatMap((p) => p.data.map((r: any) => r.id));
    expect(seen).toEqual(expected);
    expect(pages).toHaveLength(Math.ceil(expected.length / 5));
    pages.forEach((p, i) => {
      expect(p.responseStatus).toBe('SUCCESS');
      expect(p.responseDetails).toMatchObject({ limit: 5, offset: i * 5, total: expected.length, size: p.data.length });
      expect(p.data.map((r: any) => r.id)).toEqual(expected.slice(i * 5, i * 5 + 5));
    });
    expect(pages.at(-1).responseDetails.next_page).toBeUndefined();
    for (let i = pages.length - 1; i > 0; i--) {
      const prev = await follow(admin, pages[i].responseDetails.previous_page);
      expect(prev.data).toEqual(pages[i - 1].data);
      expect(prev.responseDetails.offset).toBe((i - 1) * 5);
    }
  });

  it('a stored result pages the rows it found while other queries run between its pages (scratch memory: src/vql/scratch.ts)', async () => {
    const expected = visibleIds('tenant.admin@acme.example');
    const low = expected.slice().sort((a, b) => a - b).slice(0, 7);
    const pages: any[] = [await post(admin, 'SELECT id FROM documents WHERE id > 0 PAGESIZE 5')];
    while (pages.at(-1).responseDetails.next_page) {
      // One-page answers (no link, nothing stored), each query new (not a kept answer): found afresh.
      const n = pages.length;
      expect((await post(admin, `SELECT id FROM documents WHERE name__v != 'none such ${n}'`)).data).toHaveLength(expected.length);
      const one = await post(admin, `SELECT id FROM documents WHERE id <= ${low.at(-1)} AND name__v != 'none such ${n}' ORDER BY id`);
      expect(one.responseDetails.next_page).toBeUndefined();
      expect(one.data.map((r: any) => r.id)).toEqual(low);
      pages.push(await follow(admin, pages.at(-1).responseDetails.next_page));
    }
    expect(pages.flatMap((p) => p.data.map((r: any) => r.id))).toEqual(expected);
  });

  it('the links page the same result: ORDER BY, WHERE and a SELECT with relationships survive', async () => {
    const q = "SELECT id, name__v, product__vr.name__v FROM documents WHERE name__v != 'x' ORDER BY name__v DESC PAGESIZE 4";
    const whole = await post(admin, q.replace('PAGESIZE 4', ''));
    const collected: any[] = [];
    for (let page = await post(admin, q); ; page = await follow(admin, page.responseDetails.next_page)) {
      collected.push(...page.data);
      if (!page.responseDetails.next_page) break;
    }
    expect(collected).toEqual(whole.data);
  });

  it('PAGEOFFSET starts in the middle, with both links; pagesize/pageoffset of a link can be changed', async () => {
    const expected = visibleIds('tenant.admin@acme.example');
    const mid = await post(admin, 'SELECT id FROM documents PAGESIZE 3 PAGEOFFSET 6');
    expect(mid.data.map((r: any) => r.id)).toEqual(expected.slice(6, 9));
    expect(mid.responseDetails.previous_page).toMatch(/pagesize=3&pageoffset=3$/);
    expect(mid.responseDetails.next_page).toMatch(/pagesize=3&pageoffset=9$/);
    const custom = await follow(admin, mid.responseDetails.next_page.replace('pagesize=3&pageoffset=9', 'pagesize=7&pageoffset=1'));
    expect(custom.data.map((r: any) => r.id)).toEqual(expected.slice(1, 8));
  });

  it('past the end: no next_page, and previous_page is the page ending at the last row (never past it)', async () => {
    const expected = visibleIds('tenant.admin@acme.example');
    const n = expected.length;
    const past = await post(admin, 'SELECT id FROM documents PAGESIZE 4 PAGEOFFSET 99');
    expect(past.data).toEqual([]);
    expect(past.responseDetails).toMatchObject({ limit: 4, offset: 99, size: 0, total: n });
    expect(past.responseDetails.next_page).toBeUndefined();
    expect(past.responseDetails.previous_page).toMatch(new RegExp(`pagesize=4&pageoffset=${n - 4}$`));
    const back = await follow(admin, past.responseDetails.previous_page);
    expect(back.data.map((r: any) => r.id)).toEqual(expected.slice(n - 4));
    expect(back.responseDetails.next_page).toBeUndefined();
    // A page call past the end, and one straddling it, answer the same way.
    const link = back.responseDetails.previous_page as string;
    const far = await follow(admin, link.replace(/pagesize=4&pageoffset=\d+$/, 'pagesize=3&pageoffset=500'));
    expect(far.responseDetails.previous_page).toMatch(new RegExp(`pagesize=3&pageoffset=${n - 3}$`));
    const straddle = await follow(admin, link.replace(/pagesize=4&pageoffset=\d+$/, `pagesize=4&pageoffset=${n - 1}`));
    expect(straddle.responseDetails.previous_page).toMatch(new RegExp(`pagesize=4&pageoffset=${n - 5}$`));
  });

  it('an empty result past its end offers no link at all', async () => {
    const none = await post(admin, "SELECT id FROM documents WHERE name__v = 'no such document' PAGESIZE 4 PAGEOFFSET 8");
    expect(none.responseDetails).toMatchObject({ total: 0, size: 0 });
    expect(none.responseDetails.previous_page).toBeUndefined();
    expect(none.responseDetails.next_page).toBeUndefined();
  });

  it('a single page has no links', async () => {
    const body = await post(admin, 'SELECT id FROM documents');
    expect(body.responseDetails.next_page).toBeUndefined();
    expect(body.responseDetails.previous_page).toBeUndefined();
  });

  it('the describe header works on page calls too', async () => {
    const first = await post(admin, 'SELECT id, name__v FROM documents PAGESIZE 2');
    const next = await sim.json('POST', first.responseDetails.next_page, admin, { headers: { 'X-TenantAPI-DescribeQuery': 'true' } });
    expect(next.queryDescribe.fields.map((f: any) => f.name)).toEqual(['id', 'name__v']);
  });
});

describe('expiry and ownership', () => {
  it('a link lives 72 h after the query or the last page call, then answers INVALID_DATA', async () => {
    const first = await post(admin, 'SELECT id FROM documents PAGESIZE 5');
    const next = first.responseDetails.next_page as string;
    // Sessions time out long before 72 h: the same user logs in again to follow the link.
    sim.clock.advance(71 * HOUR);
    const renewed = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
    expect((await follow(renewed, next)).responseStatus).toBe('SUCCESS'); // renews for 72 h
    sim.clock.advance(71 * HOUR);
    const again = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
    expect((await follow(again, next)).responseStatus).toBe('SUCCESS');
    sim.clock.advance(72 * HOUR + 1000);
    const later = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
    const expired = await follow(later, next);
    expect(expired.responseStatus).toBe('FAILURE');
    expect(expired.errors[0].type).toBe('INVALID_DATA');
  });

  it('another user following the link gets INVALID_DATA; an unknown id too', async () => {
    const session = await sim.login('tenant.admin@acme.example', { tenantDNS: PROMO });
    const first = await post(session, 'SELECT id FROM documents PAGESIZE 5');
    const bob = await sim.login('bob@acme.example', { tenantDNS: PROMO });
    const foreign = await follow(bob, first.responseDetails.next_page);
    expect(foreign.errors[0].type).toBe('INVALID_DATA');
    const unknown = await follow(session, `${BASE}/api/${V}/query/0123456789abcdef?pagesize=5&pageoffset=5`);
    expect(unknown.errors[0].type).toBe('INVALID_DATA');
  });

  it('no answer broke the OpenAPI document', () => {
    expect(sim.breaches).toEqual([]);
  });
});
