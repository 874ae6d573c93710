import { describe, expect, it } from 'vitest';
import { HEAD_MAX } from './entry-head';
import { Journal, type JournalRecord } from './journal';
import { BODY_MAX } from './journal-body';

const T0 = Date.parse('2026-01-02T03:04:05.678Z');

const record = (i: number, more: Partial<JournalRecord> = {}): JournalRecord => ({
  timeMs: T0 + i, method: 'GET', path: `/p${i}`, query: '', operationId: null, tenant: null, user: null,
  status: 200, durationMs: 1, requestHeaders: {}, responseHeaders: {}, requestBody: { size: 0 }, responseBody: { size: 0 }, ...more,
});

describe('Journal', () => {
  it('renders an entry from what was recorded: secrets masked, answer headers lower-case, bodies read from the ring', () => {
    const j = new Journal(10);
    const req = j.bodies.put(Buffer.from('username=alice&password=secret'));
    const res = j.bodies.putText('{"responseStatus":"SUCCESS","sessionId":"S1"}', BODY_MAX);
    j.add(record(1, {
      method: 'POST', path: '/api/v25.3/auth', query: 'a=1&password=p', operationId: 'login', tenant: 'promo.acme.example', tenantId: 3,
      user: 'alice@acme.example', userId: 9, status: 200, durationMs: 12, fault: 'f1',
      requestHeaders: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'S-very-secret' },
      responseHeaders: { 'Content-Type': 'application/json', 'X-TenantAPI-Status': 'SUCCESS' },
      requestBody: { ref: req, size: 30 }, responseBody: { ref: res, size: 44 },
    }));
    const [e] = j.all();
    expect(e).toMatchObject({
      id: 'r1', time: '2026-01-02T03:04:05.679Z', method: 'POST', path: '/api/v25.3/auth', operationId: 'login', tenant: 'promo.acme.example',
      user: 'alice@acme.example', status: 200, responseStatus: 'SUCCESS', durationMs: 12, fault: 'f1',
    });
    expect(e.query).toMatch(/^a=1&password=(?!p$)/);
    expect(e.query).toBe('a=1&password=***');
    expect(e.request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(e.request.headers.authorization).not.toBe('S-very-secret');
    expect(e.request.headers.authorization).toBe('***'); // 13 characters: too short to show any of
    expect(e.request.body).toMatch(/^username=alice&password=(?!secret)/);
    expect(e.request.body).toBe('username=alice&password=***');
    expect(e.response.headers).toEqual({ 'content-type': 'application/json', 'x-tenantapi-status': 'SUCCESS' });
    expect(e.response.body).toMatchObject({ responseStatus: 'SUCCESS' });
    expect((e.response.body as { sessionId: string }).sessionId).not.toBe('S1');
    expect(e.response.body).toEqual({ responseStatus: 'SUCCESS', sessionId: '***' });
    // matched on the tenant's and the user's ids as well as their names, and on the path
    expect(j.verify({ tenant: '3', user: '9', path: '/api/*/auth' }, { count: 1 })).toEqual({ ok: true, matched: 1 });
    expect(j.verify({ user: '8' }, { count: 0 })).toEqual({ ok: true, matched: 0 });
  });

  it('shows a truncated answer and a body the ring no longer holds by their notes', () => {
    const j = new Journal(10, 4 * BODY_MAX);
    const first = j.bodies.put(Buffer.alloc(BODY_MAX, 97));
    j.add(record(1, { responseHeaders: { 'content-type': 'text/plain' }, responseBody: { ref: first, size: BODY_MAX } }));
    j.add(record(2, { responseBody: 'truncated' }));
    for (let i = 0; i < 4; i++) j.bodies.put(Buffer.alloc(BODY_MAX));
    const [gone, cut] = j.all();
    expect(gone.response.body).toBe(`[${BODY_MAX} bytes, no longer kept: the journal keeps its bodies in a ring of 0.25 MB]`);
    expect(cut.response.body).toBe('[truncated by a fault rule]');
  });

  it('drops the oldest entries once its head ring has written over their heads', () => {
    const j = new Journal(100, 4 * BODY_MAX, 4 * HEAD_MAX);
    const big = Object.fromEntries(Array.from({ length: 7 }, (_, k) => [`x-big-${k}`, 'h'.repeat(10_000)])); // ~70 KB a head: about 15 in 1 MB
    for (let i = 1; i <= 30; i++) j.add(record(i, { requestHeaders: big }));
    const ids = j.all().map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(14);
    expect(ids.length).toBeLessThanOrEqual(16);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, k) => `r${31 - ids.length + k}`));
    expect(j.all().every((e) => e.request.headers['x-big-6'] === big['x-big-6'])).toBe(true);
    expect(j.size).toBe(ids.length);
  });

  it('keeps no string of an entry written over, nor after it is cleared', () => {
    const j = new Journal(2);
    j.add(record(1, { method: 'M1', operationId: 'op1' }));
    j.add(record(2, { method: 'M2' }));
    j.add(record(3, { method: 'M3' }));
    const texts = (j as unknown as { texts: unknown[] }).texts;
    expect(texts).not.toContain('M1');
    expect(texts).not.toContain('op1');
    expect(texts).toContain('M3');
    j.clear();
    expect(texts.every((t) => t === undefined)).toBe(true);
    expect(j.size).toBe(0);
  });

  it('of no request records none; a capacity that is not a whole number from 0 is refused', () => {
    const none = new Journal(0);
    none.add(record(1));
    expect([none.size, none.all()]).toEqual([0, []]);
    for (const bad of [-1, 1.5, Number.NaN, 1e7]) expect(() => new Journal(bad), String(bad)).toThrow(RangeError);
  });

  it('answers `since` and `limit` on the recorded times, newest last', () => {
    const j = new Journal(10);
    for (let i = 0; i < 6; i++) j.add(record(i));
    expect(j.query({ since: T0 + 2 }).map((e) => e.path)).toEqual(['/p2', '/p3', '/p4', '/p5']);
    expect(j.query({ since: T0 + 2, limit: 2 }).map((e) => e.path)).toEqual(['/p4', '/p5']);
  });
});
