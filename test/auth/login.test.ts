/**
 * Endpoint 1 (password authentication) over HTTP: bodies, Authorization forms, the Session
 * resource, the error cases of gaps.md §1 and XML (gaps.md §8).
 */
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASE, PASSWORD, type TestSim, V } from '../helpers/sim';
import { authSim, defaultFixtures } from './sim';

// A describe block shares one simulator (beforeAll) when its tests cannot disturb each other,
// else each test gets its own (beforeEach): creating a simulator is the costly part of a test.
let sim: TestSim;
const shared = () => beforeAll(() => {
  sim = authSim();
});
const fresh = () => beforeEach(() => {
  sim = authSim();
});
afterEach(() => {
  expect(sim.breaches).toEqual([]);
});

const ALICE = 'alice@acme.example';

async function auth(form: Record<string, string>, init: { path?: string; headers?: Record<string, string> } = {}) {
  const res = await sim.call('POST', init.path ?? `/api/${V}/auth`, { form, headers: init.headers });
  return { res, body: await res.json() };
}

describe('endpoint 1: a session from user name and password', () => {
  shared();

  it('answers the Session resource for a form-urlencoded body', async () => {
    const { res, body } = await auth({ username: ALICE, password: PASSWORD, tenantDNS: 'promo.acme.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      sessionId: expect.stringMatching(/^[0-9A-F]{32,}$/),
      userId: 61002,
      tenantId: 1001,
      tenantIds: [
        { id: 1001, name: 'Acme PromoMats', url: `${BASE}/tenants/promo.acme.example/api` },
        { id: 1002, name: 'Acme QualityDocs', url: `${BASE}/tenants/quality.acme.example/api` },
      ],
    });
    // gaps.md §11: a successful login omits errors and warnings.
    expect('errors' in body).toBe(false);
    expect('warnings' in body).toBe(false);
  });

  it('accepts a multipart/form-data body', async () => {
    const form = new FormData();
    form.set('username', 'bob@acme.example');
    form.set('password', PASSWORD);
    const res = await sim.call('POST', `/api/${V}/auth`, { body: form });
    const body = await res.json();
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.userId).toBe(61003);
    expect(body.tenantId).toBe(1001);
  });

  it('refuses a JSON body as INVALID_DATA without a session', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ALICE, password: PASSWORD }),
    });
    const body = await res.json();
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errors[0].type).toBe('INVALID_DATA');
    expect(body.sessionId).toBeUndefined();
  });

  it('requires the user name (PARAMETER_REQUIRED)', async () => {
    const { body } = await auth({ password: PASSWORD });
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errors).toEqual([{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [username]' }]);
  });

  it('rule 1: the session works as `Authorization: <id>` and as `Authorization: Bearer <id>`', async () => {
    const id = await sim.login(ALICE, { tenantDNS: 'quality.acme.example' });
    for (const authorization of [id, `Bearer ${id}`, `bearer ${id}`]) {
      const res = await sim.call('GET', `/api/${V}`, { headers: { Authorization: authorization } });
      const body = await res.json();
      expect(body.responseStatus, authorization).toBe('SUCCESS');
      expect(res.headers.get('X-TenantAPI-UserId')).toBe('61002');
      expect(res.headers.get('X-TenantAPI-TenantId')).toBe('1002');
    }
  });

  it('rule 1: no, an unknown, or a malformed session id answers INVALID_SESSION_ID', async () => {
    const id = await sim.login(ALICE);
    for (const headers of <Record<string, string>[]>[{}, { Authorization: 'ABCDEF0123456789ABCDEF0123456789' }, { Authorization: 'Bearer ' }, { Authorization: `Basic ${id}` }]) {
      const body = await sim.json('GET', `/api/${V}`, undefined, { headers });
      expect(body, JSON.stringify(headers)).toEqual({
        responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }],
      });
    }
  });

  it('rule 4: the version of the auth path need not match later calls', async () => {
    const { body } = await auth({ username: ALICE, password: PASSWORD }, { path: '/api/v19.1/auth' });
    expect(body.responseStatus).toBe('SUCCESS');
    for (const v of ['v25.3', 'v22.1', 'v19.1']) {
      const later = await sim.json('GET', `/api/${v}`, body.sessionId);
      expect(later.responseStatus, v).toBe('SUCCESS');
      expect(later.values[v]).toBe(`${BASE}/api/${v}`);
    }
    const domains = await sim.json('GET', `/api/v22.1/objects/domains`, body.sessionId);
    expect(domains.domains).toEqual([{ name: 'acme', type: 'Production' }]);
  });

  it('a version outside the list answers METHOD_NOT_SUPPORTED and creates no session', async () => {
    const { body } = await auth({ username: ALICE, password: PASSWORD }, { path: '/api/v18.3/auth' });
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errors[0].type).toBe('METHOD_NOT_SUPPORTED');
  });
});

