/**
 * The control plane over HTTP (issue 16), in process: every call of /_sim/, each answer checked
 * against spec/control.openapi.yaml (helpers.ts).
 */
import { describe, expect, it } from 'vitest';
import { controlOpenApi } from '../../src/control/openapi';
import { PASSWORD, V, testSim } from '../helpers/sim';
import { worldWithManyDocuments } from '../documents/world';
import { control } from './helpers';

const START = '2026-01-15T09:00:00.000Z';

describe('GET /_sim/openapi.json', () => {
  it('serves the control plane document', async () => {
    const sim = testSim();
    const a = await control(sim, 'GET', '/_sim/openapi.json');
    expect(a.body).toEqual(controlOpenApi());
    expect(Object.keys(a.body.paths)).toContain('/_sim/journal/verify');
  });
});

describe('clock', () => {
  it('GET answers the simulator time; POST sets, advances, freezes and unfreezes it', async () => {
    const sim = testSim();
    expect((await control(sim, 'GET', '/_sim/clock')).body).toEqual({ now: START, frozen: false });
    expect((await control(sim, 'POST', '/_sim/clock', { advance: 'PT21M' })).body).toEqual({ now: '2026-01-15T09:21:00.000Z', frozen: false });
    expect((await control(sim, 'POST', '/_sim/clock', { set: '2026-03-01T08:00:00Z', freeze: true })).body).toEqual({ now: '2026-03-01T08:00:00.000Z', frozen: true });
    expect((await control(sim, 'POST', '/_sim/clock', { freeze: false })).body).toEqual({ now: '2026-03-01T08:00:00.000Z', frozen: false });
    expect(sim.clock.now()).toBe(Date.parse('2026-03-01T08:00:00Z'));
  });

  it('refuses what is not a time, a duration or a boolean, and changes nothing', async () => {
    const sim = testSim();
    for (const body of [{ advance: '21 minutes' }, { set: 'yesterday' }, { freeze: 'yes' }, {}, { advance: 'PT1M', later: 1 }, 'not json']) {
      const a = await control(sim, 'POST', '/_sim/clock', body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(typeof a.body.error).toBe('string');
    }
    expect((await control(sim, 'POST', '/_sim/clock', { advance: 'P1X' })).body.error).toBe('"advance" must be an ISO-8601 duration such as PT21M (got "P1X")');
    expect(sim.clock.now()).toBe(Date.parse(START));
  });

  it('advancing past the idle timeout expires a session (INVALID_SESSION_ID), as do document dates follow it', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).responseStatus).toBe('SUCCESS');
    await control(sim, 'POST', '/_sim/clock', { advance: 'PT19M59S' });
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).responseStatus).toBe('SUCCESS');
    await control(sim, 'POST', '/_sim/clock', { advance: 'PT20M' });
    const expired = await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid);
    expect(expired.errors).toEqual([{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }]);
    expect((await control(sim, 'GET', '/_sim/sessions')).body.sessions).toEqual([]);
  });
});

