import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import type { Tenant } from '../tenants';
import type { User } from '../users';
import { MAX_SESSION_LIFETIME_MS, SessionStore, newSessionId } from './index';

const tenant = { id: 1, sessionTimeoutMinutes: 20, status: 'Active' } as Tenant;
const user = { id: 7 } as User;

describe('SessionStore', () => {
  it('ids: 128+ bits of uppercase hex, unique', () => {
    const store = new SessionStore(manualClock());
    const ids = new Set(Array.from({ length: 1000 }, () => store.create(user, tenant, 'password').id));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{32,}$/);
  });

  it('holds at most its capacity of sessions: the least recently used end first, a hundredth at a time', () => {
    const store = new SessionStore(manualClock(), 200);
    const made = Array.from({ length: 200 }, () => store.create(user, tenant, 'password'));
    store.touch(made[0]);
    store.touch(made[3]);
    const next = store.create(user, tenant, 'password');
    // 201 > 200: the 1 + 2 least recently used end (made[1], made[2], made[4]); the touched ones live.
    expect(store.size).toBe(198);
    expect([1, 2, 4].map((i) => store.find(made[i].id))).toEqual([undefined, undefined, undefined]);
    for (const s of [made[0], made[3], made[5], made[199], next]) expect(store.find(s.id)).toBe(s);
  });

  it('a session touched again becomes the most recent, whichever was touched between', () => {
    const store = new SessionStore(manualClock(), 3);
    const [a, b, c] = Array.from({ length: 3 }, () => store.create(user, tenant, 'password'));
    store.touch(c); // the most recent already
    store.touch(a);
    store.touch(a);
    store.touch(c); // c again, after a: [b, a, c]
    const d = store.create(user, tenant, 'password'); // 4 > 3: the 1 + 1 least recently used end
    expect([store.find(b.id), store.find(a.id), store.find(c.id), store.find(d.id)]).toEqual([undefined, undefined, c, d]);
    // A session made after the one touched last is the most recent then: touching that one moves it.
    const other = new SessionStore(manualClock(), 3);
    const [e, f] = [other.create(user, tenant, 'password'), other.create(user, tenant, 'password')];
    other.touch(e); // [f, e]
    const g = other.create(user, tenant, 'password'); // [f, e, g]
    other.touch(e); // [f, g, e]
    const h = other.create(user, tenant, 'password');
    expect([other.find(f.id), other.find(g.id), other.find(e.id), other.find(h.id)]).toEqual([undefined, undefined, e, h]);
  });

  it('expires after the tenant timeout from the last touch', () => {
    const clock = manualClock();
    const store = new SessionStore(clock);
    const s = store.create(user, tenant, 'password');
    clock.advance(20 * 60_000 - 1);
    expect(store.find(s.id)).toBe(s);
    store.touch(s);
    clock.advance(20 * 60_000 - 1);
    expect(store.find(s.id)).toBe(s);
    clock.advance(1);
    expect(store.find(s.id)).toBeUndefined();
    // Gone for good, even if time could run back.
    expect(store.find(s.id)).toBeUndefined();
  });

  it('never lives past 48 hours', () => {
    const clock = manualClock();
    const store = new SessionStore(clock);
    const s = store.create(user, tenant, 'oauth');
    while (clock.now() - s.created + 19 * 60_000 < MAX_SESSION_LIFETIME_MS) {
      clock.advance(19 * 60_000);
      expect(store.find(s.id)).toBe(s);
      store.touch(s);
    }
    clock.advance(s.created + MAX_SESSION_LIFETIME_MS - clock.now());
    expect(store.find(s.id)).toBeUndefined();
  });

  it('end() ends one session; truncated() is a short prefix', () => {
    const store = new SessionStore(manualClock());
    const a = store.create(user, tenant, 'password');
    const b = store.create(user, tenant, 'password');
    expect(store.end(a.id)).toBe(true);
    expect(store.end(a.id)).toBe(false);
    expect(store.find(a.id)).toBeUndefined();
    expect(store.find(b.id)).toBe(b);
    const t = SessionStore.truncated(b.id);
    expect(b.id.startsWith(t)).toBe(true);
    expect(t.length).toBeLessThan(b.id.length / 2);
    expect(t.length).toBeGreaterThan(0);
  });

  it('a session of a tenant that became inactive is not valid', () => {
    const store = new SessionStore(manualClock());
    const t = { ...tenant };
    const s = store.create(user, t, 'password');
    t.status = 'Inactive';
    expect(store.find(s.id)).toBeUndefined();
    t.status = 'Active';
    expect(store.find(s.id)).toBe(s);
  });
});

describe('newSessionId', () => {
  it('gives 48 uppercase hex digits (192 bits), never the same twice across refills of its pool', () => {
    const ids = Array.from({ length: 2000 }, () => newSessionId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{48}$/);
    expect(new Set(ids).size).toBe(2000);
    // No id shares a 16-hex-digit run with the next one (each byte of the pool is used once).
    for (let i = 1; i < ids.length; i++) expect(ids[i].slice(0, 16)).not.toBe(ids[i - 1].slice(32));
  });
});