describe('endpoint 1: failures (gaps.md §1)', () => {
  shared();

  const failureOf = (type: string) => ({
    responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED', errors: [{ type, message: expect.any(String) }],
  });

  it('no password → NO_PASSWORD_PROVIDED, whether absent or empty', async () => {
    expect((await auth({ username: ALICE })).body).toEqual(failureOf('NO_PASSWORD_PROVIDED'));
    expect((await auth({ username: ALICE, password: '' })).body).toEqual(failureOf('NO_PASSWORD_PROVIDED'));
  });

  it('wrong password → USERNAME_OR_PASSWORD_INCORRECT', async () => {
    expect((await auth({ username: ALICE, password: 'passw0rd!' })).body).toEqual(failureOf('USERNAME_OR_PASSWORD_INCORRECT'));
  });

  it('an SSO user has no password to log in with', async () => {
    expect((await auth({ username: 'sso.user@acme.example', password: PASSWORD })).body).toEqual(failureOf('USERNAME_OR_PASSWORD_INCORRECT'));
  });

  it("a user's state shows only after a correct password", async () => {
    const cases: [string, string][] = [
      ['inactive@acme.example', 'INACTIVE_USER'],
      ['locked@acme.example', 'USER_LOCKED_OUT'],
      ['newhire@acme.example', 'PASSWORD_CHANGE_REQUIRED'],
    ];
    for (const [username, type] of cases) {
      expect((await auth({ username, password: PASSWORD })).body, username).toEqual(failureOf(type));
      expect((await auth({ username, password: 'wrong' })).body, username).toEqual(failureOf('USERNAME_OR_PASSWORD_INCORRECT'));
    }
  });

  it('rule 5.3: a member of no active tenant → FAILURE INACTIVE_USER', async () => {
    const { body } = await auth({ username: 'legacy@acme.example', password: PASSWORD });
    expect(body).toEqual(failureOf('INACTIVE_USER'));
    // Also when the inactive tenant is named.
    const named = await auth({ username: 'legacy@acme.example', password: PASSWORD, tenantDNS: 'archive.acme.example' });
    expect(named.body).toEqual(failureOf('INACTIVE_USER'));
  });

  it('user names are matched case-insensitively', async () => {
    const { body } = await auth({ username: 'Alice@ACME.example', password: PASSWORD });
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.userId).toBe(61002);
  });
});