describe('faults', () => {
  it('POST adds a rule ({id}), GET lists them in order, DELETE removes one or all', async () => {
    const sim = testSim();
    const a = await control(sim, 'POST', '/_sim/faults', { operationId: 'listDocuments', failure: 'INSUFFICIENT_ACCESS', message: 'nope', times: 2 });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ id: 'f1' });
    const b = await control(sim, 'POST', '/_sim/faults', { preset: 'service-unavailable', minutes: 5 });
    expect(b.body).toEqual({ id: 'f2' });
    expect((await control(sim, 'GET', '/_sim/faults')).body.faults).toEqual([
      { id: 'f1', operationId: 'listDocuments', failure: 'INSUFFICIENT_ACCESS', message: 'nope', times: 2, fired: 0 },
      {
        id: 'f2', preset: 'service-unavailable', status: 503, fired: 0,
        message: 'The service is unavailable for maintenance; expected back in 5 minutes.',
        headers: { 'X-TenantAPI-DowntimeExpectedDurationMinutes': '5' },
      },
    ]);
    expect((await control(sim, 'DELETE', '/_sim/faults/f2')).body).toEqual({ deleted: 'f2' });
    expect((await control(sim, 'DELETE', '/_sim/faults/f2')).status).toBe(404);
    expect((await control(sim, 'GET', '/_sim/faults')).body.faults.map((f: { id: string }) => f.id)).toEqual(['f1']);
    expect((await control(sim, 'DELETE', '/_sim/faults')).body).toEqual({ cleared: true });
    expect((await control(sim, 'GET', '/_sim/faults')).body.faults).toEqual([]);
  });

  it('refuses a rule that is not one, naming the problem', async () => {
    const sim = testSim();
    const cases: [unknown, string][] = [
      [{ operationId: 'x' }, 'a fault rule needs an effect: delayMs, failure, status, throttle, drop, truncate, expireSession'],
      [{ drop: true, status: 503 }, 'a fault rule injects one of failure, status, throttle, drop, truncate, expireSession (with or without delayMs); got status, drop'],
      [{ failure: 'NOT_A_TYPE' }, expect.stringContaining('"failure" must be one of the service\'s error types')],
      [{ status: 99 }, '"status" must be an HTTP status from 200 to 599'],
      [{ drop: true, probability: 2 }, '"probability" must be a number from 0 to 1'],
      [{ drop: true, times: 0 }, '"times" must be a whole number of at least 1'],
      [{ drop: true, colour: 'red' }, 'unknown field(s) of a fault rule: colour'],
      [{ preset: 'meteor-strike' }, 'unknown preset "meteor-strike"; one of expired-session, throttled-login, checked-out-document, expired-query-page, service-unavailable'],
      [[1], 'the body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const a = await control(sim, 'POST', '/_sim/faults', body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(a.body.error, JSON.stringify(body)).toEqual(message);
    }
    expect(sim.control.faults()).toEqual([]);
  });

  it('a rule fires on matching requests only, `times` times; failure answers the service FAILURE body and headers', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    await control(sim, 'POST', '/_sim/faults', { path: '/api/*/objects/documents', method: 'GET', user: 'alice@acme.example', failure: 'INSUFFICIENT_ACCESS', message: 'Injected.', times: 1 });
    expect((await sim.json('POST', `/api/${V}/query`, sid, { form: { q: 'SELECT id FROM documents' } })).responseStatus).toBe('SUCCESS');
    const hit = await sim.call('GET', `/api/${V}/objects/documents?limit=1`, { headers: { Authorization: sid } });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-tenantapi-status')).toBe('FAILURE');
    expect(hit.headers.get('x-tenantapi-tenantid')).toBe('1001');
    expect(hit.headers.get('x-tenantapi-executionid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await hit.json()).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INSUFFICIENT_ACCESS', message: 'Injected.' }] });
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).responseStatus).toBe('SUCCESS');
    expect(sim.control.faults()[0]).toMatchObject({ times: 0, fired: 1 });
    expect(sim.breaches).toEqual([]);
  });

  it('probability decides with the simulator random source; tenant matches by DNS name or id', async () => {
    const draws = [0.5, 0.05, 0.2];
    const sim = testSim({ random: () => draws.shift()! });
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    await control(sim, 'POST', '/_sim/faults', { tenant: 1001, probability: 0.1, failure: 'UNEXPECTED_ERROR' });
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).responseStatus);
    expect(seen).toEqual(['SUCCESS', 'FAILURE', 'SUCCESS']);
  });

  it('delayMs delays through the simulator clock and reports nothing else', async () => {
    const sim = testSim();
    await control(sim, 'POST', '/_sim/faults', { operationId: 'listVersions', delayMs: 2000 });
    const before = sim.clock.now();
    const res = await sim.call('GET', '/api/');
    expect((await res.json()).responseStatus).toBe('SUCCESS');
    expect(sim.clock.slept).toEqual([2000]);
    expect(sim.clock.now() - before).toBe(2000);
  });
});

