/** The core, through the real app: routing from the document, errors, XML, addresses, validation. */
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../src/simulator';
import { BASE, type TestSim, testSim } from './helpers/sim';

let sim: TestSim;
afterEach(() => expect(sim.breaches).toEqual([]));

const versions = ['v19.1', 'v19.2', 'v19.3', ...[20, 21, 22, 23, 24, 25].flatMap((y) => [1, 2, 3].map((m) => `v${y}.${m}`))];

describe('version list (endpoint 4)', () => {
  it('lists the fixture versions, each mapped to its address, in JSON', async () => {
    sim = testSim();
    const res = await sim.call('GET', '/api/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(res.headers.get('x-tenantapi-status')).toBe('SUCCESS');
    const body = await res.json();
    expect(body).toEqual({ responseStatus: 'SUCCESS', values: Object.fromEntries(versions.map((v) => [v, `${BASE}/api/${v}`])) });
  });

  it('answers each listed address, with a session, with the version list: a client reading values[version] gets that address (gaps.md §12)', async () => {
    sim = testSim();
    const session = await sim.login('alice@acme.example');
    const list = await sim.json('GET', '/api/');
    for (const [v, address] of Object.entries(list.values as Record<string, string>)) {
      const check = await sim.json('GET', address, session);
      expect(check).toEqual(list);
      expect(check.values[v]).toBe(`${BASE}/api/${v}`);
    }
    expect(await sim.json('GET', `/api/${Object.keys(list.values)[0]}`, 'NOT-A-SESSION')).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }],
    });
  });

  it('GET /api/ is public without Authorization, and checks a presented session (gaps.md §12)', async () => {
    sim = testSim();
    const session = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const open = await sim.call('GET', '/api/');
    expect(open.headers.get('X-TenantAPI-UserId')).toBeNull();
    const checked = await sim.call('GET', '/api/', { headers: { Authorization: `Bearer ${session}` } });
    expect(await checked.json()).toEqual(await open.json());
    expect(checked.headers.get('X-TenantAPI-UserId')).toBe(String(sim.world.users.byUsername('alice@acme.example')!.id));
    expect(checked.headers.get('X-TenantAPI-TenantId')).toBe('1001');
    const bad = await sim.call('GET', '/api/', { headers: { Authorization: 'ABCDEF' } });
    expect(await bad.json()).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }] });
  });

  it('answers in XML when Accept asks for it, escaped by the XML library', async () => {
    sim = testSim();
    const res = await sim.call('GET', '/api/', { headers: { Accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    const xml = new XMLParser().parse(await res.text());
    expect(xml.MapRestResult.responseStatus).toBe('SUCCESS');
    expect(xml.MapRestResult.values['v25.3']).toBe(`${BASE}/api/v25.3`);
    const bad = await sim.call('POST', '/api/v25.3/auth', { form: { username: 'a<b>&"c"@x.example', password: 'x' }, headers: { Accept: 'application/xml' } });
    const text = await bad.text();
    expect(text).toContain('a&lt;b&gt;&amp;');
    expect(new XMLParser().parse(text).VersionedAuthRestResult.errors.error.message).toBe('Authentication failed for user [a<b>&"c"@x.example].');
  });

  it('accepts a trailing slash, repeated slashes, and the version root without one', async () => {
    sim = testSim();
    expect((await sim.json('GET', '//api//')).responseStatus).toBe('SUCCESS');
    expect((await sim.json('GET', '/api')).responseStatus).toBe('SUCCESS');
  });

  it('builds addresses from the tenant prefix and from the Host header', async () => {
    sim = testSim();
    const prefixed = await sim.json('GET', '/tenants/promo.acme.example/api/');
    expect(prefixed.values['v25.3']).toBe(`${BASE}/tenants/promo.acme.example/api/v25.3`);
    const hosted = await sim.json('GET', 'http://promo.acme.example:8080/api/', undefined, { headers: { Host: 'promo.acme.example:8080' } });
    expect(hosted.values['v25.3']).toBe('http://promo.acme.example:8080/api/v25.3');
  });

  it('builds every address from --public-url', async () => {
    const s = createSimulator({ publicUrl: 'https://dms.example.test/sim/' });
    const body = await (await s.fetch(new Request('http://127.0.0.1:9/api/'))).json();
    expect(body.values['v25.3']).toBe('https://dms.example.test/sim/api/v25.3');
    sim = testSim();
  });
});

describe('error model', () => {
  const failure = (type: string) => ({ responseStatus: 'FAILURE', errors: [{ type, message: expect.any(String) }] });

  it('answers an unknown path with MALFORMED_URL, HTTP 200', async () => {
    sim = testSim();
    const res = await sim.call('GET', '/api/v25.3/no/such/thing');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tenantapi-status')).toBe('FAILURE');
    expect(await res.json()).toEqual(failure('MALFORMED_URL'));
    expect(await sim.json('GET', '/favicon.ico')).toEqual(failure('MALFORMED_URL'));
  });

  it('answers a wrong method, and a version the list does not hold, with METHOD_NOT_SUPPORTED', async () => {
    sim = testSim();
    expect(await sim.json('DELETE', '/api/')).toEqual(failure('METHOD_NOT_SUPPORTED'));
    expect(await sim.json('PUT', '/api/v25.3/objects/documents')).toEqual(failure('METHOD_NOT_SUPPORTED'));
    const session = await sim.login('alice@acme.example');
    const res = await sim.json('GET', '/api/v99.1/objects/documents', session);
    expect(res).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'METHOD_NOT_SUPPORTED', message: 'API version [v99.1] is not supported.' }] });
    expect(await sim.json('GET', '/api/latest', session)).toEqual(failure('METHOD_NOT_SUPPORTED'));
  });

  it('answers a missing or unknown session with INVALID_SESSION_ID', async () => {
    sim = testSim();
    expect(await sim.json('GET', '/api/v25.3/objects/domains')).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }] });
    expect(await sim.json('GET', '/api/v25.3/objects/domains', 'ABCDEF0123456789')).toEqual(failure('INVALID_SESSION_ID'));
  });

  it('validates parameters from the document: missing → PARAMETER_REQUIRED, wrong type → INVALID_DATA', async () => {
    sim = testSim();
    expect(await sim.json('POST', '/api/v25.3/auth', undefined, { form: { password: 'x' } })).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [username]' }],
    });
    const admin = await sim.login('domain.admin@acme.example');
    expect(await sim.json('GET', '/api/v25.3/objects/domain?include_application=maybe', admin)).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'Invalid value [maybe] for parameter [include_application] specified' }],
    });
    expect(await sim.json('POST', '/auth/discovery')).toEqual(failure('PARAMETER_REQUIRED'));
  });

  it('answers a malformed or unsupported body with INVALID_DATA, and changes nothing', async () => {
    sim = testSim();
    const broken = await sim.json('POST', '/api/v25.3/auth', undefined, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="username"\r\n\r\nalice',
    });
    expect(broken).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The request body could not be read as multipart/form-data.' }] });
    const json = await sim.json('POST', '/api/v25.3/auth', undefined, { headers: { 'Content-Type': 'application/json' }, body: '{"username":"alice@acme.example"}' });
    expect(json).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'Invalid value [application/json] for parameter [Content-Type] specified' }] });
    // Neither attempt was counted against the login burst.
    const ok = await sim.call('POST', '/api/v25.3/auth', { form: { username: 'alice@acme.example', password: 'Passw0rd!' } });
    expect(ok.headers.get('x-tenantapi-burstlimitremaining')).toBe('59');
  });

  it('bounds request bodies', async () => {
    sim = testSim();
    const big = 'x'.repeat(10 * 1024 * 1024 + 1);
    const res = await sim.json('POST', '/api/v25.3/auth', undefined, { form: { username: 'alice@acme.example', password: big } });
    expect(res).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The request body is larger than the maximum of 10485760 bytes.' }] });
  });

  it('answers a defect with 500 UNEXPECTED_ERROR and the execution id, never a stack trace', async () => {
    sim = testSim({ handlers: { listVersions: () => { throw new Error('boom at /secret/path.ts:12'); } } });
    const res = await sim.call('GET', '/api/');
    sim.breaches.length = 0;
    expect(res.status).toBe(500);
    const body = await res.json();
    const id = res.headers.get('x-tenantapi-executionid');
    expect(body).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'UNEXPECTED_ERROR', message: `An unexpected error occurred (execution id ${id}).` }] });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('fails loudly when an answer breaks the OpenAPI document (--validate-responses)', async () => {
    sim = testSim({ handlers: { listVersions: () => ({ body: { responseStatus: 'SUCCESS', values: 'not a map' } }) } });
    const res = await sim.call('GET', '/api/');
    expect(res.status).toBe(500);
    expect(sim.breaches).toHaveLength(1);
    expect(sim.breaches[0]).toContain('listVersions');
    sim.breaches.length = 0;
  });
});

describe('simulator instances', () => {
  it('keep their own state', async () => {
    sim = testSim();
    const other = testSim();
    const session = await sim.login('alice@acme.example');
    expect((await sim.json('GET', '/api/v25.3', session)).responseStatus).toBe('SUCCESS');
    expect((await other.json('GET', '/api/v25.3', session)).errors[0].type).toBe('INVALID_SESSION_ID');
  });
});
