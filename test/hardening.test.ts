/**
 * Client mistakes and hostile input: each answers a clear FAILURE (never a 500 or a hang) and
 * changes nothing; outbound calls stay within the fixtures' allowed hosts.
 */
import { createServer } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchAllowedJson, outboundCalls } from '../src/domain/auth/outbound';
import { UsageLog } from '../src/domain/usage';
import { contentDisposition } from '../src/http/respond';
import { type TestSim, V, testSim } from './helpers/sim';

let sim: TestSim;
afterEach(() => expect(sim?.breaches ?? []).toEqual([]));
const failure = (type: string, message: string) => ({ responseStatus: 'FAILURE', errors: [{ type, message }] });

describe('addresses', () => {
  it('a tenant prefix that is not percent-decodable, or names no tenant, is MALFORMED_URL', async () => {
    sim = testSim();
    expect(await sim.json('GET', '/tenants/%E0/api/')).toEqual(failure('MALFORMED_URL', 'The requested URL [/tenants/%E0/api/] is not valid.'));
    expect(await sim.json('GET', '/tenants/nowhere.example/api/')).toEqual(failure('MALFORMED_URL', 'The requested URL [/tenants/nowhere.example/api/] is not valid.'));
    // A login there still finds the user's most relevant tenant (rule 5.2).
    const login = await sim.json('POST', `/tenants/nowhere.example/api/${V}/auth`, undefined, { form: { username: 'bob@acme.example', password: 'Passw0rd!' } });
    expect(login.tenantId).toBe(1001);
  });
});

describe('parameters', () => {
  it('the first of repeated query parameters wins', async () => {
    sim = testSim();
    const bob = await sim.login('bob@acme.example');
    const res = await sim.json('GET', `/api/${V}/objects/documents?limit=2&limit=500`, bob);
    expect(res.responseStatus).toBe('SUCCESS');
    expect(res.limit).toBe(2);
    expect(res.documents).toHaveLength(2);
  });

  it('integer ids beyond the exact range: above 2^63−1 invalid, below it a resource that does not exist; messages echo the text sent', async () => {
    sim = testSim();
    const bob = await sim.login('bob@acme.example');
    const get = (id: string) => sim.json('GET', `/api/${V}/objects/documents/${id}`, bob);
    expect(await get('99999999999999999999')).toEqual(failure('INVALID_DATA', 'Invalid value [99999999999999999999] for parameter [doc_id] specified'));
    expect(await get('9223372036854775808')).toEqual(failure('INVALID_DATA', 'Invalid value [9223372036854775808] for parameter [doc_id] specified'));
    expect(await get('9223372036854775807')).toEqual(failure('INVALID_DATA', 'The resource [9223372036854775807] does not exist'));
    expect(await get('9007199254740993')).toEqual(failure('INVALID_DATA', 'The resource [9007199254740993] does not exist'));
    expect(await get('12abc')).toEqual(failure('INVALID_DATA', 'Invalid value [12abc] for parameter [doc_id] specified'));
  });
});

describe('bodies', () => {
  it('a body of a type the operation does not take is refused by its Content-Type, whatever its size', async () => {
    sim = testSim();
    const res = await sim.json('POST', `/api/${V}/auth`, undefined, { headers: { 'Content-Type': 'text/plain' }, body: 'x'.repeat(11 * 1024 * 1024) });
    expect(res).toEqual(failure('INVALID_DATA', 'Invalid value [text/plain] for parameter [Content-Type] specified'));
  });

  it('only file-taking operations accept uploads beyond the 10 MB body bound', async () => {
    sim = testSim();
    const form = new FormData();
    form.append('username', 'alice@acme.example');
    form.append('password', 'x'.repeat(11 * 1024 * 1024));
    expect(await sim.json('POST', `/api/${V}/auth`, undefined, { body: form })).toEqual(
      failure('INVALID_DATA', 'The request body is larger than the maximum of 10485760 bytes.'),
    );
  });

  it('a login without a password consumes no attempt of the burst', async () => {
    sim = testSim();
    const none = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example' } });
    expect((await none.json()).errors[0].type).toBe('NO_PASSWORD_PROVIDED');
    const ok = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example', password: 'Passw0rd!' } });
    expect(ok.headers.get('x-tenantapi-burstlimitremaining')).toBe('59');
  });

  it('endpoint 6 takes client_id from a GET form body (as real clients send it)', async () => {
    sim = testSim();
    const { port } = await sim.listen();
    try {
      const admin = await sim.login('tenant.admin@acme.example');
      const body = 'username=tenant.admin%40acme.example&client_id=form-app';
      const answer = await new Promise<string>((resolve, reject) => {
        const r = request({ host: '127.0.0.1', port, method: 'GET', path: `/api/${V}/objects/domains`, headers: {
          Authorization: admin, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body),
        } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(text));
        });
        r.on('error', reject);
        r.end(body);
      });
      expect(JSON.parse(answer).responseStatus).toBe('SUCCESS');
      const csv = await (await sim.call('GET', `/api/${V}/logs/api_usage?date=2026-01-15`, { headers: { Authorization: admin } })).text();
      expect(csv).toMatch(/GET,\/api\/v25\.3\/objects\/domains,v25\.3,SUCCESS,form-app,/);
    } finally {
      await sim.close();
    }
  });
});