describe('presets', () => {
  it('expired-session: the next call with a session gets INVALID_SESSION_ID and the session stays ended; a new login works', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example');
    await control(sim, 'POST', '/_sim/faults', { preset: 'expired-session' });
    expect((await sim.json('GET', '/api/', undefined)).responseStatus).toBe('SUCCESS');
    const first = await sim.call('GET', `/api/${V}/objects/documents`, { headers: { Authorization: sid } });
    expect(first.headers.get('x-tenantapi-userid')).toBeNull();
    expect((await first.json()).errors[0].type).toBe('INVALID_SESSION_ID');
    expect((await sim.json('GET', `/api/${V}/objects/documents`, sid)).errors[0].type).toBe('INVALID_SESSION_ID');
    const fresh = await sim.login('alice@acme.example');
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, fresh)).responseStatus).toBe('SUCCESS');
  });

  it('expired-session: the refused call is not counted against the API burst, and reports the window uncounted', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const remaining = async (res: Response) => Number(res.headers.get('x-tenantapi-burstlimitremaining'));
    const before = await remaining(await sim.call('GET', `/api/${V}/objects/documents?limit=1`, { headers: { Authorization: sid } }));
    await control(sim, 'POST', '/_sim/faults', { preset: 'expired-session' });
    const refused = await sim.call('GET', `/api/${V}/objects/documents?limit=1`, { headers: { Authorization: sid, Host: 'promo.acme.example' } });
    expect((await refused.clone().json()).errors[0].type).toBe('INVALID_SESSION_ID');
    expect(await remaining(refused)).toBe(before);
    const fresh = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    expect(await remaining(await sim.call('GET', `/api/${V}/objects/documents?limit=1`, { headers: { Authorization: fresh } }))).toBe(before - 1);
  });

  it('throttled-login: the login answers API_LIMIT_EXCEEDED with AUTHENTICATION_FAILED and the burst headers', async () => {
    const sim = testSim();
    await control(sim, 'POST', '/_sim/faults', { preset: 'throttled-login' });
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example', password: PASSWORD } });
    expect(res.headers.get('x-tenantapi-burstlimit')).toBe('60');
    expect(res.headers.get('x-tenantapi-burstlimitremaining')).toBe('0');
    expect(await res.json()).toEqual({
      responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED',
      errors: [{ type: 'API_LIMIT_EXCEEDED', message: 'Authentication API burst limit exceeded; retry after 60 seconds.' }],
    });
    expect(sim.world.sessions.size).toBe(0);
  });

  it('checked-out-document: the document is checked out by another user; deleting the rule undoes it', async () => {
    const sim = testSim();
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const { body } = await control(sim, 'POST', '/_sim/faults', { preset: 'checked-out-document', tenant: 'promo.acme.example', document: 103, by: 'bob@acme.example', user: 'alice@acme.example' });
    expect((await control(sim, 'GET', '/_sim/faults')).body.faults).toEqual([
      { id: body.id, preset: 'checked-out-document', checkedOut: { tenant: 'promo.acme.example', document: 103, by: 'bob@acme.example' }, fired: 0 },
    ]);
    expect((await sim.json('GET', `/api/${V}/objects/documents/103/lock`, alice)).lock.locked_by__v).toBe(61003);
    expect((await sim.json('POST', `/api/${V}/objects/documents/103/lock`, alice)).errors).toEqual([{ type: 'OPERATION_NOT_ALLOWED', message: 'Document [103] is checked out by another user.' }]);
    await control(sim, 'DELETE', `/_sim/faults/${body.id}`);
    expect((await sim.json('POST', `/api/${V}/objects/documents/103/lock`, alice)).errors).toEqual([{ type: 'INSUFFICIENT_ACCESS', message: 'You do not have permission to check out document [103].' }]);
  });

  it('checked-out-document without arguments: the first document with a file, by a user other than `user`', async () => {
    const sim = testSim();
    const { body } = await control(sim, 'POST', '/_sim/faults', { preset: 'checked-out-document', user: 'domain.admin@acme.example' });
    const rule = sim.control.faults().find((f) => f.id === body.id)!;
    expect(rule.checkedOut!.by).not.toBe('domain.admin@acme.example');
    expect(rule.checkedOut!.tenant).toBe('promo.acme.example');
    expect(rule.checkedOut!.document).toBe(101);
    const bad = await control(sim, 'POST', '/_sim/faults', { preset: 'checked-out-document', document: 99999, tenant: 'promo.acme.example' });
    expect(bad).toMatchObject({ status: 400, body: { error: '"document": no document 99999 in promo.acme.example' } });
  });

  it('expired-query-page: following a paging link answers the expired-result failure', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    await control(sim, 'POST', '/_sim/faults', { preset: 'expired-query-page' });
    const q = await sim.json('POST', `/api/${V}/query`, sid, { form: { q: 'SELECT id FROM documents PAGESIZE 2' } });
    expect(q.responseStatus).toBe('SUCCESS');
    const next = await sim.json('GET', q.responseDetails.next_page, sid);
    expect(next).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The query result does not exist or has expired; run the query again.' }] });
  });

  it('service-unavailable: 503 with X-TenantAPI-DowntimeExpectedDurationMinutes on every call', async () => {
    const sim = testSim();
    await control(sim, 'POST', '/_sim/faults', { preset: 'service-unavailable' });
    const res = await sim.call('GET', '/api/');
    expect(res.status).toBe(503);
    expect(res.headers.get('x-tenantapi-downtimeexpecteddurationminutes')).toBe('30');
    expect((await res.json()).errors[0].type).toBe('UNEXPECTED_ERROR');
    expect(sim.breaches).toEqual([]);
  });
});