describe('endpoint 1: no user enumeration', () => {
  fresh();

  it('unknown user and wrong password answer identically: body and headers apart from the execution id', async () => {
    // The same user name, known in one world and unknown in the other: nothing tells them apart.
    const fixtures = defaultFixtures();
    const without = structuredClone(fixtures);
    without.data.users = without.data.users.map((u) => (u.username === ALICE ? { ...u, username: 'alice.gone@acme.example' } : u));
    const other = authSim({ fixtures: without });
    const headers = (r: Response) => [...r.headers].filter(([k]) => k !== 'x-tenantapi-executionid');
    for (const hostHeader of <Record<string, string>[]>[{}, { Host: 'promo.acme.example' }, { Host: 'quality.acme.example' }]) {
      const wrong = await auth({ username: ALICE, password: 'not-the-password' }, { headers: hostHeader });
      const res = await other.call('POST', `/api/${V}/auth`, { form: { username: ALICE, password: 'not-the-password' }, headers: hostHeader });
      const unknown = { res, body: await res.json() };
      expect(unknown.body.errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
      expect(wrong.body).toEqual(unknown.body);
      expect(headers(wrong.res)).toEqual(headers(unknown.res));
      expect(wrong.res.headers.get('X-TenantAPI-ExecutionId')).toMatch(/\S{8,}/);
      expect(wrong.res.headers.get('X-TenantAPI-ExecutionId')).not.toBe(unknown.res.headers.get('X-TenantAPI-ExecutionId'));
      expect(wrong.res.headers.get('X-TenantAPI-UserId')).toBeNull();
    }
    expect(other.breaches).toEqual([]);
    // In one world: an unknown name and a known one with a wrong password differ only by the echoed name.
    const a = await auth({ username: 'nobody@acme.example', password: PASSWORD });
    const b = await auth({ username: 'bob@acme.example', password: 'nope' });
    expect(JSON.stringify(b.body).replace('bob@acme.example', 'nobody@acme.example')).toBe(JSON.stringify(a.body));
    expect(headers(b.res)).toEqual(headers(a.res));
  });
});

describe('endpoint 1: XML (gaps.md §8)', () => {
  shared();

  const parser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'tenant' || name === 'error' });

  it('answers a session as <VersionedAuthRestResult>', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: ALICE, password: PASSWORD }, headers: { Accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    const text = await res.text();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?><VersionedAuthRestResult>')).toBe(true);
    const doc = parser.parse(text);
    const r = doc.VersionedAuthRestResult;
    expect(r.responseStatus).toBe('SUCCESS');
    expect(r.userId).toBe('61002');
    expect(r.tenantId).toBe('1002');
    expect(r.sessionId).toMatch(/^[0-9A-F]{32,}$/);
    expect(r.tenantIds.tenant).toEqual([
      { id: '1001', name: 'Acme PromoMats', url: `${BASE}/tenants/promo.acme.example/api` },
      { id: '1002', name: 'Acme QualityDocs', url: `${BASE}/tenants/quality.acme.example/api` },
    ]);
    expect(res.headers.get('X-TenantAPI-Status')).toBe('SUCCESS');
    // The XML session works like the JSON one.
    expect((await sim.json('GET', `/api/${V}`, r.sessionId)).responseStatus).toBe('SUCCESS');
  });

  it('answers a failure as <VersionedAuthRestResult> too', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: ALICE, password: 'x' }, headers: { Accept: 'application/xml' } });
    const r = parser.parse(await res.text()).VersionedAuthRestResult;
    expect(r).toEqual({
      responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED',
      errors: { error: [{ type: 'USERNAME_OR_PASSWORD_INCORRECT', message: expect.any(String) }] },
    });
  });

  it('escapes text: markup in an echoed value stays text', async () => {
    const res = await sim.call('POST', `/api/${V}/auth`, {
      headers: { Accept: 'application/xml', 'Content-Type': 'text/x-<b>&"' }, body: 'username=a',
    });
    const text = await res.text();
    expect(text).not.toContain('<b>');
    expect(text).toContain('text/x-&lt;b&gt;&amp;');
    const r = new XMLParser({ parseTagValue: false, processEntities: true }).parse(text).VersionedAuthRestResult;
    expect(r.responseStatus).toBe('FAILURE');
    expect(r.errors.error.type).toBe('INVALID_DATA');
    expect(r.errors.error.message).toBe('Invalid value [text/x-<b>&"] for parameter [Content-Type] specified');
  });
});