describe('answers', () => {
  it('XML answers never carry characters XML cannot hold', async () => {
    sim = testSim();
    const res = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'a\u0001b\u001bc@x.example', password: 'x' }, headers: { Accept: 'application/xml' } });
    const text = await res.text();
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(text).toContain('a\uFFFDb\uFFFDc@x.example');
  });

  it('an unforeseen defect answers XML when asked, with the execution id', async () => {
    sim = testSim({ handlers: { listVersions: () => { throw new Error('boom'); } } });
    const res = await sim.call('GET', '/api/', { headers: { Accept: 'application/xml' } });
    sim.breaches.length = 0;
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    expect(await res.text()).toContain(`execution id ${res.headers.get('x-tenantapi-executionid')}`);
  });

  it('OAuth endpoints answer input errors in OAuth shape', async () => {
    sim = testSim();
    const res = await sim.call('POST', '/oauth2/token', { form: { code: 'x' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'Missing required parameter [grant_type]' });
  });

  it('Content-Disposition: quoted ASCII filename, RFC 5987 filename* for the rest', () => {
    expect(contentDisposition('report "final".pdf')).toBe('attachment;filename="report \\"final\\".pdf"');
    expect(contentDisposition("a'b(c)*!ü.txt")).toBe(`attachment;filename="a'b(c)*!_.txt";filename*=UTF-8''a%27b%28c%29%2A%21%C3%BC.txt`);
    expect(contentDisposition('x\r\nSet-Cookie: y')).not.toMatch(/[\r\n]/);
  });

  it('usage-log CSV cells a spreadsheet would run as formulas are kept as text', () => {
    const csv = UsageLog.csv([{ time: 0, executionId: 'e', method: 'GET', endpoint: '/api', responseStatus: 'SUCCESS', clientId: 'unknown', referenceId: '=HYPERLINK("http://x")', delayMs: 0, durationMs: 1 }]);
    expect(csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});

describe('outbound calls', () => {
  it('go only to allowed hosts, never follow a redirect, and read a bounded body', async () => {
    let hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === '/redirect') res.writeHead(302, { Location: '/target' }).end();
      else if (req.url === '/big') res.writeHead(200, { 'Content-Type': 'application/json' }).end(`"${'x'.repeat(70 * 1024)}"`);
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const before = outboundCalls.count;
      expect(await fetchAllowedJson(`http://${host}/ok`, {}, [])).toBeUndefined();
      expect(outboundCalls.count).toBe(before);
      expect(hits).toEqual([]);
      expect(await fetchAllowedJson(`http://${host}/ok`, {}, [host])).toEqual({ ok: true });
      hits = [];
      expect(await fetchAllowedJson(`http://${host}/redirect`, {}, [host])).toBeUndefined();
      expect(hits).toEqual(['/redirect']);
      expect(await fetchAllowedJson(`http://${host}/big`, {}, [host])).toBeUndefined();
      expect(await fetchAllowedJson('file:///etc/passwd', {}, [''])).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe('memory', () => {
  it('expired sessions are swept as new ones are made', async () => {
    sim = testSim({ settings: { throttling: false } });
    for (let i = 0; i < 5; i++) await sim.login('bob@acme.example');
    expect(sim.world.sessions.size).toBe(5);
    sim.clock.advance(21 * 60_000);
    await sim.login('bob@acme.example');
    expect(sim.world.sessions.size).toBe(1);
  });
});