describe('journal', () => {
  it('off (journal: false, --no-journal): nothing recorded, even of a fault; listing and verifying answer 409, emptying answers as usual (200); the service answers as before', async () => {
    const sim = testSim({ journal: false });
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid)).responseStatus).toBe('SUCCESS');
    expect((await sim.json('GET', `/api/${V}/nowhere`, sid)).errors[0].type).toBe('MALFORMED_URL');
    const error = { error: 'the request journal is off (dms-sim was started with --no-journal): no request is recorded' };
    expect(await control(sim, 'GET', '/_sim/journal')).toMatchObject({ status: 409, body: error });
    expect(await control(sim, 'DELETE', '/_sim/journal')).toMatchObject({ status: 200, body: { cleared: true } });
    await control(sim, 'POST', '/_sim/faults', { operationId: 'listVersions', status: 503 });
    expect((await sim.call('GET', '/api/')).status).toBe(503);
    expect(await control(sim, 'POST', '/_sim/journal/verify', { operationId: 'listDocuments' })).toMatchObject({ status: 409, body: error });
    expect(sim.control.journalRing.size).toBe(0);
    expect(sim.control.journalRing.capacity).toBe(0); // no columns allocated for it
    expect(sim.control.journalOn).toBe(false);
    expect(sim.breaches).toEqual([]);
  });

  it('records every service request, newest last, with masked secrets; /_sim/ calls are not recorded', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    await sim.json('GET', `/api/${V}/objects/documents?limit=1&auth=platformtoken123`, sid);
    await sim.call('GET', `/api/${V}/nowhere/at/all`);
    await control(sim, 'GET', '/_sim/clock');
    const { requests } = (await control(sim, 'GET', '/_sim/journal')).body;
    expect(requests.map((r: any) => [r.id, r.method, r.path, r.operationId, r.status, r.responseStatus])).toEqual([
      ['r1', 'POST', `/api/${V}/auth`, 'createSession', 200, 'SUCCESS'],
      ['r2', 'GET', `/api/${V}/objects/documents`, 'listDocuments', 200, 'FAILURE'],
      ['r3', 'GET', `/api/${V}/nowhere/at/all`, null, 200, 'FAILURE'],
    ]);
    const [login, list] = requests;
    expect(login.time).toBe(START);
    expect(login.tenant).toBe('promo.acme.example');
    expect(login.user).toBe('alice@acme.example');
    expect(login.request.body).toBe('username=alice%40acme.example&password=***&tenantDNS=promo.acme.example');
    expect(login.response.body.sessionId).toBe(`${sid.slice(0, 8)}***`);
    expect(login.response.body.userId).toBe(61002);
    expect(login.query).toBe('');
    expect(list.query).toBe('limit=1&auth=***');
    expect(list.request.headers.authorization).toBe(`${sid.slice(0, 8)}***`);
    expect(JSON.stringify(requests)).not.toContain(sid);
    expect(JSON.stringify(requests)).not.toContain(PASSWORD);
    expect(list.response.headers['x-tenantapi-status']).toBe('FAILURE');
  });

  it('records an answer not built from text or bytes (OAuth\'s error shape) from a copy of its body, and the client still gets it whole', async () => {
    const sim = testSim();
    const res = await sim.call('POST', '/oauth2/token', { form: { code: 'x' } });
    const sent = { error: 'invalid_request', error_description: 'Missing required parameter [grant_type]' };
    expect(await res.json()).toEqual(sent);
    const [entry] = (await control(sim, 'GET', '/_sim/journal')).body.requests;
    expect([entry.method, entry.path, entry.status]).toEqual(['POST', '/oauth2/token', 400]);
    expect(entry.response.body).toEqual(sent);
  });

  it('filters by the match fields, since and limit; DELETE empties it', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    sim.clock.advance(60_000);
    for (const id of [101, 103, 104]) await sim.json('GET', `/api/${V}/objects/documents/${id}`, sid);
    await sim.json('GET', '/api/', undefined);
    const ids = async (q: string) => (await control(sim, 'GET', `/_sim/journal${q}`)).body.requests.map((r: any) => r.id);
    expect(await ids('?operationId=getDocument')).toEqual(['r2', 'r3', 'r4']);
    expect(await ids('?path=/api/*/objects/**&limit=2')).toEqual(['r3', 'r4']);
    expect(await ids('?method=post')).toEqual(['r1']);
    expect(await ids('?user=61002&tenant=promo.acme.example')).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(await ids(`?since=${encodeURIComponent('2026-01-15T09:01:00Z')}`)).toEqual(['r2', 'r3', 'r4', 'r5']);
    expect((await control(sim, 'GET', '/_sim/journal?limit=0')).status).toBe(400);
    expect((await control(sim, 'GET', '/_sim/journal?since=soon')).status).toBe(400);
    expect((await control(sim, 'DELETE', '/_sim/journal')).body).toEqual({ cleared: true });
    expect(await ids('')).toEqual([]);
  });

  it('keeps at most 64 KB of a body, and describes bytes it does not show', async () => {
    const sim = testSim();
    const admin = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    const big = new URLSearchParams({ q: `SELECT id FROM documents WHERE name__v = '${'x'.repeat(70_000)}'` }).toString();
    await sim.call('POST', `/api/${V}/query`, { headers: { Authorization: admin, 'Content-Type': 'application/x-www-form-urlencoded' }, body: big });
    await sim.call('GET', `/api/${V}/objects/documents/101/file`, { headers: { Authorization: admin } });
    const [query] = sim.control.journal({ operationId: 'runQuery' });
    const [file] = sim.control.journal({ operationId: 'downloadDocumentFile' });
    expect(query.request.body).toBe(`${big.slice(0, 64 * 1024)}… [${big.length} bytes in all]`);
    expect(file.response.body).toMatch(/^\[\d+ bytes, application\/octet-stream\]$/);
    expect(file.response.headers['content-disposition']).toContain('.pdf');
  });

  it('an answer over 64 KB is journaled cut, and still reaches the client whole', async () => {
    const sim = testSim({ fixtures: worldWithManyDocuments(250) });
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const res = await sim.call('GET', `/api/${V}/objects/documents`, { headers: { Authorization: alice } });
    const text = await res.text();
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(JSON.parse(text).size).toBe(200);
    const [entry] = sim.control.journal({ operationId: 'listDocuments' });
    expect(entry.response.body).toBe(`${text.slice(0, 64 * 1024)}… [${Buffer.byteLength(text)} bytes in all]`);
    // An XML answer is text: copied cut at 64 KB, with its full length in bytes
    const xml = await (await sim.call('GET', `/api/${V}/objects/documents?limit=199`, { headers: { Authorization: alice, Accept: 'application/xml' } })).text();
    expect(xml.length).toBeGreaterThan(64 * 1024);
    const [, xmlEntry] = sim.control.journal({ operationId: 'listDocuments' });
    expect(xmlEntry.response.body).toMatch(new RegExp(`^<\\?xml[\\s\\S]*… \\[${Buffer.byteLength(xml)} bytes in all\\]$`));
  });

  it('is a bounded ring: the oldest requests go beyond its size', async () => {
    const { Journal } = await import('../../src/control/journal');
    const record = (i: number) => ({
      timeMs: Date.parse(START), method: 'GET', path: `/p${i}`, query: '', operationId: null, tenant: null, user: null,
      status: 200, durationMs: 0, requestHeaders: {}, responseHeaders: {}, requestBody: { size: 0 }, responseBody: { size: 0 },
    });
    const ring = new Journal(3);
    for (let i = 0; i < 5; i++) ring.add(record(i));
    expect(ring.all().map((e) => [e.id, e.path])).toEqual([['r3', '/p2'], ['r4', '/p3'], ['r5', '/p4']]);
    expect(ring.size).toBe(3);
    ring.clear();
    expect(ring.all()).toEqual([]);
    ring.add(record(5));
    expect(ring.all().map((e) => [e.id, e.path])).toEqual([['r6', '/p5']]);
  });

  it('keeps its bodies in a ring of 16 MB: an older request stays, its bodies described by their size, read before or not', async () => {
    const sim = testSim({ fixtures: worldWithManyDocuments(250) });
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    // 260 different answers of over 64 KB (64 KB of each kept): more than 16 MB
    const sorts = ['id ASC', 'id DESC', 'name__v ASC', 'name__v DESC', 'document_number__v ASC', 'document_number__v DESC', 'version_modified_date__v DESC'];
    const sizes: number[] = [];
    const lists = () => sim.control.journal({ operationId: 'listDocuments', limit: 1000 });
    for (let i = 0; i < 260; i++) {
      const query = `limit=200&start=${i % 38}&sort=${encodeURIComponent(sorts[i % sorts.length])}`;
      const res = await sim.call('GET', `/api/${V}/objects/documents?${query}`, { headers: { Authorization: alice } });
      sizes.push(Buffer.byteLength(await res.text()));
      if (i === 9) expect(lists()[0].response.body).toMatch(/^\{"responseStatus":"SUCCESS"/); // read while whole
    }
    const entries = lists();
    expect(entries).toHaveLength(260);
    expect(entries[0].status).toBe(200);
    const gone = (size: number) => `[${size} bytes, no longer kept: the journal keeps its bodies in a ring of 16 MB]`;
    expect(entries[0].response.body).toBe(gone(sizes[0]));
    // each body whole (cut at 64 KB with its note) or described; the whole ones are the newest ~256
    const whole = entries.map((e, i) => {
      const body = String(e.response.body);
      if (body === gone(sizes[i])) return false;
      expect(body, String(i)).toMatch(new RegExp(`^\\{"responseStatus":"SUCCESS".*… \\[${sizes[i]} bytes in all\\]$`, 's'));
      return true;
    });
    const firstWhole = whole.indexOf(true);
    expect(whole.slice(firstWhole).every(Boolean)).toBe(true);
    expect(260 - firstWhole).toBeGreaterThanOrEqual(250);
    expect(260 - firstWhole).toBeLessThanOrEqual(256);
  });
});

describe('POST /_sim/journal/verify', () => {
  it('counts the matching requests a client made: exactly (count) or at least (atLeast, default 1)', async () => {
    const sim = testSim();
    const sid = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    for (let i = 0; i < 3; i++) await sim.json('GET', `/api/${V}/objects/documents?limit=1`, sid);
    const verify = async (body: object) => (await control(sim, 'POST', '/_sim/journal/verify', body)).body;
    expect(await verify({ operationId: 'listDocuments', count: 3 })).toEqual({ ok: true, matched: 3 });
    expect(await verify({ operationId: 'listDocuments', count: 2 })).toEqual({ ok: false, matched: 3 });
    expect(await verify({ path: '/api/*/objects/documents', user: 'alice@acme.example', atLeast: 4 })).toEqual({ ok: false, matched: 3 });
    expect(await verify({ method: 'POST' })).toEqual({ ok: true, matched: 1 });
    expect(await verify({ operationId: 'runQuery', count: 0 })).toEqual({ ok: true, matched: 0 });
    expect((await control(sim, 'POST', '/_sim/journal/verify', { count: 1, atLeast: 1 })).status).toBe(400);
    expect((await control(sim, 'POST', '/_sim/journal/verify', { count: -1 })).status).toBe(400);
    expect((await control(sim, 'POST', '/_sim/journal/verify', { limit: 1 })).body).toEqual({ error: 'unknown field(s): limit' });
  });
});

describe('sessions', () => {
  it('lists live sessions without their ids, and ends one by handle or by id', async () => {
    const sim = testSim();
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    sim.clock.advance(60_000);
    const bob = await sim.login('bob@acme.example');
    const { sessions } = (await control(sim, 'GET', '/_sim/sessions')).body;
    expect(sessions).toEqual([
      { handle: expect.stringMatching(/^[0-9a-f]{12}$/), idPrefix: alice.slice(0, 8), user: 'alice@acme.example', tenant: 'promo.acme.example', created: START, lastUsed: START, expires: '2026-01-15T09:20:00.000Z' },
      { handle: expect.stringMatching(/^[0-9a-f]{12}$/), idPrefix: bob.slice(0, 8), user: 'bob@acme.example', tenant: 'promo.acme.example', created: '2026-01-15T09:01:00.000Z', lastUsed: '2026-01-15T09:01:00.000Z', expires: '2026-01-15T09:21:00.000Z' },
    ]);
    expect(JSON.stringify(sessions)).not.toContain(alice);
    expect((await control(sim, 'DELETE', `/_sim/sessions/${sessions[0].handle}`)).body).toEqual({ ended: true });
    expect((await sim.json('GET', `/api/${V}/objects/documents`, alice)).errors[0].type).toBe('INVALID_SESSION_ID');
    expect((await control(sim, 'DELETE', `/_sim/sessions/${bob}`)).body).toEqual({ ended: true });
    expect((await sim.json('GET', `/api/${V}/objects/documents`, bob)).errors[0].type).toBe('INVALID_SESSION_ID');
    expect((await control(sim, 'DELETE', `/_sim/sessions/${bob}`)).status).toBe(404);
    expect((await control(sim, 'GET', '/_sim/sessions')).body).toEqual({ sessions: [] });
  });
});

describe('reset', () => {
  it('returns sessions, documents, configuration, journal, faults and clock to the loaded state', async () => {
    const sim = testSim();
    const admin = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    const mdl = await sim.json('POST', `/api/mdl/execute`, admin, { body: "RECREATE Renditiontype reset_probe__c (label('Probe'));", headers: { 'Content-Type': 'text/plain' } });
    expect(mdl.responseStatus).toBe('SUCCESS');
    await sim.json('POST', `/api/${V}/objects/documents/101/lock`, admin);
    await control(sim, 'POST', '/_sim/faults', { drop: true, operationId: 'runQuery' });
    await control(sim, 'POST', '/_sim/clock', { advance: 'PT5M', freeze: true });
    expect((await control(sim, 'POST', '/_sim/reset')).body).toEqual({ reset: true });
    expect((await control(sim, 'GET', '/_sim/clock')).body).toEqual({ now: START, frozen: false });
    expect((await control(sim, 'GET', '/_sim/faults')).body.faults).toEqual([]);
    expect((await control(sim, 'GET', '/_sim/journal')).body.requests).toEqual([]);
    expect((await control(sim, 'GET', '/_sim/sessions')).body.sessions).toEqual([]);
    expect((await sim.json('GET', `/api/${V}/objects/documents`, admin)).errors[0].type).toBe('INVALID_SESSION_ID');
    const again = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/configuration/Renditiontype.reset_probe__c`, again)).responseStatus).toBe('FAILURE');
    expect((await sim.json('GET', `/api/${V}/objects/documents/101`, again)).document.locked__v).toBe(false);
  });
});

describe('safety', () => {
  it('with a token, every call needs X-Sim-Control-Token', async () => {
    const sim = testSim({ controlToken: 's3cret' });
    expect(await control(sim, 'GET', '/_sim/clock')).toMatchObject({ status: 401, body: { error: 'The control plane needs the header X-Sim-Control-Token.' } });
    expect((await control(sim, 'GET', '/_sim/clock', undefined, { 'X-Sim-Control-Token': 'wrong' })).status).toBe(401);
    expect((await control(sim, 'GET', '/_sim/clock', undefined, { 'X-Sim-Control-Token': 's3cret' })).body).toEqual({ now: START, frozen: false });
  });

  it('unknown control operations answer 404 {error}; the service never answers under /_sim/', async () => {
    const sim = testSim();
    const res0 = await sim.fetch(new Request('http://localhost:8080/_sim/faults/f1'));
    expect(res0.status).toBe(404);
    expect(await res0.json()).toEqual({ error: 'no control operation GET /_sim/faults/f1' });
    const res = await sim.app.request('/_sim/clock');
    expect(await res.json()).toEqual({ now: START, frozen: false });
  });
});
